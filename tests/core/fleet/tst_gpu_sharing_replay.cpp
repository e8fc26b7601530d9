// The GPU-sharing replay of the Alibaba pod lists (docs/fleet.md, "GPU sharing replay"): the
// target workload, workload tuning, the replay loop and its discrete curves, on the real trace
// (resources/data/alibaba-gpu-2023) and on hand-built nodes.
#include "fleet/gpu_replay_study.h"
#include "fleet/gpu_sharing_replay.h"
#include "fleet/gpu_workload_tuning.h"
#include "fleet/typical_gpu_pods.h"
#include "policy/gpu_fragmentation.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>

using namespace orrery;
using namespace orrery::fleet;

namespace {

const std::filesystem::path kData = std::filesystem::path(ORRERY_SOURCE_DIR) / "resources/data/alibaba-gpu-2023";

std::int64_t demandOf(const std::vector<AlibabaGpuPod>& pods)
{
    std::int64_t demand = 0;
    for (const auto& pod : pods)
        demand += gpuDemandMilli(pod);
    return demand;
}

AlibabaGpuPod pod(std::string name, std::int64_t cpu, int gpus, int milli)
{
    AlibabaGpuPod pod;
    pod.name = std::move(name);
    pod.cpuMillicores = cpu;
    pod.memoryMib = 1024;
    pod.gpuCount = gpus;
    pod.gpuMilli = milli;
    return pod;
}

AlibabaGpuNode node(std::string name, int gpus, std::int64_t cpu = 32000)
{
    return {std::move(name), cpu, 262144, gpus, gpus > 0 ? "T4" : ""};
}

//! First fit on shared GPUs: the first node the pod fits, the first GPU a share fits.
class FirstFitOnGpus : public policy::PlacementPolicy {
public:
    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override
    {
        ++placeCalls;
        for (std::uint32_t id = 0; id < cluster.nodeCount(); ++id) {
            if (cluster.fits(id, unit.request, unit.deviceModel))
                return policy::PlacementDecision::onNode(id);
        }
        return policy::PlacementDecision::defer();
    }
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override
    {
        for (std::uint32_t id = 0; id < cluster.nodeCount(); ++id) {
            if (!cluster.fits(id, unit, gpus))
                continue;
            for (std::int32_t gpu = 0; gpus.shares() && gpu < static_cast<std::int32_t>(cluster.gpusOf(id).size()); ++gpu) {
                if (cluster.fitsOn(id, gpu, unit, gpus))
                    return policy::GpuPlacement::onGpu(id, gpu);
            }
            return {policy::PlacementDecision::onNode(id), -1};
        }
        return policy::GpuPlacement::defer();
    }
    void expectWorkload(const std::vector<policy::ExpectedPod>& workload) override { expected = workload.size(); }

    int placeCalls = 0;
    std::size_t expected = 0;
};

} // namespace

class TestGpuSharingReplay : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_nodes = readAlibabaGpuNodes(kData / "openb_node_list_gpu_node.csv");
        m_pods = readAlibabaGpuPods(kData / "openb_pod_list_default.csv");
        for (const auto& each : m_nodes)
            m_capacity += 1000 * each.gpuCount;
    }

    void theTargetWorkloadIsTheCommonestShapes()
    {
        const auto shapes = typicalGpuPods(m_pods);
        // The peer simulator keeps 35 of the trace's 91 shapes, covering 7,766 of 8,152 pods.
        QCOMPARE(shapes.size(), std::size_t{35});
        double total = 0;
        for (const auto& shape : shapes)
            total += shape.popularity;
        QVERIFY(std::fabs(total - 1.0) < 1e-12);
        QCOMPARE(shapes[0].request.millicores, std::int64_t{3152});
        QCOMPARE(shapes[0].gpus.sharedMilli, 810);
        QCOMPARE(shapes[0].popularity, 1047.0 / 7766.0);
        QCOMPARE(shapes[1].gpus.wholeGpus, 1);
        QVERIFY(std::any_of(shapes.begin(), shapes.end(), [](const auto& shape) { return shape.gpus.empty(); }));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)typicalGpuPods(m_pods, 0.0));
    }

    void tuningReachesTheRequestedDemand_data()
    {
        QTest::addColumn<double>("ratio");
        QTest::newRow("up to 1.3") << 1.3;
        QTest::newRow("down to 0.5") << 0.5;
    }

    void tuningReachesTheRequestedDemand()
    {
        QFETCH(double, ratio);
        const auto arrivals = tunedGpuArrivals(m_pods, m_capacity, {ratio, true, 42});
        const std::int64_t target = std::llround(ratio * static_cast<double>(m_capacity));
        const std::int64_t demand = demandOf(arrivals);
        QVERIFY2(demand <= target, qPrintable(QString::number(demand)));
        QVERIFY2(target - demand < 8000, qPrintable(QString::number(target - demand))); // one pod short at most
        if (ratio > 1) {
            // Tuning up appends: the trace's pods all come first, the copies after.
            QCOMPARE(std::count_if(arrivals.begin(), arrivals.begin() + 8152,
                                   [](const auto& each) { return each.name.find("-tuned-") == std::string::npos; }),
                     std::ptrdiff_t{8152});
            QVERIFY(arrivals.size() > 10000);
        }
    }

    void arrivalsAreDeterministicPerSeed()
    {
        const auto first = tunedGpuArrivals(m_pods, m_capacity, {1.3, true, 7});
        const auto again = tunedGpuArrivals(m_pods, m_capacity, {1.3, true, 7});
        const auto other = tunedGpuArrivals(m_pods, m_capacity, {1.3, true, 8});
        QCOMPARE(first.size(), again.size());
        QVERIFY(std::equal(first.begin(), first.end(), again.begin(), [](const auto& a, const auto& b) { return a.name == b.name; }));
        QVERIFY(first[0].name != other[0].name || first[1].name != other[1].name);
        const auto byName = tunedGpuArrivals(m_pods, m_capacity, {0, false, 7});
        QVERIFY(std::is_sorted(byName.begin(), byName.end(), [](const auto& a, const auto& b) { return a.name < b.name; }));
        QCOMPARE(byName.size(), m_pods.size());
    }

    void anEmptyFleetIsFourteenPercentFragmented()
    {
        // The peer's figure for the idle fleet against the trace's target workload: 13.88–14.08 %.
        const auto workload = typicalGpuPods(m_pods);
        FirstFitOnGpus policy;
        const auto result = replayGpuSharing(m_nodes, {}, workload, policy, true);
        QVERIFY(result.steps.empty());
        double fragment = 0;
        for (const auto& each : m_nodes) {
            const std::vector<std::int32_t> free(static_cast<std::size_t>(each.gpuCount), 1000);
            fragment += policy::fragmentedGpuMilli(each.cpuMillicores, std::span<const std::int32_t>(free), each.gpuModel, workload);
        }
        const double percent = 100.0 * fragment / static_cast<double>(m_capacity);
        QVERIFY2(percent > 13.8 && percent < 14.1, qPrintable(QString::number(percent)));
    }

    void podsArePlacedOnceAndStay()
    {
        // Two nodes: 2 GPUs and 1 GPU. Shares stack, whole GPUs take untouched ones, the rest fail.
        const std::vector<AlibabaGpuNode> nodes{node("a", 2), node("b", 1)};
        const std::vector<AlibabaGpuPod> arrivals{pod("p0", 1000, 1, 600), pod("p1", 1000, 1, 400), pod("p2", 1000, 2, 1000),
                                                  pod("p3", 1000, 1, 1000), pod("p4", 1000, 1, 1000), pod("p5", 500, 0, 0)};
        FirstFitOnGpus policy;
        const auto result = replayGpuSharing(nodes, arrivals, {}, policy, true);
        QCOMPARE(result.capacityMilli, std::int64_t{3000});
        QCOMPARE(result.steps.size(), std::size_t{6});
        // p0 and p1 share GPU 0 of a; p2 asks two untouched GPUs, and no node has two left: it fails;
        // p3 takes a's GPU 1, p4 b's GPU; p5 asks no GPU.
        const std::vector<bool> placed{true, true, false, true, true, true};
        const std::vector<std::int64_t> arrived{600, 1000, 3000, 4000, 5000, 5000};
        const std::vector<std::int64_t> allocated{600, 1000, 1000, 2000, 3000, 3000};
        for (std::size_t i = 0; i < 6; ++i) {
            QCOMPARE(result.steps[i].placed, placed[i]);
            QCOMPARE(result.steps[i].arrivedMilli, arrived[i]);
            QCOMPARE(result.steps[i].allocatedMilli, allocated[i]);
        }
        QCOMPARE(result.failedPods, std::size_t{1});
        QCOMPARE(result.failedMilli, std::int64_t{2000});
        QCOMPARE(result.refusedDecisions, std::size_t{0});
        QCOMPARE(policy.placeCalls, 0);
    }

    void aPolicyWrittenBeforeSharingIsAskedForAFreeGpu()
    {
        const std::vector<AlibabaGpuNode> nodes{node("a", 1), node("b", 1)};
        const std::vector<AlibabaGpuPod> arrivals{pod("p0", 1000, 1, 300), pod("p1", 1000, 1, 300), pod("p2", 1000, 1, 300)};
        FirstFitOnGpus policy;
        const auto result = replayGpuSharing(nodes, arrivals, {}, policy, false);
        QCOMPARE(policy.placeCalls, 3);
        QCOMPARE(policy.expected, std::size_t{0}); // expectWorkload is 1.6's: not called
        // Each share asked for a GPU nobody shares: a's, then b's; then none is left.
        QCOMPARE(result.steps[2].placed, false);
        QCOMPARE(result.steps[1].allocatedMilli, std::int64_t{600});
    }

    void fragmentationIsTrackedNodeByNode()
    {
        const auto workload = typicalGpuPods(m_pods);
        const auto arrivals = tunedGpuArrivals(m_pods, m_capacity, {0.3, true, 3});
        const std::vector<AlibabaGpuNode> nodes(m_nodes.begin(), m_nodes.begin() + 200);
        FirstFitOnGpus policy;
        const auto result = replayGpuSharing(nodes, arrivals, workload, policy, true);
        QCOMPARE(policy.expected, workload.size());
        // Replaying the same again gives the same steps, bit for bit.
        FirstFitOnGpus again;
        const auto repeat = replayGpuSharing(nodes, arrivals, workload, again, true);
        QCOMPARE(repeat.steps.size(), result.steps.size());
        for (std::size_t i = 0; i < result.steps.size(); ++i) {
            QCOMPARE(repeat.steps[i].allocatedMilli, result.steps[i].allocatedMilli);
            QCOMPARE(repeat.steps[i].fragmentedMilli, result.steps[i].fragmentedMilli);
        }
        QVERIFY(result.failedPods > 0); // 200 nodes cannot hold 30 % of the whole fleet's demand
        QVERIFY(result.steps.back().fragmentedMilli > 0);
    }

    void curvesAverageTheStepsOfEachPercent()
    {
        GpuReplayResult result;
        result.capacityMilli = 1000;
        // Arrived 0.4 % → 0; 1.5 % → 2 (half to even); 2.5 % → 2; 4 % → 4. Nothing rounds to 3 %.
        result.steps = {{4, 10, 0, true}, {15, 20, 0, true}, {25, 40, 0, true}, {40, 60, 0, true}};
        const auto curve = byArrivedPercent(result, 5, [](const GpuReplayStep& step) { return double(step.allocatedMilli); });
        QCOMPARE(curve.size(), std::size_t{6});
        QCOMPARE(curve[0], 10.0);
        QCOMPARE(curve[1], (10.0 + 20.0 + 40.0) / 3); // none at 1: the steps at 0 and 2
        QCOMPARE(curve[2], 30.0);
        QCOMPARE(curve[3], (20.0 + 40.0 + 60.0) / 3); // none at 3: the steps at 2 and 4
        QCOMPARE(curve[4], 60.0);
        QCOMPARE(curve[5], 60.0); // none at 5: the step at 4
    }

    void aStudyDoesNotDependOnItsThreads()
    {
        const std::vector<AlibabaGpuNode> nodes(m_nodes.begin(), m_nodes.begin() + 100);
        GpuReplayStudyOptions options;
        options.policies = {"first-fit-a", "first-fit-b"};
        options.runs = 3;
        options.arrivals = {0.1, true, 11};
        const ReplayPolicyFactory factory = [](const std::string&, std::uint64_t) {
            return ReplayPolicyInstance{nullptr, std::make_shared<FirstFitOnGpus>(), true};
        };
        options.threads = 1;
        const auto one = runGpuReplayStudy(nodes, m_pods, options, factory);
        options.threads = 3;
        const auto three = runGpuReplayStudy(nodes, m_pods, options, factory);
        QCOMPARE(one.runs.size(), std::size_t{6});
        for (std::size_t i = 0; i < one.runs.size(); ++i) {
            QCOMPARE(three.runs[i].seed, one.runs[i].seed);
            QCOMPARE(three.runs[i].failedPods, one.runs[i].failedPods);
            QVERIFY(three.runs[i].allocationPercent.size() == one.runs[i].allocationPercent.size());
            for (std::size_t x = 0; x < one.runs[i].allocationPercent.size(); ++x) {
                const double a = one.runs[i].allocationPercent[x];
                const double b = three.runs[i].allocationPercent[x];
                QVERIFY((std::isnan(a) && std::isnan(b)) || a == b);
            }
        }
        QCOMPARE(one.runs[1].seed, std::uint64_t{12});
    }

private:
    std::vector<AlibabaGpuNode> m_nodes;
    std::vector<AlibabaGpuPod> m_pods;
    std::int64_t m_capacity = 0;
};

QTEST_APPLESS_MAIN(TestGpuSharingReplay)
#include "tst_gpu_sharing_replay.moc"
