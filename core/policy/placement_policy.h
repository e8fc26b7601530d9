#pragma once
#include "policy/cluster_view.h"
#include "policy/expected_pod.h"
#include "policy/gpu_cluster_view.h"
#include "policy/gpu_placement.h"
#include "policy/pending_unit.h"
#include "policy/placement_decision.h"
#include "policy/serving_plan.h"
#include "sim/sim_time.h"

#include <cstddef>
#include <numeric>
#include <optional>
#include <vector>

namespace orrery::policy {

//! Decision point "placement" (the Kubernetes scheduling framework's filter+score, in one call):
//! choose a node for a pending unit given the current cluster, or defer.
class PlacementPolicy {
public:
    virtual ~PlacementPolicy() = default;
    virtual PlacementDecision place(const PendingUnit& unit, const ClusterView& cluster) = 0;
    //! The scheduling queue (the framework's QueueSort; seed 002 Alg. 1 lines 1–3): given every unit
    //! waiting in this round, the indices of those to place now, in the order to place them; any
    //! left out wait for the next round. Kinds that place in rounds call it before place() (model
    //! serving's scale-outs of one control period). Default: all of them, in the order given.
    //! Added in plugin ABI 10, policy API 1.5.
    virtual std::vector<std::size_t> admit(const std::vector<PendingUnit>& pending, sim::SimTime now)
    {
        (void)now;
        std::vector<std::size_t> all(pending.size());
        std::iota(all.begin(), all.end(), std::size_t{0});
        return all;
    }

    //! Placement on a cluster whose GPUs are shared by fraction (docs/model.md, "GPU sharing"):
    //! the unit asks `gpus` (whole GPUs, or a share of one; unit.request holds its CPU and memory
    //! and as many GPUs as it holds whole); the answer names the node and, for a share, the GPU.
    //! The host calls it only on plugins whose compatVersion is 1.6 or later; on others it calls
    //! place() as below. Default: place() with a share asking one free GPU, so a policy unaware
    //! of sharing never puts a share where no GPU is left; the host then picks the GPU.
    //! Added in policy API 1.6.
    virtual GpuPlacement placeOnGpus(const PendingUnit& unit, const model::GpuRequest& gpus, const GpuClusterView& cluster)
    {
        if (!gpus.shares())
            return {place(unit, cluster.cluster()), -1};
        PendingUnit wholeGpu = unit;
        wholeGpu.request.deviceCount(model::DeviceKind::Gpu) = 1;
        return {place(wholeGpu, cluster.cluster()), -1};
    }

    //! The workload the host expects to place (shapes and their popularity), before the first
    //! placeOnGpus(); fragmentation-aware policies measure free GPUs against it. Called again when
    //! the expectation changes. Default: ignored. Added in policy API 1.6.
    virtual void expectWorkload(const std::vector<ExpectedPod>& workload) { (void)workload; }

    //! Model serving: before the first replica is placed, how each model is split and how many
    //! replicas it gets (AlpaServe's placement search chooses both; Li et al., OSDI '23, §4). The
    //! host calls it only on plugins whose compatVersion is 1.7 or later. Default: no plan, the
    //! scenario's declared stages and replicas stand. Added in policy API 1.7.
    virtual std::optional<ServingPlan> planServing(const ServingPlanRequest& request, const ClusterView& cluster)
    {
        (void)request;
        (void)cluster;
        return std::nullopt;
    }
};

} // namespace orrery::policy
