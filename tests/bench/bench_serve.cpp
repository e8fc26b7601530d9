// bench_serve: `orrery serve` (issue 20 item 2). Prints "<figure> <value> <unit>" lines
// (docs/architecture.md §11), the server in this process on 127.0.0.1 and Orrery's own KubeClient
// as the client:
//   serve_advance        — one control period (1 s simulated) of the served Social Network
//                          (socialnetwork-steady.yaml, 500 requests/s) with objects and series
//                          updated: the wall time bounds the speed the server can keep.
//   serve_metrics_render — rendering /metrics (every series of the served cluster).
//   serve_list_pods      — full lists of the namespace's pods (KubeClient::listPods, one page of 500).
//   serve_watch_events   — events streamed to KubeClient::watch from an old resourceVersion
//                          (a replay of the retained log: encoding, chunked transport, decoding).
// Usage: bench_serve [seconds per throughput figure, default 3]
#include "kinds/microservices/microservices_kind.h"
#include "live/kube_client.h"
#include "scenario/scenario_loader.h"
#include "serve/serve_http_server.h"
#include "serve/served_cluster.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

using namespace orrery;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

} // namespace

int main(int argc, char** argv)
{
    const double window = argc > 1 ? std::atof(argv[1]) : 3.0;
    scenario::ScenarioLoadOptions load;
    load.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    kinds::microservices::registerMicroservicesKind();
    const auto loaded = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml", load);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(loaded.diagnostics).c_str());
        return 1;
    }
    serve::ServeOptions options;
    options.eventLogCapacity = 1'000'000;
    serve::ServedCluster cluster(*loaded.scenario, options);

    // Periods with scaling going on, so the event log fills with pod, replica set and deployment changes.
    const char* scaled[] = {"user-service", "post-storage-service", "home-timeline-service", "user-timeline-service",
                            "text-service", "compose-post-service"};
    const int periods = 1500;
    const Clock::time_point advancing = Clock::now();
    for (int i = 0; i < periods; ++i) {
        if (i % 3 == 0)
            for (const char* service : scaled)
                cluster.patchDeployment(options.nameSpace, service, "application/merge-patch+json",
                                        std::string(R"({"spec":{"replicas":)") + (i % 6 == 0 ? "4" : "2") + "}}", false);
        cluster.advance();
    }
    std::printf("serve_advance %.1f us/period\n", secondsSince(advancing) / periods * 1e6);

    const int renders = 200;
    std::size_t bytes = 0;
    const Clock::time_point rendering = Clock::now();
    for (int i = 0; i < renders; ++i)
        bytes += cluster.metricsText().size();
    std::printf("serve_metrics_render %.1f us\n", secondsSince(rendering) / renders * 1e6);
    std::printf("serve_metrics_bytes %zu bytes\n", bytes / renders);

    // Version "0" would mean "any" (the current objects): start from the oldest real one.
    const std::uint64_t from = std::max<std::uint64_t>(1, cluster.objects().oldestWatchable(serve::ResourceKind::Pod));
    std::uint64_t expected = 0;
    cluster.objects().eventsAfter(serve::ResourceKind::Pod, from, options.nameSpace, [&](const serve::StoredEvent&) { ++expected; });

    // From here on only the server's thread touches the cluster.
    options.speed = 1.0;
    app::ServeHttpServer server(cluster, {});
    std::atomic<bool> stop{false};
    std::thread serving([&] { server.run(stop); });
    live::ResolvedContext context;
    context.contextName = "bench";
    context.server = "http://127.0.0.1:" + std::to_string(server.port());
    live::KubeClient client(context);

    std::size_t lists = 0, pods = 0;
    const Clock::time_point listing = Clock::now();
    while (secondsSince(listing) < window) {
        pods = client.listPods(options.nameSpace).items.size();
        ++lists;
    }
    std::printf("serve_list_pods %.0f lists/s\n", static_cast<double>(lists) / secondsSince(listing));
    std::printf("serve_list_pods_items %zu pods\n", pods);

    std::uint64_t events = 0;
    const std::string path = live::KubeClient::collectionPath("", "pods", options.nameSpace);
    const Clock::time_point watching = Clock::now();
    client.watch(path, std::to_string(from), [&](const live::WatchEvent&) { return ++events < expected; }, nullptr, 60);
    const double watchSeconds = secondsSince(watching);
    std::printf("serve_watch_events %.0f events/s\n", static_cast<double>(events) / watchSeconds);
    std::printf("serve_watch_replayed %llu events\n", static_cast<unsigned long long>(events));

    stop = true;
    serving.join();
    return events == expected ? 0 : 1;
}
