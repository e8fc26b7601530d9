#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace orrery::plugins {

//! Online ordinal predictor of an autoregressive request's output length (seed 001 §6.3.3),
//! learned from completed requests only. Per model it keeps the last `window` output lengths,
//! whose percentiles p25, p50, p75, p99 define the five classes [0,p25) … [p99,∞); per model and
//! input-token bucket (⌊log2(inputTokens+1)⌋) it counts the classes of what completed. The
//! prediction is the expected class index — the MSE-optimal real value of the seed's ordinal
//! regression — with the bucket's counts shrunk towards the model's by `priorWeight` pseudo-
//! samples. An exact cache maps (model, inputHash) to the length last seen for that input.
class OutputLengthPredictor {
public:
    static constexpr int kClasses = 5;
    static constexpr int kBuckets = 24; //!< input-token buckets: ⌊log2(n+1)⌋, the last one open

    struct Options {
        std::size_t window = 8192;          //!< lengths per model the percentiles come from
        double priorWeight = 4;             //!< pseudo-samples of the model's distribution in each bucket
        std::size_t cacheCapacity = 65536;  //!< exact lengths kept (oldest evicted first)
    };

    OutputLengthPredictor();
    explicit OutputLengthPredictor(Options options);

    //! Learns from one completed request.
    void learn(std::string_view model, std::uint32_t inputTokens, std::uint64_t inputHash, std::uint32_t outputTokens);

    //! Expected class index in [0, 4] for a request of `model` with `inputTokens`; none before
    //! anything of that model completed.
    [[nodiscard]] std::optional<double> expectedClass(std::string_view model, std::uint32_t inputTokens) const;
    //! expectedClass rounded to the nearest class (the seed's inference step).
    [[nodiscard]] std::optional<int> predictedClass(std::string_view model, std::uint32_t inputTokens) const;
    //! Predicted output tokens: the exact length when the input is cached, otherwise the expected
    //! class mapped through the model's mean length per class (linear between neighbours).
    [[nodiscard]] std::optional<double> predictedTokens(std::string_view model, std::uint32_t inputTokens,
                                                        std::uint64_t inputHash) const;
    //! The cached exact length of this input (inputHash 0: never cached).
    [[nodiscard]] std::optional<std::uint32_t> cached(std::string_view model, std::uint64_t inputHash) const;

    //! The class of `outputTokens` under the model's current percentiles; none for an unknown model.
    [[nodiscard]] std::optional<int> classOf(std::string_view model, std::uint32_t outputTokens) const;
    //! The model's current class boundaries p25, p50, p75, p99 (none for an unknown model).
    [[nodiscard]] std::optional<std::array<double, 4>> boundaries(std::string_view model) const;

    [[nodiscard]] static int bucketOf(std::uint32_t inputTokens);

private:
    struct ModelStats {
        std::string name;
        struct Sample {
            std::uint32_t outputTokens = 0;
            std::uint8_t bucket = 0;
        };
        std::vector<Sample> window;              //!< ring buffer of recent completions
        std::size_t next = 0;                    //!< ring position
        std::uint64_t seen = 0;
        std::uint64_t nextRefresh = 1;
        std::array<double, 4> boundaries{};      //!< p25, p50, p75, p99
        std::array<double, kClasses> classMean{}; //!< mean length per class (for tokens)
        std::array<double, kClasses> total{};     //!< class counts over all inputs
        std::array<std::array<double, kClasses>, kBuckets> bucket{}; //!< class counts per input bucket
        std::unordered_map<std::uint64_t, std::uint32_t> cache;  //!< inputHash → exact length
    };

    [[nodiscard]] const ModelStats* find(std::string_view model) const;
    ModelStats& findOrAdd(std::string_view model);
    void refresh(ModelStats& stats);
    [[nodiscard]] static int classIn(const ModelStats& stats, std::uint32_t outputTokens);
    void remember(std::size_t modelIndex, std::uint64_t inputHash, std::uint32_t outputTokens);

    Options m_options;
    std::vector<ModelStats> m_models; //!< a handful of models: a linear scan beats hashing
    std::size_t m_cacheSize = 0;
    std::vector<std::pair<std::size_t, std::uint64_t>> m_cacheOrder; //!< ring of (model, hash), FIFO eviction
    std::size_t m_cacheNext = 0;
};

} // namespace orrery::plugins
