#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::plugins {

//! The LibTorch-trained output-length predictor (core/learn OutputLengthClassifier, ordinal
//! classes with an MSE loss: μ-Serve's choice, seed 001 §6.3.3) as speculative SJF's estimator.
//! It learns from completed requests: every `retrainEvery` completions (once `minSamples` are
//! in) it retrains from scratch on the last `window` of them, features one-hot(model) and
//! log(1 + input tokens), then tabulates its prediction for every model and input-length bucket
//! (OutputLengthPredictor::bucketOf), as the mean output of the training rows of the predicted
//! class — so a request's estimate is a table lookup, not a network forward pass.
class TorchLengthTable {
public:
    struct Options {
        std::size_t window = 8192;
        std::size_t retrainEvery = 2048;
        std::size_t minSamples = 512;
        std::size_t epochs = 10;
        std::uint64_t seed = 1;
    };

    explicit TorchLengthTable(Options options);

    void learn(std::string_view model, std::uint32_t inputTokens, std::uint32_t outputTokens);
    //! Predicted output tokens, or none before the first training or for a model it has not seen.
    [[nodiscard]] std::optional<double> predictedTokens(std::string_view model, std::uint32_t inputTokens) const;
    [[nodiscard]] std::size_t retrains() const { return m_retrains; }

private:
    struct Sample {
        std::uint32_t model = 0;
        std::uint32_t inputTokens = 0;
        std::uint32_t outputTokens = 0;
    };
    void retrain();
    [[nodiscard]] std::uint32_t modelIndex(std::string_view model);

    Options m_options;
    std::vector<std::string> m_models;
    std::deque<Sample> m_samples;
    std::size_t m_sinceTraining = 0;
    std::size_t m_retrains = 0;
    std::vector<std::vector<double>> m_table;       //!< [model][bucket] predicted tokens; empty row: not trained
};

} // namespace orrery::plugins
