#pragma once
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"
#include "model/gpu_share.h"
#include "model/node_pool_spec.h"
#include "policy/expected_pod.h"
#include "policy/placement_policy.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace orrery::fleet {

//! The fleet of a replay as a cluster: one single-node pool per node, named after it, in the given
//! order (the order in which placement policies break ties).
[[nodiscard]] model::ClusterSpec replayClusterSpec(const std::vector<AlibabaGpuNode>& nodes);

//! The node list sorted by name, then shuffled with the stream (seed, "gpu-replay-node-order"):
//! a tie between nodes goes to the one a random order puts first, as in the peer simulator.
[[nodiscard]] std::vector<AlibabaGpuNode> replayNodeOrder(std::vector<AlibabaGpuNode> nodes, std::uint64_t seed);

//! The cluster after one pod arrived (docs/fleet.md, "GPU sharing replay").
struct GpuReplayStep {
    std::int64_t arrivedMilli = 0;   //!< GPU demand of every pod so far, placed or not, this one included
    std::int64_t allocatedMilli = 0; //!< milli-GPU held in the cluster
    double fragmentedMilli = 0;      //!< Σ over nodes of their fragmentation against the target workload
    bool placed = false;             //!< whether this pod was placed
    std::size_t failedPods = 0;      //!< pods failed so far, this one included
};

struct GpuReplayResult {
    std::int64_t capacityMilli = 0;  //!< the fleet's GPUs × 1000
    std::vector<GpuReplayStep> steps; //!< one per pod, in arrival order
    std::size_t failedPods = 0;      //!< pods no node could take (or the policy deferred)
    std::int64_t failedMilli = 0;    //!< their GPU demand
    //! Decisions the cluster refused: a node (or GPU) on which the pod did not fit. Each is also
    //! a failed pod; a policy that filters as it should makes none.
    std::size_t refusedDecisions = 0;
    bool cancelled = false;
    //! Each node's GPUs after the last pod, nodes in the order given (what the Cluster view shows).
    std::vector<std::vector<model::GpuShare>> finalGpus;
};

//! Called every 1,000 pods and at the end with (pods done, pods in all); return false to stop.
using GpuReplayProgress = std::function<bool(std::size_t, std::size_t)>;

//! Replays `arrivals` in order on a cluster of `nodes` (in the order given) with one placement
//! policy, as the peer simulator's initial scheduling does: each pod is placed once (or fails for
//! good) and stays. A policy written for policy API 1.6 or later (`policyPlacesShares`) sees the
//! GPUs shared by fraction through placeOnGpus() and is told the target workload first; an older
//! one is asked place() for a share as for one free GPU and the GPU is the fullest it fits on.
//! Fragmentation is measured against `workload`.
[[nodiscard]] GpuReplayResult replayGpuSharing(const std::vector<AlibabaGpuNode>& nodes,
                                               const std::vector<AlibabaGpuPod>& arrivals,
                                               const std::vector<policy::ExpectedPod>& workload,
                                               policy::PlacementPolicy& policy, bool policyPlacesShares,
                                               const GpuReplayProgress& progress = {});

//! The peer's discrete curve (its experiments/analysis/merge_alloc_discrete.py): for each whole
//! percent x of GPU capacity in 0..maxPercent, the mean of `value` (a percent of capacity) over
//! the steps whose arrived demand rounds (half to even) to x, or over those within x ± 1 when none
//! does; NaN when there are none either.
[[nodiscard]] std::vector<double> byArrivedPercent(const GpuReplayResult& result, int maxPercent,
                                                   const std::function<double(const GpuReplayStep&)>& value);

} // namespace orrery::fleet
