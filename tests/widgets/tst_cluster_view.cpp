// ClusterView: every node sits in its pool's band without overlap, tiles take the scale's
// colours by the chosen metric, hover text names node and devices, and the wheel zooms about
// the cursor.
#include "widgets/cluster_view.h"

#include "model/cluster.h"

#include <QApplication>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

using orrery::model::DeviceKind;
using orrery::widgets::ClusterMetric;
using orrery::widgets::ClusterSnapshot;
using orrery::widgets::ClusterView;

namespace {

constexpr std::int64_t kGiB = 1LL << 30;

ClusterSnapshot::Node node(const QString& name, std::uint32_t pool, std::int64_t millicores, std::int64_t usedMillicores,
    int gpus = 0, int usedGpus = 0)
{
    ClusterSnapshot::Node entry;
    entry.name = name;
    entry.pool = pool;
    entry.capacity.millicores = millicores;
    entry.capacity.memoryBytes = 64 * kGiB;
    entry.capacity.deviceCount(DeviceKind::Gpu) = gpus;
    entry.allocated.millicores = usedMillicores;
    entry.allocated.memoryBytes = 16 * kGiB;
    entry.allocated.deviceCount(DeviceKind::Gpu) = usedGpus;
    return entry;
}

//! Pools "cpu" (40 nodes), "mem" (7) and "gpu" (6 × 8 V100). cpu-0 is at 100 % CPU, cpu-1 at
//! 0 %; gpu-0 has 10 % CPU but all 8 GPUs allocated.
ClusterSnapshot threePools()
{
    ClusterSnapshot snapshot;
    snapshot.pools.push_back({QStringLiteral("cpu"), {}});
    snapshot.pools.push_back({QStringLiteral("mem"), {}});
    snapshot.pools.push_back({QStringLiteral("gpu"), {{DeviceKind::Gpu, QStringLiteral("V100"), 8}}});
    // Interleave pools so the layout, not the input order, has to group them.
    for (int i = 0; i < 40; ++i) {
        snapshot.nodes.push_back(node(QStringLiteral("cpu-%1").arg(i), 0, 32000, i == 0 ? 32000 : ((i - 1) * 800) % 32000));
        if (i < 7)
            snapshot.nodes.push_back(node(QStringLiteral("mem-%1").arg(i), 1, 16000, 8000));
        if (i < 6)
            snapshot.nodes.push_back(node(QStringLiteral("gpu-%1").arg(i), 2, 96000, i == 0 ? 9600 : 48000, 8, i == 0 ? 8 : i));
    }
    return snapshot;
}

int indexOf(const ClusterSnapshot& snapshot, const QString& name)
{
    for (std::size_t i = 0; i < snapshot.nodes.size(); ++i) {
        if (snapshot.nodes[i].name == name)
            return static_cast<int>(i);
    }
    return -1;
}

QColor pixelAt(ClusterView& view, QPoint point)
{
    const QImage image = view.viewport()->grab().toImage();
    return image.pixelColor(point * image.devicePixelRatio());
}

} // namespace

class TestClusterView : public QObject {
    Q_OBJECT

private slots:
    void snapshotFromCluster();
    void layoutGroupsByPoolWithoutOverlap();
    void tilesTakeScaleColours();
    void toolTipNamesNodeAndGpus();
    void wheelZoomsAboutCursor();
    void metricSwitchRecolours();
    void sharedGpusDrawnAsFilledColumns();
};

void TestClusterView::snapshotFromCluster()
{
    orrery::model::ClusterSpec spec;
    orrery::model::NodePoolSpec cpu;
    cpu.name = "cpu";
    cpu.count = 2;
    cpu.millicores = 8000;
    cpu.memoryBytes = 32 * kGiB;
    orrery::model::NodePoolSpec gpu = cpu;
    gpu.name = "gpu";
    gpu.count = 1;
    gpu.devices.push_back({DeviceKind::Gpu, "T4", 4});
    spec.pools = {cpu, gpu};
    orrery::model::Cluster cluster(spec);
    orrery::model::Resources request;
    request.millicores = 2000;
    request.deviceCount(DeviceKind::Gpu) = 3;
    QVERIFY(cluster.allocate(2, request));

    const ClusterSnapshot snapshot = orrery::widgets::clusterSnapshot(cluster);
    QCOMPARE(snapshot.pools.size(), std::size_t(2));
    QCOMPARE(snapshot.pools[1].devices.at(0).model, QStringLiteral("T4"));
    QCOMPARE(snapshot.pools[1].devices.at(0).count, 4);
    QCOMPARE(snapshot.nodes.size(), std::size_t(3));
    QCOMPARE(snapshot.nodes[2].pool, 1u);
    QCOMPARE(snapshot.nodes[2].allocated.deviceCount(DeviceKind::Gpu), 3);
    QCOMPARE(snapshot.nodes[2].capacity.deviceCount(DeviceKind::Gpu), 4);
    QCOMPARE(*orrery::widgets::nodeUtilization(snapshot.nodes[2], ClusterMetric::Gpu), 0.75);
    QVERIFY(!orrery::widgets::nodeUtilization(snapshot.nodes[0], ClusterMetric::Gpu));
}

void TestClusterView::layoutGroupsByPoolWithoutOverlap()
{
    ClusterView view;
    view.resize(300, 400);
    view.setSnapshot(threePools());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const ClusterSnapshot& snapshot = view.snapshot();
    const auto& bands = view.tileLayout().bands();
    QCOMPARE(bands.size(), std::size_t(3));
    for (std::size_t b = 1; b < bands.size(); ++b)
        QVERIFY(bands[b].titleRect.top() > bands[b - 1].tilesRect.bottom());
    QVERIFY(bands[0].tilesRect.height() > view.tileLayout().pitch()); // 40 nodes wrap into rows

    std::vector<QRect> tiles;
    for (std::size_t i = 0; i < snapshot.nodes.size(); ++i) {
        const QRect tile = view.tileLayout().tileRect(static_cast<int>(i));
        QVERIFY(!tile.isEmpty());
        QVERIFY2(bands[snapshot.nodes[i].pool].tilesRect.contains(tile), qPrintable(snapshot.nodes[i].name));
        QCOMPARE(view.tileLayout().nodeAt(tile.center()), static_cast<int>(i));
        for (const QRect& other : tiles)
            QVERIFY(!other.intersects(tile));
        tiles.push_back(tile);
    }
    QVERIFY(view.poolLabel(2).contains(QStringLiteral("8 × GPU V100")));
}

void TestClusterView::tilesTakeScaleColours()
{
    ClusterView view;
    view.resize(400, 400);
    view.setSnapshot(threePools());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTileSize(12);
    const int full = indexOf(view.snapshot(), QStringLiteral("cpu-0"));
    const int idle = indexOf(view.snapshot(), QStringLiteral("cpu-1"));
    QCOMPARE(pixelAt(view, view.tileRect(full).center()), view.colorScale().top());
    QCOMPARE(pixelAt(view, view.tileRect(idle).center()), view.colorScale().bottom());
    QVERIFY(view.colorScale().top() != view.colorScale().bottom());
}

void TestClusterView::toolTipNamesNodeAndGpus()
{
    ClusterView view;
    view.resize(400, 400);
    view.setSnapshot(threePools());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int gpu = indexOf(view.snapshot(), QStringLiteral("gpu-3"));
    const int hit = view.nodeAt(view.tileRect(gpu).center());
    QCOMPARE(hit, gpu);
    const QString text = view.toolTipText(hit);
    QVERIFY2(text.contains(QStringLiteral("gpu-3")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("8 × GPU V100")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("GPU: 3 / 8")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("CPU: 48 / 96 cores")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Pool: gpu")), qPrintable(text));
    // Between tiles and above the bands nothing is hit.
    QCOMPARE(view.nodeAt(QPoint(2, 2)), -1);
}

void TestClusterView::wheelZoomsAboutCursor()
{
    ClusterView view;
    view.resize(300, 160); // shorter than the content, so the view can scroll
    view.setSnapshot(threePools());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTileSize(8);
    const int target = indexOf(view.snapshot(), QStringLiteral("mem-3"));
    const QPoint anchor = view.tileRect(target).center();
    QCOMPARE(view.nodeAt(anchor), target);

    QWheelEvent wheel(anchor, view.viewport()->mapToGlobal(anchor), QPoint(), QPoint(0, 360), Qt::NoButton,
        Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY(view.tileSize() > 8);
    QCOMPARE(view.tileLayout().tileSize(), view.tileSize());
    QVERIFY(view.verticalScrollBar()->value() > 0);
    QVERIFY(std::abs(view.tileRect(target).center().y() - anchor.y()) <= 1); // same row height

    view.setTileSize(1000);
    QCOMPARE(view.tileSize(), ClusterView::kMaxTileSize);
    view.setTileSize(0);
    QCOMPARE(view.tileSize(), ClusterView::kMinTileSize);
}

void TestClusterView::metricSwitchRecolours()
{
    ClusterView view;
    view.resize(400, 400);
    view.setSnapshot(threePools());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTileSize(12);
    const int gpu = indexOf(view.snapshot(), QStringLiteral("gpu-0")); // 10 % CPU, 100 % GPU
    const QPoint centre = view.tileRect(gpu).center();
    const QColor byCpu = pixelAt(view, centre);
    QCOMPARE(byCpu, view.colorScale().color(0.1));

    QSignalSpy changed(&view, &ClusterView::metricChanged);
    view.setMetric(ClusterMetric::Gpu);
    QCOMPARE(changed.count(), 1);
    const QColor byGpu = pixelAt(view, centre);
    QVERIFY(byGpu != byCpu);
    QCOMPARE(byGpu, view.colorScale().top());

    view.setMetric(ClusterMetric::Power); // no data yet: the palette's neutral colour
    QCOMPARE(pixelAt(view, centre).rgb(), view.palette().color(QPalette::Mid).rgb());
}

// A node whose GPUs are listed one by one: coloured by GPU, each GPU is a column filled from the
// bottom to its share (whole GPUs in the scale's top colour, shares in the shared colour, the free
// part in the scale's bottom colour), so a fragment is a column partly filled; the tooltip lists
// every GPU and the node's GPU utilization is the milli-GPU held.
void TestClusterView::sharedGpusDrawnAsFilledColumns()
{
    ClusterSnapshot snapshot;
    snapshot.pools.push_back({QStringLiteral("gpu"), {{DeviceKind::Gpu, QStringLiteral("V100"), 4}}});
    snapshot.nodes.push_back(node(QStringLiteral("gpu-0"), 0, 96000, 0, 4, 2));
    snapshot.nodes[0].gpus.resize(4);
    snapshot.nodes[0].gpus[0] = {1000, true};  // whole
    snapshot.nodes[0].gpus[1] = {500, false};  // half shared: a fragment
    snapshot.gpuCaption = QStringLiteral("GPUs at peak");
    QVERIFY(snapshot.hasGpuShares());
    QCOMPARE(*orrery::widgets::nodeUtilization(snapshot.nodes[0], ClusterMetric::Gpu), 1500.0 / 4000.0);

    ClusterView view;
    view.resize(300, 200);
    view.setSnapshot(snapshot);
    view.setTileSize(40);
    view.setMetric(ClusterMetric::Gpu);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QRect tile = view.tileRect(0);
    // 38 px inside a 1 px border, 4 columns with 1 px gaps: 8 px each, centred.
    const int columnWidth = (tile.width() - 2 - 3) / 4;
    const int left = tile.left() + 1 + (tile.width() - 2 - (columnWidth * 4 + 3)) / 2;
    const auto columnX = [&](int gpu) { return left + gpu * (columnWidth + 1) + columnWidth / 2; };
    const int nearTop = tile.top() + 3;
    const int nearBottom = tile.bottom() - 3;
    const QColor whole = view.colorScale().top();
    const QColor shared = view.sharedGpuColor();
    const QColor free = view.colorScale().bottom();
    QCOMPARE(pixelAt(view, {columnX(0), nearTop}).rgb(), whole.rgb());
    QCOMPARE(pixelAt(view, {columnX(0), nearBottom}).rgb(), whole.rgb());
    QCOMPARE(pixelAt(view, {columnX(1), nearTop}).rgb(), free.rgb());     // the fragment's free half
    QCOMPARE(pixelAt(view, {columnX(1), nearBottom}).rgb(), shared.rgb()); // its held half
    QCOMPARE(pixelAt(view, {columnX(2), nearBottom}).rgb(), free.rgb());
    QCOMPARE(pixelAt(view, {columnX(3), nearTop}).rgb(), free.rgb());

    const QString tip = view.toolTipText(0);
    QVERIFY2(tip.contains(QStringLiteral("GPU 0: whole")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("GPU 1: 500 m shared, 500 m free")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("GPU 3: free")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("GPUs at peak")), qPrintable(tip));
    QVERIFY2(!tip.contains(QStringLiteral("GPU: 2 / 4")), qPrintable(tip)); // listed, not counted

    // Too small to tell GPUs apart: the tile takes the colour of what is held, as before.
    view.setTileSize(3); // under one pixel per GPU
    QTest::qWait(10);
    const QPoint centre = view.tileRect(0).center();
    QCOMPARE(pixelAt(view, centre).rgb(), view.colorScale().color(1500.0 / 4000.0).rgb());
    // Coloured by CPU, no columns.
    view.setTileSize(40);
    view.setMetric(ClusterMetric::Cpu);
    QTest::qWait(10);
    QCOMPARE(pixelAt(view, {columnX(0), nearTop}).rgb(), view.colorScale().color(0.0).rgb());
}

QTEST_MAIN(TestClusterView)
#include "tst_cluster_view.moc"
