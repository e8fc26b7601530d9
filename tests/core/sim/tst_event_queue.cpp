#include "sim/event_queue.h"

#include <QtTest>

#include <algorithm>
#include <random>
#include <vector>

using orrery::sim::Event;
using orrery::sim::EventQueue;

//! Ordering and tie-breaking of the pending-event set.
class TestEventQueue : public QObject {
    Q_OBJECT

private slots:
    void popsInTimeOrder()
    {
        EventQueue queue;
        const std::vector<std::int64_t> times{50, 10, 40, 30, 20, 60, 0};
        for (const auto t : times)
            queue.push(t, 0, 0, static_cast<std::uint64_t>(t));
        std::vector<std::int64_t> popped;
        while (!queue.empty())
            popped.push_back(queue.pop().time);
        QCOMPARE(popped, (std::vector<std::int64_t>{0, 10, 20, 30, 40, 50, 60}));
    }

    void tiesBreakByInsertionOrder()
    {
        EventQueue queue;
        // Many events at one instant, interleaved with others, must come out FIFO.
        for (std::uint64_t i = 0; i < 1000; ++i) {
            queue.push(100, 0, 0, i);
            queue.push(static_cast<std::int64_t>(200 + i % 7), 1, 0, i);
        }
        for (std::uint64_t i = 0; i < 1000; ++i) {
            const Event event = queue.pop();
            QCOMPARE(event.time, std::int64_t{100});
            QCOMPARE(event.payload, i);
        }
        std::int64_t lastTime = 0;
        std::uint64_t lastSequence = 0;
        while (!queue.empty()) {
            const Event event = queue.pop();
            QVERIFY(event.time > lastTime || (event.time == lastTime && event.sequence > lastSequence));
            lastTime = event.time;
            lastSequence = event.sequence;
        }
    }

    void matchesReferenceOrderUnderRandomInterleaving_data()
    {
        QTest::addColumn<int>("operations");
        QTest::addColumn<int>("timeRange");
        QTest::newRow("few distinct times") << 20000 << 8;
        QTest::newRow("many distinct times") << 20000 << 1000000;
    }

    void matchesReferenceOrderUnderRandomInterleaving()
    {
        QFETCH(int, operations);
        QFETCH(int, timeRange);
        // Reference: a stable sort by (time, sequence) of everything pushed.
        std::mt19937_64 generator(7);
        EventQueue queue;
        std::vector<Event> reference;
        std::int64_t now = 0;
        for (int i = 0; i < operations; ++i) {
            if (queue.empty() || generator() % 3 != 0) {
                const std::int64_t time = now + static_cast<std::int64_t>(generator() % static_cast<std::uint64_t>(timeRange));
                const auto sequence = queue.push(time, 0, 0, static_cast<std::uint64_t>(i));
                reference.push_back(Event{time, sequence, 0, 0, static_cast<std::uint64_t>(i)});
            } else {
                const auto expected = std::min_element(reference.begin(), reference.end(), orrery::sim::firesBefore);
                const Event got = queue.pop();
                QCOMPARE(got.sequence, expected->sequence);
                QCOMPARE(got.time, expected->time);
                now = got.time;
                reference.erase(expected);
            }
        }
        QCOMPARE(queue.size(), reference.size());
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "tst_event_queue.moc"
