#include "autoscaling/decaying_histogram.h"
#include "kube_vpa_policy.h"
#include "orrery_plugin_kube_vpa.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;
using orrery::autoscaling::DecayingHistogram;
using orrery::plugins::KubeVpaPolicy;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
constexpr auto kCpu = policy::ControlResource::Cpu;
constexpr auto kMemory = policy::ControlResource::Memory;

policy::Observation observe(double seconds, double cpuLimit, double cpuUsage, double memoryLimit, double memoryUsage)
{
    policy::TargetObservation t;
    t.name = "svc";
    t.replicas = 1;
    t.limit[policy::indexOf(kCpu)] = cpuLimit;
    t.usage[policy::indexOf(kCpu)] = cpuUsage;
    t.limit[policy::indexOf(kMemory)] = memoryLimit;
    t.usage[policy::indexOf(kMemory)] = memoryUsage;
    policy::Observation o;
    o.time = static_cast<sim::SimTime>(seconds * 1e9);
    o.targets.push_back(t);
    return o;
}

double limitSet(const std::vector<policy::ControlAction>& actions, policy::ControlResource resource)
{
    for (const auto& a : actions)
        if (a.kind == policy::ControlAction::Kind::SetLimit && a.resource == resource)
            return a.value;
    return -1;
}

} // namespace

//! kube-vpa: the decaying histogram, recommendations from a known history, the update rule.
class TestKubeVpa : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_kube_vpa_descriptor()); }

    void histogramBuckets()
    {
        DecayingHistogram h(1000, 0.01, 1.05, 0);
        QCOMPARE(h.bucketOf(0.005), std::size_t{0});
        QCOMPARE(h.bucketStart(1), 0.01);
        QVERIFY(std::abs(h.bucketStart(2) - 0.0205) < 1e-12); // 0.01 + 0.0105
        QCOMPARE(h.bucketOf(0.015), std::size_t{1});
        QCOMPARE(h.bucketOf(0.021), std::size_t{2});
        QVERIFY(h.empty());
        QCOMPARE(h.percentile(0.9), 0.0);
    }

    void percentileIsTheEndOfTheBucket()
    {
        DecayingHistogram h(1000, 0.01, 1.05, 0);
        // 100 samples 0.01 .. 1.00 cores, equal weights: P90 lies in the bucket holding 0.90.
        for (int i = 1; i <= 100; ++i)
            h.addSample(i / 100.0, 1.0, 0);
        const double p90 = h.percentile(0.9);
        QCOMPARE(p90, h.bucketStart(h.bucketOf(0.90) + 1));
        QVERIFY(p90 > 0.90 && p90 < 0.90 * 1.06);
        QVERIFY(h.percentile(0.5) < p90);
    }

    void decayHalvesOldSamples()
    {
        const sim::SimTime day = 24 * sim::kHour;
        DecayingHistogram h(1000, 0.01, 1.05, day);
        h.addSample(1.0, 1.0, 0);
        h.addSample(4.0, 1.0, day); // a day later: twice the weight of the first
        // Total 3 units; P60 needs 1.8, more than the old sample's 1: it lands on 4 cores.
        QVERIFY(h.percentile(0.6) > 4.0);
        QVERIFY(h.percentile(0.3) < 1.1); // 0.9 units: the old sample's bucket
    }

    void recommendsP90WithMarginFromAKnownHistory()
    {
        // No decay: with it, the later samples of each cycle (1.0 core) would weigh a little more.
        auto vpa = m_registry.createControl("kube-vpa", Params{{"confidenceScaling", "false"}, {"halfLife", "0s"}});
        auto* policy = dynamic_cast<KubeVpaPolicy*>(vpa.get());
        QVERIFY(policy != nullptr);
        // 100 one-second periods with CPU usage cycling 0.1 .. 1.0 cores (ten of each), memory
        // rising to a 600 MB peak.
        for (int i = 0; i < 100; ++i)
            (void)vpa->decide(observe(i, 2.0, 0.1 * (i % 10 + 1), 1e9, 3e8 + 3e6 * i));
        const auto cpu = policy->recommendation("svc", kCpu);
        QVERIFY(cpu.has_value());
        DecayingHistogram reference(1000, 0.01, 1.05, 0);
        const double p90End = reference.bucketStart(reference.bucketOf(0.9) + 1);
        QVERIFY2(std::abs(cpu->target - p90End * 1.15) < 1e-9, qPrintable(QString::number(cpu->target)));
        const double p50End = reference.bucketStart(reference.bucketOf(0.5) + 1);
        QVERIFY(std::abs(cpu->lowerBound - p50End * 1.15) < 1e-9);
        // Memory: one aggregation interval, so its only sample is the peak (597 MB).
        const auto memory = policy->recommendation("svc", kMemory);
        QVERIFY(memory.has_value());
        DecayingHistogram memoryReference(1e12, 1e7, 1.05, 0);
        const double expected = memoryReference.bucketStart(memoryReference.bucketOf(3e8 + 3e6 * 99) + 1) * 1.15;
        QVERIFY2(std::abs(memory->target - expected) < 1, qPrintable(QString::number(memory->target)));
    }

    void updatesWhenTheLimitLeavesTheBounds()
    {
        auto vpa = m_registry.createControl("kube-vpa", Params{{"confidenceScaling", "false"}});
        // 2-core limit, usage steady at 0.5 core: the upper bound (P95 × 1.15 ≈ 0.6) is below
        // 2, so the first decision resizes both resources.
        const auto actions = vpa->decide(observe(0, 2.0, 0.5, 1e9, 4e8));
        const double cpu = limitSet(actions, kCpu);
        QVERIFY2(cpu > 0.5 * 1.15 && cpu < 0.5 * 1.15 * 1.06, qPrintable(QString::number(cpu)));
        const double memory = limitSet(actions, kMemory);
        QVERIFY(memory > 4e8 * 1.15 && memory < 4e8 * 1.15 * 1.06);
        // Now within the bounds: a small change waits for minLifetime (12 h).
        QVERIFY(vpa->decide(observe(1, cpu, 0.55, memory, 4e8)).empty());
    }

    void confidenceKeepsAShortHistoryFromShrinkingLimits()
    {
        // VPA's default: an hour of history leaves the upper bound far above the usage.
        auto vpa = m_registry.createControl("kube-vpa");
        for (int i = 0; i < 3600; i += 60)
            QVERIFY(vpa->decide(observe(i, 2.0, 0.5, 1e9, 4e8)).empty());
        // But a limit below the lower bound is raised at once.
        const auto actions = vpa->decide(observe(3600, 0.1, 0.5, 1e9, 4e8));
        QVERIFY(limitSet(actions, kCpu) > 0.5);
    }

    // kubernetes/autoscaler vertical-pod-autoscaler/v1.7.1, pkg/recommender/logic/estimator_test.go
    // TestConfidenceMultiplier: 9 samples 2 min apart give "confidence = 9/(60*24) = 0.00625"
    // (the 16 min span is longer in days). recommender.go applies (1 + 1/confidence)^1 to the upper
    // bound and (1 + 0.001/confidence)^-2 to the lower one, after the 15 % margin.
    void confidenceMultipliersOfTheEstimatorTest()
    {
        auto vpa = m_registry.createControl("kube-vpa", Params{{"updateMode", "off"}});
        for (int i = 0; i < 9; ++i)
            QVERIFY(vpa->decide(observe(120.0 * i, 4.0, 3.14, 1e9, 4e8)).empty());
        const auto r = dynamic_cast<KubeVpaPolicy&>(*vpa).recommendation("svc", kCpu);
        QVERIFY(r.has_value());
        DecayingHistogram reference(1000, 0.01, 1.05, 0);
        const double percentile = reference.bucketStart(reference.bucketOf(3.14) + 1) * 1.15; // every percentile: one value
        const double confidence = 9.0 / (60 * 24);
        QCOMPARE(confidence, 0.00625);
        QVERIFY(std::abs(r->target - percentile) < 1e-9);
        QVERIFY(std::abs(r->upperBound - percentile * (1 + 1 / confidence)) < 1e-9);
        QVERIFY(std::abs(r->lowerBound - percentile * std::pow(1 + 0.001 / confidence, -2.0)) < 1e-9);
        QVERIFY(std::abs(std::pow(1 + 0.001 / confidence, -2.0) - 1 / (1.16 * 1.16)) < 1e-12);
    }

    void oomKillBumpsMemoryAboveTheLimit()
    {
        // aggregate_container_state.go RecordOOM: a sample of max(used + 100 MiB, used × 1.2),
        // used = max(the limit, the interval's peak). 300 MiB limit, 200 MB peak: 1.2 × 300 MiB
        // = 360 MiB < 400 MiB, so the sample is 400 MiB and the target its bucket end × 1.15.
        auto vpa = m_registry.createControl("kube-vpa", Params{{"confidenceScaling", "false"}, {"controlCpu", "false"}});
        const double limit = 300.0 * (1 << 20);
        (void)vpa->decide(observe(0, 1.0, 0.5, limit, 2e8));
        policy::Observation killed = observe(60, 1.0, 0.5, limit, 2e8);
        killed.targets[0].features["oomKills"] = 1;
        const auto actions = vpa->decide(killed);
        DecayingHistogram reference(1e12, 1e7, 1.05, 0);
        const double bumped = 400.0 * (1 << 20);
        const double expected = reference.bucketStart(reference.bucketOf(bumped) + 1) * 1.15;
        QVERIFY2(std::abs(limitSet(actions, kMemory) - expected) < 1, qPrintable(QString::number(limitSet(actions, kMemory))));
        // With a small limit the ratio wins: 1 GiB × 1.2.
        auto big = m_registry.createControl("kube-vpa", Params{{"confidenceScaling", "false"}, {"controlCpu", "false"},
                                                              {"updateMode", "off"}});
        policy::Observation large = observe(0, 1.0, 0.5, 1024.0 * (1 << 20), 2e8);
        large.targets[0].features["oomKills"] = 2;
        QVERIFY(big->decide(large).empty()); // updateMode off: recommend only
        const auto recommendation = dynamic_cast<KubeVpaPolicy&>(*big).recommendation("svc", kMemory);
        const double ratio = 1.2 * 1024.0 * (1 << 20);
        QVERIFY(std::abs(recommendation->target - reference.bucketStart(reference.bucketOf(ratio) + 1) * 1.15) < 1);
    }

    void respectsMinimumResourcesAndSwitches()
    {
        auto vpa = m_registry.createControl("kube-vpa", Params{{"confidenceScaling", "false"}, {"controlMemory", "false"}});
        const auto actions = vpa->decide(observe(0, 1.0, 0.001, 1e9, 1e6));
        QCOMPARE(limitSet(actions, kCpu), 0.025); // --pod-recommendation-min-cpu-millicores
        QCOMPARE(limitSet(actions, kMemory), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestKubeVpa)
#include "tst_kube_vpa.moc"
