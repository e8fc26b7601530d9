// Dark mode: the views paint their backgrounds from the palette (QPalette::Base/Window), never a
// hard-coded white, so a dark palette gives dark views and a light one light views.
#include "gui/live_dock.h"
#include "widgets/cluster_view.h"
#include "widgets/time_series_chart.h"
#include "widgets/trace_view.h"

#include <QApplication>
#include <QImage>
#include <QTableView>
#include <QTest>

#include <functional>
#include <memory>

using namespace orrery;

namespace {

QPalette makePalette(bool dark)
{
    QPalette palette;
    const QColor window = dark ? QColor(0x20, 0x22, 0x25) : QColor(0xef, 0xef, 0xef);
    const QColor base = dark ? QColor(0x17, 0x18, 0x1a) : QColor(0xff, 0xff, 0xff);
    const QColor text = dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x10, 0x10, 0x10);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, dark ? base.lighter(130) : base.darker(105));
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Mid, dark ? QColor(0x50, 0x50, 0x50) : QColor(0xa0, 0xa0, 0xa0));
    return palette;
}

widgets::ClusterSnapshot smallSnapshot()
{
    widgets::ClusterSnapshot snapshot;
    snapshot.pools.push_back({QStringLiteral("pool"), {}});
    model::Resources capacity;
    capacity.millicores = 4000;
    capacity.memoryBytes = 8LL << 30;
    snapshot.nodes.push_back({QStringLiteral("n1"), 0, capacity, {}, {}});
    return snapshot;
}

//! The mean lightness of the widget's pixels near its bottom-right corner (background there).
int cornerLightness(QWidget* widget)
{
    const QImage image = widget->grab().toImage();
    int sum = 0;
    int count = 0;
    for (int y = image.height() - 12; y < image.height() - 4; ++y)
        for (int x = image.width() - 30; x < image.width() - 22; ++x, ++count)
            sum += image.pixelColor(x, y).lightness();
    return count ? sum / count : -1;
}

} // namespace

class TestDarkPalette : public QObject {
    Q_OBJECT
private slots:
    void backgroundFollowsPalette_data();
    void backgroundFollowsPalette();
};

void TestDarkPalette::backgroundFollowsPalette_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<bool>("dark");
    for (const char* view : {"cluster", "chart", "trace", "liveTable"}) {
        QTest::addRow("%s-dark", view) << QString::fromLatin1(view) << true;
        QTest::addRow("%s-light", view) << QString::fromLatin1(view) << false;
    }
}

void TestDarkPalette::backgroundFollowsPalette()
{
    QFETCH(QString, view);
    QFETCH(bool, dark);
    QApplication::setPalette(makePalette(dark));
    std::unique_ptr<QWidget> widget;
    QWidget* probe = nullptr;
    if (view == QLatin1String("cluster")) {
        auto* cluster = new widgets::ClusterView;
        cluster->setSnapshot(smallSnapshot());
        widget.reset(cluster);
    } else if (view == QLatin1String("chart")) {
        auto* chart = new widgets::TimeSeriesChart;
        chart->addSeries(QStringLiteral("s"), {{0, 1}, {1, 2}});
        widget.reset(chart);
    } else if (view == QLatin1String("trace")) {
        widget = std::make_unique<widgets::TraceView>();
    } else {
        auto* dock = new app::LiveDock;
        widget.reset(dock);
        probe = dock->findChild<QTableView*>(QStringLiteral("liveNodeTable"))->viewport();
    }
    widget->resize(640, 480);
    widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(widget.get()));
    const int lightness = cornerLightness(probe ? probe : widget.get());
    if (dark)
        QVERIFY2(lightness < 80, qPrintable(QStringLiteral("%1: lightness %2 under a dark palette").arg(view).arg(lightness)));
    else
        QVERIFY2(lightness > 180, qPrintable(QStringLiteral("%1: lightness %2 under a light palette").arg(view).arg(lightness)));
}

QTEST_MAIN(TestDarkPalette)
#include "tst_dark_palette.moc"
