// bench_cluster_view: ClusterView at 10,000 nodes. Prints "<figure> <value> <unit>" lines
// (docs/architecture.md §11).
//   cluster_view_10k_paint  — mean of 20 full paints (render() into a QImage, 1600×1000,
//                             8 px tiles, every tile in view)
//   cluster_view_10k_layout — mean of 20 tile layouts of the same snapshot
// The nodes are the Alibaba GPU 2023 node list (openb_node_list_all_node.csv: sn, cpu_milli,
// memory_mib, gpu, model) replicated to 10,000, with random allocations (seed 42); without
// the file, a synthetic cluster of the same shape.
// Usage: bench_cluster_view [NODE_LIST.csv] [--screenshot FILE.png] [--dark]
#include "widgets/cluster_view.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QPalette>
#include <QTextStream>

#include <chrono>
#include <cstdio>
#include <map>
#include <random>

using namespace orrery;
using widgets::ClusterSnapshot;

namespace {

struct Row {
    std::int64_t millicores = 0;
    std::int64_t memoryMib = 0;
    int gpus = 0;
    QString model;
};

std::vector<Row> readNodeList(const QString& path)
{
    std::vector<Row> rows;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    QTextStream in(&file);
    in.readLine(); // header
    while (!in.atEnd()) {
        const QStringList cells = in.readLine().split(QLatin1Char(','));
        if (cells.size() < 5)
            continue;
        rows.push_back({cells[1].toLongLong(), cells[2].toLongLong(), cells[3].toInt(), cells[4].trimmed()});
    }
    return rows;
}

std::vector<Row> syntheticNodeList()
{
    std::vector<Row> rows;
    const char* models[] = {"V100M32", "P100", "T4", "A10", "G2"};
    for (int i = 0; i < 1500; ++i) {
        if (i % 3 == 0)
            rows.push_back({96000, 786432, 0, QString()});
        else
            rows.push_back({96000, 786432, i % 2 ? 8 : 2, QString::fromLatin1(models[i % 5])});
    }
    return rows;
}

ClusterSnapshot snapshotOf(const std::vector<Row>& rows, int nodeCount)
{
    ClusterSnapshot snapshot;
    std::map<std::pair<int, QString>, std::uint32_t> poolOf;
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> fraction(0.0, 1.0);
    for (int i = 0; i < nodeCount; ++i) {
        const Row& row = rows[static_cast<std::size_t>(i) % rows.size()];
        const auto key = std::make_pair(row.gpus, row.model);
        auto it = poolOf.find(key);
        if (it == poolOf.end()) {
            ClusterSnapshot::Pool pool;
            pool.name = row.gpus == 0 ? QStringLiteral("cpu") : QStringLiteral("gpu-%1x%2").arg(row.gpus).arg(row.model);
            if (row.gpus > 0)
                pool.devices.push_back({model::DeviceKind::Gpu, row.model, row.gpus});
            it = poolOf.emplace(key, static_cast<std::uint32_t>(snapshot.pools.size())).first;
            snapshot.pools.push_back(std::move(pool));
        }
        ClusterSnapshot::Node node;
        node.name = QStringLiteral("openb-node-%1").arg(i, 5, 10, QLatin1Char('0'));
        node.pool = it->second;
        node.capacity.millicores = row.millicores;
        node.capacity.memoryBytes = row.memoryMib << 20;
        node.capacity.deviceCount(model::DeviceKind::Gpu) = row.gpus;
        node.allocated.millicores = static_cast<std::int64_t>(fraction(rng) * row.millicores);
        node.allocated.memoryBytes = static_cast<std::int64_t>(fraction(rng) * node.capacity.memoryBytes);
        node.allocated.deviceCount(model::DeviceKind::Gpu) =
            std::uniform_int_distribution<int>(0, row.gpus)(rng);
        snapshot.nodes.push_back(std::move(node));
    }
    return snapshot;
}

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QString csv;
    QString screenshot;
    bool dark = false;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--screenshot") && i + 1 < args.size())
            screenshot = args[++i];
        else if (args[i] == QLatin1String("--dark"))
            dark = true;
        else
            csv = args[i];
    }
    std::vector<Row> rows = csv.isEmpty() ? std::vector<Row>() : readNodeList(csv);
    if (rows.empty()) {
        if (!csv.isEmpty())
            std::fprintf(stderr, "bench_cluster_view: cannot read %s, using a synthetic cluster\n", qPrintable(csv));
        rows = syntheticNodeList();
    }
    constexpr int kNodes = 10000;
    constexpr int kRepeats = 20;

    widgets::ClusterView view;
    if (dark) {
        QPalette palette;
        palette.setColor(QPalette::Window, QColor(37, 37, 38));
        palette.setColor(QPalette::WindowText, QColor(230, 230, 230));
        palette.setColor(QPalette::Base, QColor(30, 30, 30));
        palette.setColor(QPalette::Text, QColor(230, 230, 230));
        palette.setColor(QPalette::Mid, QColor(90, 90, 90));
        view.setPalette(palette);
    }
    view.resize(1600, 1000);
    view.setSnapshot(snapshotOf(rows, kNodes));
    view.setTileSize(8);

    widgets::ClusterTileLayout layout;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRepeats; ++i)
        layout.compute(view.snapshot(), view.viewport()->width(), 8 + i % 2, 16, widgets::ClusterView::kLegendHeight);
    const double layoutMs = millisecondsSince(start) / kRepeats;

    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.render(&image); // warm up fonts and caches
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRepeats; ++i)
        view.render(&image);
    const double paintMs = millisecondsSince(start) / kRepeats;

    std::printf("cluster_view_10k_paint %.3f ms\n", paintMs);
    std::printf("cluster_view_10k_layout %.3f ms\n", layoutMs);
    if (view.tileLayout().contentHeight() > view.viewport()->height())
        std::fprintf(stderr, "note: content is taller than the view; the paint covers the visible rows only\n");
    if (!screenshot.isEmpty() && !view.grab().save(screenshot))
        std::fprintf(stderr, "bench_cluster_view: cannot write %s\n", qPrintable(screenshot));
    return 0;
}
