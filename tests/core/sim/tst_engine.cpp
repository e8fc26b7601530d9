#include "sim/engine.h"

#include "sim/rng_stream.h"
#include "sim/run_control.h"

#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace orrery::sim;

namespace {

//! Records every event it receives.
class Recorder final : public EventHandler {
public:
    void handleEvent(const Event& event, Engine& engine) override
    {
        log.push_back({engine.now(), event.payload});
    }
    std::vector<std::pair<SimTime, std::uint64_t>> log;
};

//! A hold model: every event reschedules itself after an exponential delay.
class Hold final : public EventHandler {
public:
    explicit Hold(std::uint64_t seed) : rng(seed, "hold") {}
    void handleEvent(const Event& event, Engine& engine) override
    {
        trace.push_back(event.time);
        engine.scheduleAfter(1 + static_cast<SimTime>(rng.exponential(1000.0)), kind, event.target, event.payload + 1);
    }
    RngStream rng;
    EventKind kind = 0;
    std::vector<SimTime> trace;
};

} // namespace

//! The event loop: dispatch order, horizon, thread control and determinism.
class TestEngine : public QObject {
    Q_OBJECT

private slots:
    void dispatchesInOrderAndStopsAtHorizon()
    {
        Engine engine;
        Recorder recorder;
        const EventKind kind = engine.registerHandler(recorder);
        engine.schedule(30, kind, 0, 3);
        engine.schedule(10, kind, 0, 1);
        engine.schedule(10, kind, 0, 2); // same time: after payload 1, inserted earlier
        engine.schedule(500, kind, 0, 9); // beyond the horizon: stays queued
        const RunOutcome outcome = engine.run(100);
        QCOMPARE(outcome, RunOutcome::ReachedHorizon);
        QCOMPARE(recorder.log.size(), std::size_t{3});
        QCOMPARE(recorder.log[0], (std::pair<SimTime, std::uint64_t>{10, 1}));
        QCOMPARE(recorder.log[1], (std::pair<SimTime, std::uint64_t>{10, 2}));
        QCOMPARE(recorder.log[2], (std::pair<SimTime, std::uint64_t>{30, 3}));
        QCOMPARE(engine.now(), SimTime{100});
        QCOMPARE(engine.pendingEvents(), std::size_t{1});
    }

    void drainsWhenNothingIsLeft()
    {
        Engine engine;
        Recorder recorder;
        const EventKind kind = engine.registerHandler(recorder);
        engine.schedule(5, kind);
        QCOMPARE(engine.run(100), RunOutcome::QueueDrained);
        QCOMPARE(engine.now(), SimTime{100});
    }

    void rejectsEventsInThePast()
    {
        Engine engine;
        Recorder recorder;
        const EventKind kind = engine.registerHandler(recorder);
        engine.schedule(50, kind);
        engine.run(60);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, engine.schedule(10, kind));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, engine.schedule(70, kind + 1));
    }

    void sameSeedGivesIdenticalTrace()
    {
        auto runOnce = [](std::uint64_t seed) {
            Engine engine;
            Hold hold(seed);
            hold.kind = engine.registerHandler(hold);
            for (std::uint32_t i = 0; i < 100; ++i)
                engine.schedule(static_cast<SimTime>(i), hold.kind, i);
            engine.run(200'000);
            return hold.trace;
        };
        const auto a = runOnce(11);
        const auto b = runOnce(11);
        const auto c = runOnce(12);
        QVERIFY(a.size() > 10'000);
        QCOMPARE(a, b);
        QVERIFY(a != c);
    }

    void cancelFromAnotherThread()
    {
        Engine engine;
        Hold hold(1);
        hold.kind = engine.registerHandler(hold);
        engine.schedule(0, hold.kind);
        RunControl control;
        // The horizon is unreachable (about 146 years of 1 µs steps), so only cancel ends the run.
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
            control.cancel();
        });
        const RunOutcome outcome = engine.run(kSimTimeMax / 2, &control);
        canceller.join();
        QCOMPARE(outcome, RunOutcome::Cancelled);
        QVERIFY(engine.now() < kSimTimeMax / 2);
    }

    void pauseThenStepRunsExactlyThatManyEvents()
    {
        Engine engine;
        Hold hold(3);
        hold.kind = engine.registerHandler(hold);
        engine.schedule(0, hold.kind);
        RunControl control;
        control.pause();
        std::atomic<RunOutcome> outcome{RunOutcome::ReachedHorizon};
        std::thread runner([&] { outcome = engine.run(kSimTimeMax / 2, &control); });

        // Paused before the first event: nothing runs until we step.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        QCOMPARE(engine.eventsProcessed(), std::uint64_t{0});
        control.step(5);
        QTRY_COMPARE(engine.eventsProcessed(), std::uint64_t{5});
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        QCOMPARE(engine.eventsProcessed(), std::uint64_t{5});
        control.step(1);
        QTRY_COMPARE(engine.eventsProcessed(), std::uint64_t{6});

        control.resume();
        QTRY_VERIFY(engine.eventsProcessed() > 100'000);
        control.cancel();
        runner.join();
        QCOMPARE(outcome.load(), RunOutcome::Cancelled);
    }

    void progressIsMonotoneAndEndsAtHorizon()
    {
        Engine engine;
        Hold hold(5);
        hold.kind = engine.registerHandler(hold);
        engine.schedule(0, hold.kind);
        std::vector<SimTime> reported;
        engine.run(1'000'000, nullptr, [&](SimTime now, SimTime horizon, std::uint64_t) {
            QCOMPARE(horizon, SimTime{1'000'000});
            reported.push_back(now);
        });
        QVERIFY(reported.size() >= 50 && reported.size() <= 110);
        QVERIFY(std::is_sorted(reported.begin(), reported.end()));
        QCOMPARE(reported.back(), SimTime{1'000'000});
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
