// bench_serving_policies: the per-decision cost of μ-Serve's runtime policies (issue 16 item 6:
// MIAD and SSJF decisions under 1 µs each). Prints "<figure> <value> <unit>" lines
// (docs/architecture.md §11).
//   miad_16_gpus    — miad-frequency decide() over 16 V100 devices with the model-serving kind's
//                     features, per device decision (slack sequences mixing up, down and hold).
//   dvfs_16_gpus    — utilization-dvfs, the same.
//   ssjf_priority   — ssjf priority() for one arriving request, 15 models learned (cache misses).
//   ssjf_completed  — ssjf completed() learning one request (percentile refreshes amortised).
#include "orrery_plugin_miad_frequency.h"
#include "orrery_plugin_ssjf.h"
#include "orrery_plugin_utilization_dvfs.h"
#include "policy/plugin_registry.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace orrery;

namespace {

using Clock = std::chrono::steady_clock;

std::vector<policy::Observation> observations(int devices, int periods)
{
    std::vector<policy::Observation> out;
    std::uint64_t state = 7;
    for (int p = 0; p < periods; ++p) {
        policy::Observation o;
        for (int d = 0; d < devices; ++d) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            const double u = static_cast<double>(state >> 11) / static_cast<double>(1ULL << 53);
            policy::TargetObservation t;
            t.name = "gpu-" + std::to_string(d);
            t.group = "V100";
            t.limit[policy::indexOf(policy::ControlResource::GpuFrequency)] = 200 + 1180 * u;
            t.features = {{"minMhz", 200},      {"maxMhz", 1380},          {"stepMhz", 7.5},  {"defaultMhz", 1380},
                          {"watts", 150},       {"busy", u},               {"queued", 2},     {"completed", 20},
                          {"p99SloRatio", 1.1 * u}, {"sensitivityPerMhz", 6e-4}};
            o.targets.push_back(std::move(t));
        }
        out.push_back(std::move(o));
    }
    return out;
}

double controlNsPerDecision(policy::ControlPolicy& policy, const std::vector<policy::Observation>& periods, int rounds)
{
    std::size_t decisions = 0;
    std::size_t actions = 0;
    const auto start = Clock::now();
    for (int r = 0; r < rounds; ++r) {
        for (const auto& o : periods) {
            actions += policy.decide(o).size();
            decisions += o.targets.size();
        }
    }
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
    if (actions == 0)
        std::fprintf(stderr, "no actions?\n");
    return ns / static_cast<double>(decisions);
}

} // namespace

int main()
{
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_miad_frequency_descriptor());
    registry.registerStatic(orrery_utilization_dvfs_descriptor());
    registry.registerStatic(orrery_ssjf_descriptor());

    const auto periods = observations(16, 256);
    auto miad = registry.createControl("miad-frequency");
    controlNsPerDecision(*miad, periods, 20); // warm-up
    std::printf("miad_16_gpus %.1f ns/decision\n", controlNsPerDecision(*miad, periods, 200));
    auto dvfs = registry.createControl("utilization-dvfs");
    controlNsPerDecision(*dvfs, periods, 20);
    std::printf("dvfs_16_gpus %.1f ns/decision\n", controlNsPerDecision(*dvfs, periods, 200));

    model::PolicyChoice choice;
    choice.plugin = "ssjf";
    policy::PolicyContext context;
    auto ssjf = registry.createQueue(choice, context);
    std::vector<std::string> models;
    for (int m = 0; m < 15; ++m)
        models.push_back("model-" + std::to_string(m));
    constexpr int kRequests = 2'000'000;
    std::uint64_t state = 11;
    policy::QueuedRequest r;
    const auto learnStart = Clock::now();
    for (int i = 0; i < kRequests; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        r.service = models[static_cast<std::size_t>(i % 15)];
        r.inputTokens = static_cast<std::uint32_t>((state >> 33) % 4096);
        r.inputHash = (state >> 20) | 1; // almost never repeats
        r.outputTokens = static_cast<std::uint32_t>((state >> 45) % 1024);
        ssjf->completed(r);
    }
    const double learnNs = std::chrono::duration<double, std::nano>(Clock::now() - learnStart).count();
    double sink = 0;
    const auto start = Clock::now();
    for (int i = 0; i < kRequests; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        r.service = models[static_cast<std::size_t>(i % 15)];
        r.inputTokens = static_cast<std::uint32_t>((state >> 33) % 4096);
        r.inputHash = (state >> 20) | 1;
        r.arrivedAt = i;
        sink += ssjf->priority(r);
    }
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
    std::printf("ssjf_priority %.1f ns/decision\n", ns / kRequests);
    std::printf("ssjf_completed %.1f ns/request\n", learnNs / kRequests);
    if (sink < 0)
        std::printf("%f\n", sink);
    return 0;
}
