// fgd (Weng et al., ATC '23 §4): the node and GPU whose fragmentation grows least.
#include "fgd_policy.h"
#include "gpu_sharing_test_cluster.h"
#include "plugin_test_cluster.h"

#include <QTest>

using namespace orrery;
using orrery::plugins::FgdPolicy;

namespace {

std::vector<policy::ExpectedPod> sharesOf(std::int32_t milli)
{
    policy::ExpectedPod pod;
    pod.request.millicores = 1000;
    pod.gpus = {0, milli};
    pod.popularity = 1;
    return {pod};
}

} // namespace

class TestFgd : public QObject {
    Q_OBJECT

private slots:
    void scoreIsTheSigmoidOfFragmentationRemoved()
    {
        QCOMPARE(FgdPolicy::score(500, 500), std::int64_t{50});
        QCOMPARE(FgdPolicy::score(500, 100), std::int64_t{59});  // σ(0.4) = 0.5987
        QCOMPARE(FgdPolicy::score(0, 1000), std::int64_t{26});   // σ(−1) = 0.2689
        QCOMPARE(FgdPolicy::score(0, 8000), std::int64_t{0});
    }

    void aShareFillsTheGapTheWorkloadCannotUse()
    {
        // Every expected pod asks 600. Node 1's GPU 0 has 500 free, fragment for them; a 400 pod
        // there leaves 100 (fragment 500 → 100): the best move anywhere.
        testing::SharedGpuCluster fleet({8000, 8000}, {2, 2});
        fleet.share(1, 0, 500);
        FgdPolicy policy({});
        policy.expectWorkload(sharesOf(600));
        const auto placement = policy.placeOnGpus(testing::gpuPod(1000, {0, 400}), {0, 400}, *fleet.view);
        QVERIFY(!placement.decision.deferred);
        QCOMPARE(placement.decision.node, 1u);
        QCOMPARE(placement.gpu, 0);
    }

    void aShareAvoidsCuttingAWholeGpuTheWorkloadNeeds()
    {
        // Expected pods ask whole GPUs. A 300 share on a fresh GPU strands its 700; on node 1's
        // GPU already in use it strands nothing new.
        policy::ExpectedPod whole;
        whole.request.millicores = 1000;
        whole.gpus = {1, 0};
        whole.popularity = 1;
        testing::SharedGpuCluster fleet({8000, 8000}, {2, 2});
        fleet.share(1, 1, 200);
        FgdPolicy policy({});
        policy.expectWorkload({whole});
        const auto placement = policy.placeOnGpus(testing::gpuPod(1000, {0, 300}), {0, 300}, *fleet.view);
        QCOMPARE(placement.decision.node, 1u);
        QCOMPARE(placement.gpu, 1);
    }

    void withoutAWorkloadItLearnsOneFromThePods()
    {
        // Asked once for a whole GPU, then for a 300 share: the learned workload is half whole-GPU
        // pods, so the share goes where it cuts no whole GPU (node 1's GPU in use), not to node 0.
        // With the share's shape alone, every choice would tie and node 0 would win.
        testing::SharedGpuCluster fleet({8000, 8000}, {2, 2});
        fleet.share(1, 1, 200);
        FgdPolicy policy({});
        (void)policy.placeOnGpus(testing::gpuPod(1000, {1, 0}), {1, 0}, *fleet.view);
        const auto share = policy.placeOnGpus(testing::gpuPod(1000, {0, 300}), {0, 300}, *fleet.view);
        QCOMPARE(share.decision.node, 1u);
        QCOMPARE(share.gpu, 1);
        FgdPolicy fresh({});
        QCOMPARE(fresh.placeOnGpus(testing::gpuPod(1000, {0, 300}), {0, 300}, *fleet.view).decision.node, 0u);
    }

    void nothingFitsDefers()
    {
        testing::SharedGpuCluster fleet({8000}, {1});
        fleet.whole(0, 1);
        FgdPolicy policy({});
        policy.expectWorkload(sharesOf(500));
        QVERIFY(policy.placeOnGpus(testing::gpuPod(1000, {0, 100}), {0, 100}, *fleet.view).decision.deferred);
    }

    void wholeDevicesOnAPlainHost()
    {
        model::Cluster cluster = testing::heterogeneousCluster();
        FgdPolicy policy({});
        const auto decision = policy.place(testing::unitOf(1000, 1, 1), policy::ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QVERIFY(decision.node >= 3); // a GPU node
    }
};

QTEST_APPLESS_MAIN(TestFgd)
#include "tst_fgd.moc"
