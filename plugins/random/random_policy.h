#pragma once
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "sim/rng_stream.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace orrery::plugins {

//! Random (seed 000 §II-A): probe nodes drawn uniformly at random, without replacement, until
//! one fits; defer after `maxProbes` misses (default: every node). With `exploreCompute`, first
//! draw the compute kind uniformly among the unit's computeOptions that have a feasible node,
//! so traces collected for training cover every kind.
class RandomPolicy : public policy::PlacementPolicy {
public:
    //! Throws std::invalid_argument when the context has no random stream.
    explicit RandomPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    //! On shared GPUs: a node drawn as above among those the pod fits, and for a share a GPU drawn
    //! uniformly among those of the node it fits (Weng et al., ATC '23 §5.1, "Random-fit").
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override;

private:
    //! Probes for a node that fits `request` (and `deviceModel`), drawing without replacement.
    std::optional<std::uint32_t> probe(const model::Resources& request, const std::string& deviceModel,
                                       const policy::ClusterView& cluster);
    //! Probes nodes 0..count−1 in random order for one `fits` accepts.
    std::optional<std::uint32_t> probe(std::uint32_t count, const std::function<bool(std::uint32_t)>& fits);
    //! exploreCompute: the kinds of `unit` with a feasible node now, drawn uniformly.
    std::optional<model::ComputeKind> drawComputeKind(const policy::PendingUnit& unit,
                                                      const policy::ClusterView& cluster);

    sim::RngStream& m_rng;
    std::int64_t m_maxProbes = 0; //!< 0: as many as there are nodes
    bool m_exploreCompute = false;
    //! Node ids, permuted in place by the partial Fisher–Yates draws. The draws are uniform
    //! whatever order earlier decisions left it in, so it is never reset (no O(nodes) per call).
    std::vector<std::uint32_t> m_order;
};

} // namespace orrery::plugins
