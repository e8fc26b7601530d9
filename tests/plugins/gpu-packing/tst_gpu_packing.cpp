// gpu-packing (Weng et al., ATC '23 §5.1): GPUs in use first, then nodes in use, idle nodes last.
#include "gpu_packing_policy.h"
#include "gpu_sharing_test_cluster.h"

#include <QTest>

using namespace orrery;
using orrery::plugins::GpuPackingPolicy;

class TestGpuPacking : public QObject {
    Q_OBJECT

private slots:
    void aSharePrefersTheFullestGpuInUse()
    {
        // Node 0 idle (2 GPUs); node 1 has a GPU with 600 free; node 2 one with 400 free.
        testing::SharedGpuCluster fleet({8000, 8000, 8000}, {2, 2, 2});
        fleet.share(1, 0, 400);
        fleet.share(2, 1, 600);
        GpuPackingPolicy policy({});
        QCOMPARE(GpuPackingPolicy::score({8000, fleet.view->gpusOf(0)}, {0, 300}), std::int64_t{31}); // idle 2-GPU node
        QCOMPARE(GpuPackingPolicy::score({8000, fleet.view->gpusOf(1)}, {0, 300}), std::int64_t{94});
        QCOMPARE(GpuPackingPolicy::score({8000, fleet.view->gpusOf(2)}, {0, 300}), std::int64_t{96});
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(1000, {0, 300}), {0, 300}, *fleet.view).decision.node, 2u);
    }

    void wholeGpusPreferANodeInUseOverAnIdleOne()
    {
        testing::SharedGpuCluster fleet({8000, 8000, 8000}, {2, 8, 4});
        fleet.share(1, 0, 100);
        GpuPackingPolicy policy({});
        QCOMPARE(GpuPackingPolicy::score({8000, fleet.view->gpusOf(1)}, {1, 0}), std::int64_t{49});
        QCOMPARE(GpuPackingPolicy::score({8000, fleet.view->gpusOf(0)}, {1, 0}), std::int64_t{31});
        QCOMPARE(GpuPackingPolicy::score({8000, fleet.view->gpusOf(2)}, {1, 0}), std::int64_t{29});
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(1000, {1, 0}), {1, 0}, *fleet.view).decision.node, 1u);
        // Among idle nodes, the smaller wins: without node 1, the 2-GPU node 0.
        fleet.share(1, 1, 950);
        for (int gpu = 2; gpu < 8; ++gpu)
            fleet.share(1, gpu, 950);
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(1000, {1, 0}), {1, 0}, *fleet.view).decision.node, 0u);
    }

    void podsWithoutGpusGoToTheFirstFeasibleNode()
    {
        testing::SharedGpuCluster fleet({1000, 8000, 8000}, {2, 2, 2});
        fleet.share(2, 0, 500);
        GpuPackingPolicy policy({});
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(2000, {}), {}, *fleet.view).decision.node, 1u);
    }
};

QTEST_APPLESS_MAIN(TestGpuPacking)
#include "tst_gpu_packing.moc"
