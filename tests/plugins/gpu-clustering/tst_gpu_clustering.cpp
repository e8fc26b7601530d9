// gpu-clustering (Weng et al., ATC '23 §5.1): pods of one GPU request together, fuller nodes first.
#include "gpu_clustering_policy.h"
#include "gpu_sharing_test_cluster.h"

#include <QTest>

using namespace orrery;
using orrery::plugins::GpuClusteringPolicy;

class TestGpuClustering : public QObject {
    Q_OBJECT

private slots:
    void requestClassesAreThePeers()
    {
        QCOMPARE(GpuClusteringPolicy::requestClass({0, 460}), std::string("share-gpu"));
        QCOMPARE(GpuClusteringPolicy::requestClass({1, 0}), std::string("1-gpu"));
        QCOMPARE(GpuClusteringPolicy::requestClass({8, 0}), std::string("8-gpu"));
        QCOMPARE(GpuClusteringPolicy::requestClass({}), std::string());
    }

    void scoresByTier()
    {
        const std::vector<model::GpuShare> idleTwo(2);
        const std::vector<model::GpuShare> idleEight(8);
        // 25 × allocated share of the largest node (8 GPUs): an idle 2-GPU node counts 18.
        QCOMPARE(GpuClusteringPolicy::score({8000, idleTwo}, {}, {0, 500}), std::int64_t{18 + 25});
        QCOMPARE(GpuClusteringPolicy::score({8000, idleEight}, {}, {0, 500}), std::int64_t{0 + 25});
        QCOMPARE(GpuClusteringPolicy::score({8000, idleEight}, {{"share-gpu", 2}}, {0, 500}), std::int64_t{75});
        QCOMPARE(GpuClusteringPolicy::score({8000, idleEight}, {{"share-gpu", 2}, {"1-gpu", 1}}, {0, 500}), std::int64_t{50});
        QCOMPARE(GpuClusteringPolicy::score({8000, idleEight}, {{"1-gpu", 1}}, {0, 500}), std::int64_t{0});
        QCOMPARE(GpuClusteringPolicy::score({8000, idleEight}, {{"1-gpu", 1}}, {}), std::int64_t{0});
    }

    void likeRequestsClusterOnOneNode()
    {
        testing::SharedGpuCluster fleet({64000, 64000, 64000}, {8, 8, 8});
        GpuClusteringPolicy policy({});
        bool allPlaced = true;
        const auto place = [&](const model::GpuRequest& gpus) -> std::uint32_t {
            const auto placement = policy.placeOnGpus(testing::gpuPod(1000, gpus), gpus, *fleet.view);
            allPlaced = allPlaced && !placement.decision.deferred &&
                fleet.ledger->allocate(placement.decision.node, testing::gpuPod(1000, gpus).request, gpus, placement.gpu);
            return placement.decision.node;
        };
        QCOMPARE(place({0, 500}), 0u); // all idle: the first
        QCOMPARE(place({1, 0}), 1u);   // node 0 runs shares only: an idle node scores higher
        QCOMPARE(place({0, 300}), 0u); // back with the shares
        QCOMPARE(place({1, 0}), 1u);   // with its kind
        QCOMPARE(place({2, 0}), 2u);   // a new kind: the idle node
        QVERIFY(allPlaced);
    }
};

QTEST_APPLESS_MAIN(TestGpuClustering)
#include "tst_gpu_clustering.moc"
