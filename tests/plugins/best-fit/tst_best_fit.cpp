// best-fit on shared GPUs (Weng et al., ATC '23 §5.1): the node with the least left after the pod.
#include "best_fit_policy.h"
#include "gpu_sharing_test_cluster.h"
#include "plugin_test_cluster.h"

#include <QTest>

using namespace orrery;
using orrery::plugins::BestFitPolicy;

class TestBestFit : public QObject {
    Q_OBJECT

private slots:
    void aShareGoesWhereLeastIsLeft()
    {
        testing::SharedGpuCluster fleet({8000, 8000, 8000}, {2, 2, 2});
        fleet.share(1, 1, 500);
        fleet.share(2, 0, 200);
        BestFitPolicy policy({});
        const auto placement = policy.placeOnGpus(testing::gpuPod(1000, {0, 400}), {0, 400}, *fleet.view);
        QVERIFY(!placement.decision.deferred);
        QCOMPARE(placement.decision.node, 1u);
        QCOMPARE(placement.gpu, -1); // the host's best fit inside the node: the fullest GPU it fits
        QCOMPARE(fleet.ledger->fullestGpuFitting(1, 400), 1);
    }

    void cpuLeftCountsAsMuchAsGpuLeft()
    {
        // Same GPUs; node 0 has a quarter of the largest node's CPU more free: node 1 fits best.
        testing::SharedGpuCluster fleet({40000, 8000}, {1, 1});
        BestFitPolicy policy({});
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(1000, {1, 0}), {1, 0}, *fleet.view).decision.node, 1u);
        QCOMPARE(BestFitPolicy::rawScore({8000, fleet.view->gpusOf(1)}, 1000, {1, 0}), std::int64_t{97});
    }

    void equalScoresGoToTheLowestIndex()
    {
        testing::SharedGpuCluster fleet({8000, 8000, 8000}, {2, 2, 2});
        BestFitPolicy policy({});
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(1000, {0, 300}), {0, 300}, *fleet.view).decision.node, 0u);
    }

    void nothingFitsDefers()
    {
        testing::SharedGpuCluster fleet({8000}, {1});
        fleet.share(0, 0, 800);
        BestFitPolicy policy({});
        QVERIFY(policy.placeOnGpus(testing::gpuPod(1000, {0, 300}), {0, 300}, *fleet.view).decision.deferred);
        QVERIFY(policy.placeOnGpus(testing::gpuPod(1000, {1, 0}), {1, 0}, *fleet.view).decision.deferred);
    }

    void wholeDevicesOnAPlainHost()
    {
        model::Cluster cluster = testing::heterogeneousCluster();
        BestFitPolicy policy({});
        // One GPU: the T4 node (1 GPU) leaves less than a V100 node (2 GPUs).
        const auto decision = policy.place(testing::unitOf(1000, 1, 1), policy::ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QCOMPARE(decision.node, 5u);
    }
};

QTEST_APPLESS_MAIN(TestBestFit)
#include "tst_best_fit.moc"
