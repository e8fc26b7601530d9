#include "orrery_plugin_fcfs.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;

//! fcfs: priority is the arrival time, whatever the request.
class TestFcfs : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_fcfs_descriptor()); }

    void priorityIsArrivalOrder()
    {
        model::PolicyChoice choice;
        choice.plugin = "fcfs";
        policy::PolicyContext context;
        auto fcfs = m_registry.createQueue(choice, context);
        double previous = -1;
        for (int i = 0; i < 100; ++i) {
            policy::QueuedRequest r;
            r.service = (i % 2) ? "opt" : "bert";
            r.arrivedAt = static_cast<sim::SimTime>(i) * 1'000'000; // 1 ms apart
            r.inputTokens = static_cast<std::uint32_t>(1000 - i * 10); // shorter and shorter prompts
            r.inputHash = static_cast<std::uint64_t>(i);
            const double p = fcfs->priority(r);
            QVERIFY(p > previous);
            previous = p;
            r.outputTokens = static_cast<std::uint32_t>(i);
            fcfs->completed(r); // learns nothing
        }
        policy::QueuedRequest a;
        a.arrivedAt = 5 * sim::kSecond;
        a.inputTokens = 10;
        policy::QueuedRequest b = a;
        b.inputTokens = 5000;
        QCOMPARE(fcfs->priority(a), fcfs->priority(b)); // ties: the kind keeps arrival order
        QCOMPARE(fcfs->priority(a), 5.0);
    }
};

QTEST_GUILESS_MAIN(TestFcfs)
#include "tst_fcfs.moc"
