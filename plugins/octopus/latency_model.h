#pragma once
#include "model/compute_kind.h"
#include "model/resources.h"
#include "policy/placement_sample.h"
#include "xgboost_handles.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace orrery::plugins::octopus {

//! The columns of the feature matrix (seed 000 §II-B: CPU, memory and disk requirement,
//! dependent microservice, accelerator type), in order, plus the contention on the node (its CPU
//! and memory-bandwidth utilization, docs/model.md "Contention"). Units: millicores, bytes,
//! bytes, the three names categorical (vocabulary indices), then two utilization ratios.
enum class Feature : int { CpuMillicores = 0, MemoryBytes, DiskBytes, Service, DependsOn, ComputeKind, NodeCpuPressure, NodeMemoryPressure };
inline constexpr int kFeatureCount = 8;

//! A node's contention as Octopus's features see it (utilization ratios).
struct NodePressure {
    double cpu = 0.0;
    double memoryBandwidth = 0.0;
};
//! One row of the feature matrix, as XGBoost reads it (float32; NaN = missing).
using FeatureRow = std::array<float, kFeatureCount>;

//! How the trees are grown.
struct TreeOptions {
    int trees = 1;             //!< boosting rounds; 1 = the paper's single decision tree
    int maxDepth = 8;
    double learningRate = 1.0; //!< XGBoost's eta; 1 lets a single tree fit the targets fully
    bool logTarget = true;     //!< regress log(seconds) instead of seconds
    std::uint64_t seed = 0;
};

//! Octopus's latency predictor: XGBoost regression trees (nthread 1, fixed seed, so the same
//! samples give byte-identical models) over the features above, with the vocabulary that maps
//! service names to categories. Predictions depend on the unit, the compute kind and the
//! contention on the node.
//!
//! Serialized form (toBytes): the line "orrery-octopus-model 2" (1: before the pressure features), a line of compact JSON with
//! the vocabulary and options, then XGBoost's own UBJSON model (XGBoosterSaveModelToBuffer).
class LatencyModel {
public:
    //! Trains on the samples at `rows`. Every listed sample must have a finite latency > 0.
    //! Throws std::invalid_argument for an empty row set, XGBoostError when XGBoost fails.
    static LatencyModel train(const std::vector<policy::PlacementSample>& samples, std::span<const std::size_t> rows,
                              const TreeOptions& options);
    //! Reads what toBytes() wrote. Throws std::invalid_argument saying what is wrong.
    static LatencyModel fromBytes(std::span<const std::uint8_t> bytes);
    [[nodiscard]] std::vector<std::uint8_t> toBytes() const;

    LatencyModel(LatencyModel&&) noexcept = default;
    LatencyModel& operator=(LatencyModel&&) noexcept = default;
    LatencyModel(const LatencyModel&) = delete;
    LatencyModel& operator=(const LatencyModel&) = delete;
    ~LatencyModel() = default;

    //! The row for a unit run on `kind`. Names outside the vocabulary become missing values
    //! (the trees' default branches).
    [[nodiscard]] FeatureRow featuresOf(std::string_view service, std::string_view dependsOn,
                                        const model::Resources& request, std::int64_t diskBytes,
                                        model::ComputeKind kind, NodePressure pressure = {}) const;
    [[nodiscard]] FeatureRow featuresOf(const policy::PlacementSample& sample) const;

    //! Predicted latency in seconds of each row, computed in one XGBoost call
    //! (XGBoosterPredictFromDense). `out` must have rows.size() elements.
    void predictSeconds(std::span<const FeatureRow> rows, std::span<double> out) const;

    //! The category of a service name as a feature value; NaN when the name is unknown.
    [[nodiscard]] float categoryOf(std::string_view name) const;
    //! Service names by category; index 0 is "" (no dependency).
    [[nodiscard]] const std::vector<std::string>& vocabulary() const { return m_vocabulary; }
    [[nodiscard]] const TreeOptions& options() const { return m_options; }

private:
    LatencyModel(BoosterPtr booster, std::vector<std::string> vocabulary, TreeOptions options);

    BoosterPtr m_booster;
    std::vector<std::string> m_vocabulary;
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
    };
    std::unordered_map<std::string, float, NameHash, std::equal_to<>> m_categories; //!< inverse of m_vocabulary
    TreeOptions m_options;
};

} // namespace orrery::plugins::octopus
