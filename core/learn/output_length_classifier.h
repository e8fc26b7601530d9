#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! How OutputLengthClassifier is trained: the five rows of seed 001 Table 6.2 (§6.4.3).
enum class LengthObjective {
    OrdinalMse,   //!< one real output, MSE to the class index 0…4, rounded (μ-Serve's choice, §6.3.3)
    OrdinalL1,    //!< the same with an L1 loss
    CrossEntropy, //!< five logits, softmax cross-entropy, argmax (with class resampling by default)
    RegressionMse, //!< one real output, MSE to the standardised log(1 + length), bucketed by the percentiles
    RegressionL1,  //!< the same with an L1 loss (the median length)
};

//! A short name of the objective for tables ("ord-mse", "ord-l1", "cls-ce", "reg-mse", "reg-l1").
std::string_view objectiveName(LengthObjective objective);

//! Settings of OutputLengthClassifier. Sizes are ours (the seed fine-tunes BERT-Base on prompts;
//! here the inputs are a handful of numeric features, so a small MLP suffices).
struct OutputLengthClassifierConfig {
    LengthObjective objective = LengthObjective::OrdinalMse;
    std::size_t inputDim = 1;     //!< features per row
    std::size_t groups = 1;       //!< streams (models), each with its own percentile classes
    std::size_t hiddenUnits = 64; //!< width of each hidden layer (ReLU)
    std::size_t hiddenLayers = 2;
    std::size_t epochs = 30;      //!< passes over the training rows (or resampled rows)
    std::size_t batchSize = 256;
    double learningRate = 1e-3;   //!< Adam
    double weightDecay = 0;       //!< Adam's L2 term
    bool resample = true;         //!< CrossEntropy only: draw training rows class-balanced each epoch
    std::uint64_t seed = 0;       //!< initial weights, shuffles and resampling
};

//! What fit() did.
struct LengthTrainingReport {
    std::size_t rows = 0;
    std::size_t steps = 0;   //!< optimiser steps
    double finalLoss = 0;    //!< mean minibatch loss of the last epoch
    double seconds = 0;      //!< wall-clock training time
};

//! Seed 001 §6.3.3's output-length predictor over the features a trace has: lengths of each group
//! (model) fall into five classes by the group's percentiles of the *training* lengths —
//! [0,p25), [p25,p50), [p50,p75), [p75,p99), [p99,∞) → 0…4 — and a small MLP over standardised
//! features predicts the class, trained with one of Table 6.2's objectives. Percentiles are the
//! lower order statistic at ⌊q·(n−1)⌋ (as the ssjf plugin's OutputLengthPredictor).
//!
//! The classes are relative to each group, but the regressions predict the length itself, so
//! their features should identify the group (lengthFeatures' one-hot stream does).
//!
//! Deterministic for a seed on one thread (call makeTorchDeterministic first); the header
//! includes no LibTorch header (pimpl). Bad input throws std::invalid_argument naming it.
class OutputLengthClassifier {
public:
    static constexpr int kClasses = 5;
    using Boundaries = std::array<double, 4>; //!< p25, p50, p75, p99

    explicit OutputLengthClassifier(const OutputLengthClassifierConfig& config);
    ~OutputLengthClassifier();
    OutputLengthClassifier(OutputLengthClassifier&&) noexcept;
    OutputLengthClassifier& operator=(OutputLengthClassifier&&) noexcept;

    //! Trains from scratch on `features` (rows × inputDim, row-major), each row's `groups` entry
    //! (< config.groups) and true output `lengths` (tokens, ≥ 0). Computes each group's class
    //! boundaries from these lengths and the feature standardisation from these features.
    LengthTrainingReport fit(std::span<const float> features, std::span<const std::uint32_t> groups,
                             std::span<const double> lengths);

    //! The class 0…4 of each row. Requires fit().
    [[nodiscard]] std::vector<int> predictClasses(std::span<const float> features,
                                                  std::span<const std::uint32_t> groups) const;
    //! A real score per row, larger = longer, for ranking within a group: the ordinal output, the
    //! expected class under the softmax, or the predicted standardised log length. Requires fit().
    [[nodiscard]] std::vector<double> scores(std::span<const float> features,
                                             std::span<const std::uint32_t> groups) const;

    //! The class of `length` in `group` under the trained boundaries. Requires fit().
    [[nodiscard]] int classOf(std::uint32_t group, double length) const;
    [[nodiscard]] const Boundaries& boundaries(std::uint32_t group) const;
    [[nodiscard]] bool trained() const;
    [[nodiscard]] const OutputLengthClassifierConfig& config() const;

    //! p25, p50, p75, p99 of `lengths` (lower order statistic at ⌊q·(n−1)⌋); throws on empty input.
    static Boundaries percentileBoundaries(std::span<const double> lengths);
    //! The number of boundaries ≤ length: 0…4.
    static int classIn(const Boundaries& boundaries, double length);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

//! Table 6.2's metrics and the ranking figures SJF cares about, for classes 0…4.
struct LengthClassMetrics {
    std::size_t rows = 0;
    double accuracy = 0;
    double macroPrecision = 0; //!< mean over the classes that are true or predicted at least once
    double macroRecall = 0;
    double macroF1 = 0;
    double l1Error = 0;        //!< mean |predicted − true| class index
    double mse = 0;            //!< mean (predicted − true)² class index
    //! Kendall's τ-b between predicted and true class, stratified by group (pairs within a group).
    double kendallTau = 0;
    //! Of the pairs in one group with different true classes, the share whose scores are in the
    //! same order (a tie in score counts one half): the concordance index. NaN without scores.
    double pairwiseRanking = 0;
    std::array<std::size_t, 5> trueCounts{};
    std::array<std::size_t, 5> predictedCounts{};
};

//! Metrics of `predicted` against `truth` (both 0…4, one per row), pairs formed within `groups`;
//! `scores` may be empty (then pairwiseRanking is NaN). Throws std::invalid_argument on size
//! mismatches, empty input or a class outside 0…4.
LengthClassMetrics evaluateLengthClasses(std::span<const int> truth, std::span<const int> predicted,
                                         std::span<const std::uint32_t> groups, std::span<const double> scores = {});

} // namespace orrery::learn
