// dot-product on shared GPUs (Weng et al., ATC '23 §5.1): the smallest dot product of free and asked.
#include "dot_product_policy.h"
#include "gpu_sharing_test_cluster.h"

#include <QTest>

using namespace orrery;
using orrery::plugins::DotProductPolicy;

class TestDotProduct : public QObject {
    Q_OBJECT

private slots:
    void scoresAsThePeerComputesThem_data()
    {
        QTest::addColumn<qlonglong>("freeCpu");
        QTest::addColumn<int>("freeGpuMilli");
        QTest::addColumn<qlonglong>("podCpu");
        QTest::addColumn<int>("podGpuMilli");
        QTest::addColumn<qlonglong>("score");
        QTest::newRow("largest node, largest pod") << 128000LL << 8000 << 128000LL << 8000 << 0LL;
        QTest::newRow("nothing asked") << 64000LL << 4000 << 0LL << 0 << 100LL;
        // 1 − (0.5·0.25 + 0.25·0.125)/2 = 0.921875 → 92
        QTest::newRow("half and quarter") << 64000LL << 2000 << 32000LL << 1000 << 92LL;
        QTest::newRow("too little CPU") << 1000LL << 8000 << 2000LL << 0 << 0LL;
    }

    void scoresAsThePeerComputesThem()
    {
        QFETCH(qlonglong, freeCpu);
        QFETCH(int, freeGpuMilli);
        QFETCH(qlonglong, podCpu);
        QFETCH(int, podGpuMilli);
        QFETCH(qlonglong, score);
        std::vector<model::GpuShare> gpus(8, model::GpuShare{1000, true});
        for (int left = freeGpuMilli, i = 0; left > 0; left -= 1000, ++i)
            gpus[static_cast<std::size_t>(i)] = {1000 - std::min(left, 1000), false};
        const model::GpuRequest pod = podGpuMilli >= 1000 ? model::GpuRequest{podGpuMilli / 1000, 0}
                                                          : model::GpuRequest{0, podGpuMilli};
        QCOMPARE(DotProductPolicy::score({freeCpu, gpus}, podCpu, pod), std::int64_t{score});
    }

    void aPodGoesWhereItsDirectionHasLeastRoom()
    {
        // A whole-GPU pod: the small node (8 cores, 1 GPU) over the big one (64 cores, 8 GPUs).
        testing::SharedGpuCluster fleet({64000, 8000}, {8, 1});
        DotProductPolicy policy({});
        const auto placement = policy.placeOnGpus(testing::gpuPod(4000, {1, 0}), {1, 0}, *fleet.view);
        QCOMPARE(placement.decision.node, 1u);
        // A CPU-only pod looks at CPU alone.
        testing::SharedGpuCluster cpuFleet({64000, 40000}, {1, 8});
        QCOMPARE(policy.placeOnGpus(testing::gpuPod(32000, {}), {}, *cpuFleet.view).decision.node, 1u);
    }
};

QTEST_APPLESS_MAIN(TestDotProduct)
#include "tst_dot_product.moc"
