#pragma once
#include "latency_model.h"
#include "octopus_params.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <unordered_map>

namespace orrery::plugins::octopus {

//! Octopus (seed 000 §II-B): predict the unit's latency on each compute kind it can use, take
//! the fastest kind (meeting its SLO, see SloPolicy) that has a feasible node now, and place it
//! there. The latency model also sees the contention on a node (its CPU and memory-bandwidth
//! utilization), so among the first kNodesScored feasible nodes of a kind the one with the
//! lowest predicted latency wins (the first on ties: first-fit when pressure does not matter).
//! FractionOfHeldOutDevices keeps a share p of each accelerator kind for units that can run only there.
class OctopusPolicy : public policy::PlacementPolicy {
public:
    //! Throws std::invalid_argument when the context carries no model (or an unreadable one).
    explicit OctopusPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

    //! Predicted seconds of a unit on each compute kind (index = ComputeKind); only the kinds in
    //! `known` are filled.
    struct Predictions {
        std::array<double, model::kComputeKindCount> seconds{};
        model::ComputeKindSet known = 0;
    };
    //! The unit's predicted latency on every kind in its computeOptions, from the cache or from
    //! one batched XGBoost call for the kinds not cached yet.
    const Predictions& predict(const policy::PendingUnit& unit, NodePressure pressure = {});
    //! Feasible nodes scored per compute kind: bounds the decision cost on large clusters.
    static constexpr std::size_t kNodesScored = 8;
    //! Pressure is quantized to 1/kPressureSteps for the prediction cache.
    static constexpr double kPressureSteps = 20.0;
    [[nodiscard]] std::size_t cachedUnits() const { return m_cache.size(); }
    //! Entries kept before the cache is cleared (units whose requests vary continuously would
    //! otherwise grow it without bound).
    static constexpr std::size_t kMaxCachedUnits = std::size_t{1} << 16;

    [[nodiscard]] const LatencyModel& model() const { return m_model; }

private:
    //! The features of a unit other than its compute kind; names as vocabulary indices (−1: unknown).
    struct UnitKey {
        std::int32_t service = -1;
        std::int32_t dependsOn = -1;
        std::int64_t millicores = 0;
        std::int64_t memoryBytes = 0;
        std::int64_t diskBytes = 0;
        std::int32_t cpuBin = 0;
        std::int32_t memoryBin = 0;
        friend bool operator==(const UnitKey&, const UnitKey&) = default;
    };
    struct UnitKeyHash {
        std::size_t operator()(const UnitKey& key) const;
    };

    //! The quantized pressure of a node, as the cache and the model see it.
    [[nodiscard]] static NodePressure quantizedPressure(const policy::ClusterView& cluster, std::uint32_t node);
    //! True when every node of `nodes` has the same quantized pressure (predictions cannot differ).
    [[nodiscard]] static bool samePressure(std::span<const std::uint32_t> nodes, const policy::ClusterView& cluster);
    //! Of `nodes` (feasible for `kind`), the one with the lowest predicted latency; its seconds.
    std::pair<std::uint32_t, double> bestNode(const policy::PendingUnit& unit, model::ComputeKind kind,
                                              std::span<const std::uint32_t> nodes, const policy::ClusterView& cluster);
    [[nodiscard]] model::ComputeKind choose(const Predictions& predictions, model::ComputeKindSet candidates,
                                            sim::SimTime slo) const;

    LatencyModel m_model;
    OctopusParams m_params;
    std::unordered_map<UnitKey, Predictions, UnitKeyHash> m_cache;
};

} // namespace orrery::plugins::octopus
