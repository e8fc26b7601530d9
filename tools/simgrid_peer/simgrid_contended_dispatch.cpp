// The peer of bench_placement's `firstfit_dispatch_contended`, in SimGrid's S4U API (SimGrid
// 3.32, Debian libsimgrid-dev): the same contended workload run by the reference simulator for
// shared resources, to put Orrery's figure beside it (tools/simgrid_peer/README.md).
//
// Workload (tests/bench/bench_placement.cpp, dispatchScenario with contended = true):
//   60 hosts of 32 cores; jobs of 2 cores arrive as a Poisson stream at 12/s; each runs for
//   Exp(30 s) of work at full speed and moves 0.5 GB/s of memory traffic per core while it runs;
//   first-fit on free cores, FIFO queue when nothing fits.
// In SimGrid a job is an actor that runs two activities side by side: an execution of
// work × 2 Gflop on 2 threads of its host (1 Gflop/s per core), and a transfer of
// work × 1 GB from the host to its memory over the host's memory bus (a 60 GB/s link, SimGrid's
// max-min sharing), capped at the job's demand rate of 1 GB/s; it ends when both have. SimGrid
// has no analogue of LLC ways or of Orrery's contention curves: the sharing differs, the
// event structure (every start and end changes the shares of a host's residents) is the same.
//
// Usage: simgrid_contended_dispatch [jobs, default 100000]   (prints "simgrid_contended_dispatch <jobs/s> jobs/s")
#include <simgrid/s4u.hpp>

#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

namespace sg4 = simgrid::s4u;

namespace {

constexpr int kHosts = 60;
constexpr int kCoresPerHost = 32;
constexpr int kCoresPerJob = 2;
constexpr double kArrivalsPerSecond = 12.0;
constexpr double kMeanWorkSeconds = 30.0;
constexpr double kCoreFlops = 1e9;
constexpr double kMemoryBusBytesPerSecond = 60e9;
constexpr double kMemoryTrafficPerCore = 0.5e9;

struct Cluster {
    std::vector<sg4::Host*> hosts;
    std::vector<sg4::Host*> memories;
    std::vector<int> freeCores;
    std::deque<double> queue; //!< work (s) of waiting jobs, in arrival order
    long completed = 0;
    long started = 0;
};

Cluster cluster;

void runJob(int host, double work)
{
    // Held as ExecPtr/CommPtr: start() returns a raw pointer, and the activity dies with its last Ptr.
    const sg4::ExecPtr exec = sg4::this_actor::exec_init(work * kCoresPerJob * kCoreFlops);
    exec->set_thread_count(kCoresPerJob);
    exec->start();
    // The rate cap has to be set before the hosts (SimGrid 3.32 refuses set_rate afterwards).
    const sg4::CommPtr traffic = sg4::Comm::sendto_init();
    traffic->set_rate(kCoresPerJob * kMemoryTrafficPerCore);
    traffic->set_source(cluster.hosts[static_cast<std::size_t>(host)]);
    traffic->set_destination(cluster.memories[static_cast<std::size_t>(host)]);
    traffic->set_payload_size(static_cast<std::uint64_t>(work * kCoresPerJob * kMemoryTrafficPerCore));
    traffic->start();
    exec->wait();
    traffic->wait();
}

void startWaitingJobs();

void jobActor(int host, double work)
{
    runJob(host, work);
    cluster.freeCores[static_cast<std::size_t>(host)] += kCoresPerJob;
    ++cluster.completed;
    startWaitingJobs();
}

//! First-fit over hosts in index order, FIFO over the queue (head-of-line blocking, as
//! Orrery's first-fit with its FIFO queue).
void startWaitingJobs()
{
    while (!cluster.queue.empty()) {
        int chosen = -1;
        for (int h = 0; h < kHosts; ++h) {
            if (cluster.freeCores[static_cast<std::size_t>(h)] >= kCoresPerJob) {
                chosen = h;
                break;
            }
        }
        if (chosen < 0)
            return;
        const double work = cluster.queue.front();
        cluster.queue.pop_front();
        cluster.freeCores[static_cast<std::size_t>(chosen)] -= kCoresPerJob;
        ++cluster.started;
        sg4::Actor::create("job", cluster.hosts[static_cast<std::size_t>(chosen)], [chosen, work] { jobActor(chosen, work); });
    }
}

void arrivals(long jobs)
{
    std::mt19937_64 rng(1);
    std::exponential_distribution<double> gap(kArrivalsPerSecond);
    std::exponential_distribution<double> work(1.0 / kMeanWorkSeconds);
    for (long j = 0; j < jobs; ++j) {
        sg4::this_actor::sleep_for(gap(rng));
        cluster.queue.push_back(work(rng));
        startWaitingJobs();
    }
}

//! The platform as a SimGrid XML file in the temporary directory: each host, its memory (a
//! host reached over the memory bus) and the bus.
std::string writePlatform()
{
    const char* tmp = std::getenv("TMPDIR");
    const std::string path = std::string(tmp ? tmp : "/tmp") + "/orrery-simgrid-peer-" + std::to_string(::getpid()) + ".xml";
    std::ofstream out(path);
    out << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
        << "<zone id=\"cluster\" routing=\"Full\">\n";
    for (int h = 0; h < kHosts; ++h) {
        const std::string n = std::to_string(h);
        out << "<host id=\"host-" << n << "\" speed=\"" << kCoreFlops << "f\" core=\"" << kCoresPerHost << "\"/>\n"
            << "<host id=\"memory-" << n << "\" speed=\"" << kCoreFlops << "f\"/>\n"
            << "<link id=\"memory-bus-" << n << "\" bandwidth=\"" << kMemoryBusBytesPerSecond << "Bps\" latency=\"0\"/>\n";
    }
    for (int h = 0; h < kHosts; ++h) { // the DTD wants routes after every host and link
        const std::string n = std::to_string(h);
        out << "<route src=\"host-" << n << "\" dst=\"memory-" << n << "\"><link_ctn id=\"memory-bus-" << n << "\"/></route>\n";
    }
    out << "</zone>\n</platform>\n";
    return path;
}

} // namespace

int main(int argc, char** argv)
{
    const long jobs = argc > 1 && argv[1][0] != '-' ? std::atol(argv[1]) : 100000;
    // Pure max-min sharing on links (CM02: no TCP bandwidth factor), as Orrery's bandwidth has
    // none; raw contexts, SimGrid's fastest actor switching (ucontext measured 1.9x slower here).
    std::vector<char*> arguments(argv, argv + argc);
    std::string model = "--cfg=network/model:CM02";
    std::string contexts = "--cfg=contexts/factory:raw";
    arguments.push_back(model.data());
    arguments.push_back(contexts.data());
    int count = static_cast<int>(arguments.size());
    sg4::Engine engine(&count, arguments.data());
    const std::string platform = writePlatform();
    engine.load_platform(platform);
    std::remove(platform.c_str());
    for (int h = 0; h < kHosts; ++h) {
        cluster.hosts.push_back(engine.host_by_name("host-" + std::to_string(h)));
        cluster.memories.push_back(engine.host_by_name("memory-" + std::to_string(h)));
        cluster.freeCores.push_back(kCoresPerHost);
    }
    sg4::Actor::create("arrivals", cluster.hosts[0], [jobs] { arrivals(jobs); });
    const auto begin = std::chrono::steady_clock::now();
    engine.run();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::fprintf(stderr, "%ld jobs completed (%ld started), %.1f s simulated, %.2f s wall\n", cluster.completed, cluster.started,
                 sg4::Engine::get_clock(), wall);
    std::printf("simgrid_contended_dispatch %.3g jobs/s\n", static_cast<double>(cluster.completed) / wall);
    return 0;
}
