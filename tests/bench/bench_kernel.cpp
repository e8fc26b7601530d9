// bench_kernel: the classic hold model (Vaucher & Duval) over the event queue and the engine.
// With N events pending, each step pops the earliest and schedules one at now + Exp(mean),
// so the queue stays at N. Prints "<figure> <value> <unit>" lines (docs/architecture.md §11).
#include "sim/engine.h"
#include "sim/event_queue.h"
#include "sim/rng_stream.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace orrery::sim;

namespace {

// Increments are drawn up front so the figure measures the queue, not the RNG or log().
std::vector<SimTime> drawIncrements(std::size_t count)
{
    RngStream rng(1, "hold-increments");
    std::vector<SimTime> increments(count);
    for (auto& increment : increments)
        increment = 1 + static_cast<SimTime>(rng.exponential(1e6));
    return increments;
}

double holdEventsPerSecond(std::size_t pending, std::size_t operations, const std::vector<SimTime>& increments)
{
    EventQueue queue;
    queue.reserve(pending + 1);
    std::size_t next = 0;
    for (std::size_t i = 0; i < pending; ++i) {
        queue.push(increments[next], 0, 0, i);
        next = (next + 1) % increments.size();
    }
    std::uint64_t checksum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < operations; ++i) {
        const Event event = queue.pop();
        checksum += event.payload;
        queue.push(event.time + increments[next], 0, 0, event.payload);
        if (++next == increments.size())
            next = 0;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (checksum == 0x5eed)
        std::puts(""); // keeps the loop observable
    return static_cast<double>(operations) / seconds;
}

//! The same hold model through Engine::run with a handler, i.e. what a simulation pays per event.
class HoldHandler final : public EventHandler {
public:
    explicit HoldHandler(const std::vector<SimTime>& increments) : m_increments(increments) {}
    void handleEvent(const Event& event, Engine& engine) override
    {
        engine.scheduleAfter(m_increments[m_next], kind, 0, event.payload);
        if (++m_next == m_increments.size())
            m_next = 0;
    }
    EventKind kind = 0;

private:
    const std::vector<SimTime>& m_increments;
    std::size_t m_next = 0;
};

double engineEventsPerSecond(std::size_t pending, const std::vector<SimTime>& increments)
{
    Engine engine;
    HoldHandler handler(increments);
    handler.kind = engine.registerHandler(handler);
    for (std::size_t i = 0; i < pending; ++i)
        engine.schedule(increments[i % increments.size()], handler.kind, 0, i);
    const auto start = std::chrono::steady_clock::now();
    engine.run(static_cast<SimTime>(2e6) * 1000); // ~2000 events per pending slot at mean 1e6
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return static_cast<double>(engine.eventsProcessed()) / seconds;
}

void print(const std::string& figure, double value, const char* unit)
{
    std::printf("%s %.3g %s\n", figure.c_str(), value, unit);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    // Optional scale factor for quick runs under valgrind: bench_kernel 0.01
    const double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
    const auto increments = drawIncrements(1 << 20);
    const std::size_t operations = static_cast<std::size_t>(2e7 * scale);
    for (const auto& [name, pending] : {std::pair{"hold_1e2_pending", std::size_t{100}},
                                        std::pair{"hold_1e4_pending", std::size_t{10'000}},
                                        std::pair{"hold_1e6_pending", std::size_t{1'000'000}}}) {
        double best = 0.0;
        for (int repeat = 0; repeat < 3; ++repeat)
            best = std::max(best, holdEventsPerSecond(pending, operations, increments));
        print(name, best, "events/s");
    }
    print("engine_hold_1e4_pending", engineEventsPerSecond(10'000, increments), "events/s");
    return 0;
}
