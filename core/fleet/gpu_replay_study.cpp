#include "fleet/gpu_replay_study.h"

#include "fleet/typical_gpu_pods.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace orrery::fleet {

GpuReplayStudy runGpuReplayStudy(const std::vector<AlibabaGpuNode>& nodes, const std::vector<AlibabaGpuPod>& pods,
                                 const GpuReplayStudyOptions& options, const ReplayPolicyFactory& makePolicy,
                                 const GpuReplayStudyProgress& progress)
{
    if (options.policies.empty())
        throw std::invalid_argument("a GPU replay study needs at least one policy");
    if (options.runs < 1)
        throw std::invalid_argument("a GPU replay study needs at least one run");
    std::int64_t capacity = 0;
    for (const AlibabaGpuNode& node : nodes)
        capacity += std::int64_t{model::kMilliPerGpu} * node.gpuCount;
    // The target workload is the trace's, before tuning (as the peer's typical pods are).
    const std::vector<policy::ExpectedPod> workload = typicalGpuPods(pods, options.typicalCoverage);

    GpuReplayStudy study;
    study.capacityMilli = capacity;
    study.targetShapes = workload.size();
    const auto runs = static_cast<std::size_t>(options.runs);
    const std::size_t jobs = options.policies.size() * runs;
    study.runs.resize(jobs);

    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex progressMutex;
    std::size_t done = 0;
    std::exception_ptr failure;
    const auto work = [&] {
        for (std::size_t job = next++; job < jobs && !stop; job = next++) {
            try {
                GpuReplayRun& run = study.runs[job];
                run.policy = options.policies[job / runs];
                run.seed = options.arrivals.seed + job % runs;
                GpuArrivalOptions arrivalOptions = options.arrivals;
                arrivalOptions.seed = run.seed;
                const auto arrivals = tunedGpuArrivals(pods, capacity, arrivalOptions);
                const auto ordered = replayNodeOrder(nodes, run.seed);
                const ReplayPolicyInstance instance = makePolicy(run.policy, run.seed);
                const auto started = std::chrono::steady_clock::now();
                const GpuReplayResult result =
                    replayGpuSharing(ordered, arrivals, workload, *instance.policy, instance.placesShares,
                                     [&](std::size_t, std::size_t) { return !stop.load(); });
                run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
                run.pods = arrivals.size();
                run.failedPods = result.failedPods;
                run.refusedDecisions = result.refusedDecisions;
                const double percentOfCapacity = 100.0 / static_cast<double>(capacity);
                run.allocationPercent = byArrivedPercent(result, options.maxPercent, [&](const GpuReplayStep& step) {
                    return static_cast<double>(step.allocatedMilli) * percentOfCapacity;
                });
                run.fragmentationPercent = byArrivedPercent(result, options.maxPercent, [&](const GpuReplayStep& step) {
                    return step.fragmentedMilli * percentOfCapacity;
                });
                run.failedPodsCurve = byArrivedPercent(result, options.maxPercent, [](const GpuReplayStep& step) {
                    return static_cast<double>(step.failedPods);
                });
                run.finalGpus.reserve(ordered.size());
                for (std::size_t node = 0; node < ordered.size() && node < result.finalGpus.size(); ++node)
                    run.finalGpus.emplace_back(ordered[node].name, result.finalGpus[node]);
                const std::lock_guard lock(progressMutex);
                ++done;
                if (progress && !progress(done, jobs))
                    stop = true;
            } catch (...) {
                const std::lock_guard lock(progressMutex);
                if (!failure)
                    failure = std::current_exception();
                stop = true;
            }
        }
    };
    const unsigned threads = std::max(1u, std::min<unsigned>(options.threads ? options.threads : std::thread::hardware_concurrency(),
                                                             static_cast<unsigned>(jobs)));
    std::vector<std::thread> workers;
    for (unsigned i = 1; i < threads; ++i)
        workers.emplace_back(work);
    work();
    for (std::thread& worker : workers)
        worker.join();
    if (failure)
        std::rethrow_exception(failure);
    study.cancelled = stop && done < jobs;
    return study;
}

} // namespace orrery::fleet
