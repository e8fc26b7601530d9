#pragma once
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"
#include "fleet/gpu_sharing_replay.h"
#include "fleet/gpu_workload_tuning.h"
#include "policy/placement_policy.h"
#include "sim/rng_stream.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace orrery::fleet {

//! One policy made for one replay: its random stream (which must outlive it) and whether it was
//! written for GPU sharing (policy API 1.6 or later).
struct ReplayPolicyInstance {
    std::shared_ptr<sim::RngStream> rng;
    std::shared_ptr<policy::PlacementPolicy> policy;
    bool placesShares = false;
};

//! Makes policy `policyId` for the replay seeded `seed`. Called from worker threads.
using ReplayPolicyFactory = std::function<ReplayPolicyInstance(const std::string& policyId, std::uint64_t seed)>;

//! A study: every policy replayed with seeds firstSeed … firstSeed + runs − 1 (docs/fleet.md,
//! "GPU sharing replay"). The same seed gives every policy the same arrivals and node order.
struct GpuReplayStudyOptions {
    std::vector<std::string> policies;
    GpuArrivalOptions arrivals;     //!< arrivals.seed is the first seed
    int runs = 10;
    int maxPercent = 130;           //!< curves cover 0..maxPercent % of GPU capacity arrived
    double typicalCoverage = 0.95;  //!< of the pods, by the target workload's shapes
    unsigned threads = 0;           //!< 0: one per hardware thread
};

struct GpuReplayRun {
    std::string policy;
    std::uint64_t seed = 0;
    std::size_t pods = 0;
    std::size_t failedPods = 0;
    std::size_t refusedDecisions = 0;
    std::vector<double> allocationPercent;    //!< by arrived percent (byArrivedPercent)
    std::vector<double> fragmentationPercent; //!< fragmented GPU, % of capacity, by arrived percent
    std::vector<double> failedPodsCurve;      //!< pods failed so far, by arrived percent
    //! Each node's GPUs after the last pod, by the node's name in the trace, in replay order.
    std::vector<std::pair<std::string, std::vector<model::GpuShare>>> finalGpus;
    double seconds = 0;                        //!< wall time of the replay itself
};

struct GpuReplayStudy {
    std::int64_t capacityMilli = 0;
    std::size_t targetShapes = 0;     //!< pod shapes in the target workload
    std::vector<GpuReplayRun> runs;   //!< policy-major, then seed
    bool cancelled = false;
};

//! Called after each replay with (replays done, replays in all); return false to stop.
using GpuReplayStudyProgress = std::function<bool(std::size_t, std::size_t)>;

//! Runs the study. The results do not depend on the number of threads. Throws
//! std::invalid_argument for no policies, runs < 1 or a bad demand ratio.
[[nodiscard]] GpuReplayStudy runGpuReplayStudy(const std::vector<AlibabaGpuNode>& nodes, const std::vector<AlibabaGpuPod>& pods,
                                               const GpuReplayStudyOptions& options, const ReplayPolicyFactory& makePolicy,
                                               const GpuReplayStudyProgress& progress = {});

} // namespace orrery::fleet
