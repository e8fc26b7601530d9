// model::SharedGpus: GPUs shared by fraction, allocated and released per device, with the
// Cluster's whole-device counts kept in step (docs/model.md, "GPU sharing").
#include "model/device_model_match.h"
#include "model/shared_gpus.h"

#include <QTest>

#include <stdexcept>

using namespace orrery;
using model::GpuRequest;

namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;

//! Node 0: 8 cores, 2 V100M16. Node 1: 4 cores, 1 T4. Node 2: CPU only.
model::NodePoolSpec pool(std::string name, std::int64_t millicores, std::int64_t gib, std::string gpuModel = {}, int gpus = 0)
{
    model::NodePoolSpec spec;
    spec.name = std::move(name);
    spec.count = 1;
    spec.millicores = millicores;
    spec.memoryBytes = gib * kGiB;
    if (gpus > 0)
        spec.devices = {{model::DeviceKind::Gpu, std::move(gpuModel), gpus}};
    return spec;
}

model::Cluster smallFleet()
{
    return model::Cluster(model::ClusterSpec{{pool("v100", 8000, 64, "V100M16", 2), pool("t4", 4000, 16, "T4", 1), pool("cpu", 4000, 16)}});
}

model::Resources host(std::int64_t millicores, std::int64_t gib = 1)
{
    model::Resources resources;
    resources.millicores = millicores;
    resources.memoryBytes = gib * kGiB;
    return resources;
}

} // namespace

class TestSharedGpus : public QObject {
    Q_OBJECT

private slots:
    void everyGpuStartsFree()
    {
        model::Cluster cluster = smallFleet();
        const model::SharedGpus gpus(cluster);
        QCOMPARE(gpus.gpusOf(0).size(), std::size_t{2});
        QCOMPARE(gpus.gpusOf(1).size(), std::size_t{1});
        QCOMPARE(gpus.gpusOf(2).size(), std::size_t{0});
        QCOMPARE(gpus.milliCapacity(), std::int64_t{3000});
        QCOMPARE(gpus.milliAllocated(), std::int64_t{0});
    }

    void sharesStackOnOneGpuAndReleasePerDevice()
    {
        model::Cluster cluster = smallFleet();
        model::SharedGpus gpus(cluster);
        QVERIFY(gpus.allocate(0, host(1000), GpuRequest{0, 600}, 1));
        QVERIFY(gpus.allocate(0, host(1000), GpuRequest{0, 400}, 1));
        QCOMPARE(gpus.gpusOf(0)[1].usedMilli, 1000);
        QVERIFY(!gpus.gpusOf(0)[1].whole);
        QCOMPARE(gpus.gpusOf(0)[0].usedMilli, 0);
        // A full GPU takes no more; the other one still does.
        QVERIFY(!gpus.fitsOn(0, 1, host(100), GpuRequest{0, 1}));
        QVERIFY(!gpus.allocate(0, host(100), GpuRequest{0, 1}, 1));
        QVERIFY(gpus.fitsOn(0, 0, host(100), GpuRequest{0, 999}));
        // The cluster counts a GPU anyone holds part of as allocated, and the host part as usual.
        QCOMPARE(cluster.node(0).allocated.deviceCount(model::DeviceKind::Gpu), 1);
        QCOMPARE(cluster.node(0).allocated.millicores, std::int64_t{2000});
        QCOMPARE(gpus.milliAllocated(), std::int64_t{1000});

        gpus.release(0, host(1000), GpuRequest{0, 600}, 1);
        QCOMPARE(gpus.gpusOf(0)[1].usedMilli, 400);
        QCOMPARE(cluster.node(0).allocated.deviceCount(model::DeviceKind::Gpu), 1);
        gpus.release(0, host(1000), GpuRequest{0, 400}, 1);
        QCOMPARE(gpus.gpusOf(0)[1].usedMilli, 0);
        QCOMPARE(cluster.node(0).allocated, model::Resources{});
        QCOMPARE(gpus.milliAllocated(), std::int64_t{0});
        QVERIFY_THROWS_EXCEPTION(std::logic_error, gpus.release(0, host(0), GpuRequest{0, 400}, 1));
    }

    void wholeGpusTakeOnlyGpusNobodyShares()
    {
        model::Cluster cluster = smallFleet();
        model::SharedGpus gpus(cluster);
        QVERIFY(gpus.allocate(0, host(500), GpuRequest{0, 100}, 0));
        // One of the two GPUs is shared, so two whole GPUs no longer fit; one does, on GPU 1.
        QVERIFY(!gpus.fits(0, host(500), GpuRequest{2, 0}, ""));
        QVERIFY(!gpus.allocate(0, host(500), GpuRequest{2, 0}));
        QVERIFY(gpus.allocate(0, host(500), GpuRequest{1, 0}));
        QVERIFY(gpus.gpusOf(0)[1].whole);
        QCOMPARE(gpus.gpusOf(0)[1].usedMilli, 1000);
        QCOMPARE(cluster.node(0).available().deviceCount(model::DeviceKind::Gpu), 0);
        // A share never lands on a GPU held whole, however much it asks.
        QVERIFY(!gpus.fitsOn(0, 1, host(0), GpuRequest{0, 1}));
        gpus.release(0, host(500), GpuRequest{1, 0}, -1);
        QVERIFY(!gpus.gpusOf(0)[1].whole);
        QCOMPARE(cluster.node(0).available().deviceCount(model::DeviceKind::Gpu), 1);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, gpus.release(0, host(0), GpuRequest{1, 0}, -1));
    }

    void theHostChoosesTheFullestGpuTheShareFits()
    {
        model::Cluster cluster = smallFleet();
        model::SharedGpus gpus(cluster);
        QVERIFY(gpus.allocate(0, host(0), GpuRequest{0, 300}, 0));
        QVERIFY(gpus.allocate(0, host(0), GpuRequest{0, 500}, 1));
        QCOMPARE(gpus.fullestGpuFitting(0, 400), 1); // 500 free beats 700 free
        QCOMPARE(gpus.fullestGpuFitting(0, 600), 0);
        QCOMPARE(gpus.fullestGpuFitting(0, 800), -1);
        QVERIFY(gpus.allocate(0, host(0), GpuRequest{0, 400}));
        QCOMPARE(gpus.gpusOf(0)[1].usedMilli, 900);
        QVERIFY(!gpus.allocate(0, host(0), GpuRequest{0, 800}));
    }

    void hostResourcesAndModelsStillBind()
    {
        model::Cluster cluster = smallFleet();
        model::SharedGpus gpus(cluster);
        QVERIFY(!gpus.fits(1, host(5000), GpuRequest{0, 100}, ""));         // 4 cores only
        QVERIFY(!gpus.fits(1, host(100, 17), GpuRequest{0, 100}, ""));      // 16 GiB only
        QVERIFY(!gpus.fits(2, host(100), GpuRequest{0, 100}, ""));          // no GPU at all
        QVERIFY(gpus.fits(2, host(100), GpuRequest{}, "V100M16"));          // no GPU asked: no model needed
        QVERIFY(gpus.fits(0, host(100), GpuRequest{0, 100}, "V100M32|V100M16"));
        QVERIFY(!gpus.fits(1, host(100), GpuRequest{0, 100}, "V100M32|V100M16"));
        QVERIFY(!gpus.allocate(1, host(5000), GpuRequest{0, 100}, 0));
        QCOMPARE(gpus.gpusOf(1)[0].usedMilli, 0); // a refused share changes nothing
        QCOMPARE(cluster.node(1).allocated, model::Resources{});
    }

    void badRequestsAreRefusedLoudly()
    {
        model::Cluster cluster = smallFleet();
        model::SharedGpus gpus(cluster);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gpus.allocate(0, host(0), GpuRequest{0, 1000}, 0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gpus.allocate(0, host(0), GpuRequest{1, 500}, 0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gpus.allocate(0, host(0), GpuRequest{0, 500}, 2));
    }

    void aLedgerOverAnAllocatedClusterCountsItsGpusWhole()
    {
        model::Cluster cluster = smallFleet();
        model::Resources twoGpus = host(100);
        twoGpus.deviceCount(model::DeviceKind::Gpu) = 2;
        QVERIFY(cluster.allocate(0, twoGpus));
        const model::SharedGpus gpus(cluster);
        QVERIFY(gpus.gpusOf(0)[0].whole && gpus.gpusOf(0)[1].whole);
        QCOMPARE(gpus.milliAllocated(), std::int64_t{2000});
    }

    void traceRequestsReadAsTheTraceMeansThem()
    {
        QCOMPARE(GpuRequest::fromTrace(1, 460).sharedMilli, 460);
        QCOMPARE(GpuRequest::fromTrace(1, 460).wholeGpus, 0);
        QCOMPARE(GpuRequest::fromTrace(1, 1000).wholeGpus, 1);
        QCOMPARE(GpuRequest::fromTrace(8, 1000).milli(), std::int64_t{8000});
        QVERIFY(GpuRequest::fromTrace(0, 0).empty());
    }

    void deviceModelsMatchOneOfTheAlternatives_data()
    {
        QTest::addColumn<QString>("wanted");
        QTest::addColumn<QString>("offered");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("any") << "" << "T4" << true;
        QTest::newRow("exact") << "T4" << "T4" << true;
        QTest::newRow("caseMatters") << "t4" << "T4" << false;
        QTest::newRow("second") << "V100M16|V100M32" << "V100M32" << true;
        QTest::newRow("prefixIsNotAMatch") << "V100" << "V100M16" << false;
        QTest::newRow("emptyAlternativesSkipped") << "|T4|" << "T4" << true;
        QTest::newRow("noneOf") << "A10|G2" << "T4" << false;
        QTest::newRow("onlyBars") << "||" << "T4" << true;
    }

    void deviceModelsMatchOneOfTheAlternatives()
    {
        QFETCH(QString, wanted);
        QFETCH(QString, offered);
        QFETCH(bool, accepted);
        QCOMPARE(model::deviceModelAccepts(wanted.toStdString(), offered.toStdString()), accepted);
    }
};

QTEST_APPLESS_MAIN(TestSharedGpus)
#include "tst_shared_gpus.moc"
