// bench_live_schedule: `orrery schedule` (docs/live-clusters.md, "Orrery as a scheduler";
// docs/performance.md). Prints "<figure> <value> <unit>" lines:
//   schedule_decide   — decisions per second of LiveSchedulingState (filters + first-fit on the
//                       nodes that pass), 1,000 pending pods on 100 nodes, no network.
//   schedule_bind     — pods bound per second end to end: LiveScheduler::schedulePending against
//                       `orrery serve` in this process (the served Social Network grown to 100
//                       nodes) over HTTP on 127.0.0.1: list nodes and pods, decide, POST the
//                       Binding and the Scheduled Event for each of 1,000 pending pods.
// The figure to compare with is kube-scheduler's own floor in scheduler_perf,
// SchedulingBasic/5000Nodes_10000Pods: 270 pods/s (docs/performance.md).
#include "kinds/microservices/microservices_kind.h"
#include "live/kube_client.h"
#include "live/kube_object_parser.h"
#include "live/live_placement.h"
#include "live/live_scheduler.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "serve/serve_http_server.h"
#include "serve/served_cluster.h"
#include "sim/rng_stream.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

using namespace orrery;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kNodes = 100;
constexpr int kPods = 1000;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string podJson(int i)
{
    return R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"bench-)" + std::to_string(i) +
           R"(","namespace":"bench"},"spec":{"schedulerName":"orrery","containers":[{"name":"c","image":"pause",)"
           R"("resources":{"requests":{"cpu":"100m","memory":"128Mi"}}}]}})";
}

policy::PlacementPolicyPtr firstFit(policy::PluginRegistry& registry, sim::RngStream& rng)
{
    policy::PolicyContext context;
    context.rng = &rng;
    model::PolicyChoice choice;
    choice.plugin = "first-fit";
    return registry.createPlacement(choice, context);
}

} // namespace

int main()
{
    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    sim::RngStream rng(1, "bench");

    // Decisions alone: 100 nodes of 16 cores, 1,000 pods of 100m.
    {
        std::vector<live::KubeNode> nodes;
        for (int n = 0; n < kNodes; ++n)
            nodes.push_back(live::KubeObjectParser::node(
                R"({"kind":"Node","metadata":{"name":"node-)" + std::to_string(n) +
                R"(","labels":{"kubernetes.io/hostname":"x"}},"status":{"capacity":{"cpu":"16","memory":"64Gi","pods":"110"},)"
                R"("allocatable":{"cpu":"16","memory":"64Gi","pods":"110"},"conditions":[{"type":"Ready","status":"True"}]}})"));
        const live::KubePod pod = live::KubeObjectParser::pod(podJson(0));
        auto policy = firstFit(registry, rng);
        const int rounds = 5;
        int placed = 0;
        const Clock::time_point deciding = Clock::now();
        for (int round = 0; round < rounds; ++round) {
            live::LiveSchedulingState state(nodes, {});
            for (int i = 0; i < kPods; ++i)
                placed += state.place(pod, *policy).node.empty() ? 0 : 1;
        }
        std::printf("schedule_decide %.0f decisions/s\n", rounds * kPods / secondsSince(deciding));
        if (placed != rounds * kPods)
            return 1;
    }

    scenario::ScenarioLoadOptions load;
    load.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    kinds::microservices::registerMicroservicesKind();
    auto loaded = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml", load);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(loaded.diagnostics).c_str());
        return 1;
    }
    model::Scenario scenario = *loaded.scenario;
    scenario.cluster.pools.front().count += kNodes - scenario.cluster.nodeCount();
    serve::ServeOptions options;
    serve::ServedCluster cluster(scenario, options);
    app::ServeHttpServer server(cluster, {});
    std::atomic<bool> stop{false};
    std::thread serving([&] { server.run(stop); });
    live::ResolvedContext context;
    context.contextName = "bench";
    context.server = "http://127.0.0.1:" + std::to_string(server.port());
    live::KubeClient client(context);
    for (int i = 0; i < kPods; ++i)
        client.post("/api/v1/namespaces/bench/pods", podJson(i));

    auto policy = firstFit(registry, rng);
    live::LiveSchedulerOptions scheduling;
    scheduling.bindsPerSecond = 1e6; // measure the path, not the rate limit
    scheduling.burst = 1e6;
    live::LiveScheduler scheduler(client, *policy, scheduling);
    scheduler.lead();
    const Clock::time_point binding = Clock::now();
    const auto decisions = scheduler.schedulePending({});
    const double seconds = secondsSince(binding);
    std::size_t bound = 0;
    for (const auto& decision : decisions)
        bound += decision.bound ? 1 : 0;
    std::printf("schedule_bind %.0f pods/s\n", static_cast<double>(bound) / seconds);
    std::printf("schedule_bind_pods %zu pods on %d nodes\n", bound, kNodes);
    stop = true;
    serving.join();
    return bound == static_cast<std::size_t>(kPods) ? 0 : 1;
}
