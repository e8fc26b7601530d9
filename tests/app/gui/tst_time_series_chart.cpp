// TimeSeriesChart and decimateMinMax: long series are drawn with at most two points per pixel
// column, extremes survive, and the chart re-decimates when it gets wider. Time bands shade
// stretches of the x axis behind the lines, one legend entry per label.
#include "widgets/series_decimation.h"
#include "widgets/time_series_chart.h"

#include <QAreaSeries>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPalette>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

using orrery::widgets::decimateMinMax;
using orrery::widgets::TimeBand;
using orrery::widgets::TimeSeriesChart;

namespace {

QList<QPointF> wave(int count, int spikeAt = -1)
{
    QList<QPointF> points;
    for (int i = 0; i < count; ++i)
        points.append(QPointF(i * 0.5, std::sin(i * 0.01) + (i == spikeAt ? 50.0 : 0.0)));
    return points;
}

double maxY(const QList<QPointF>& points)
{
    return std::max_element(points.begin(), points.end(), [](QPointF a, QPointF b) { return a.y() < b.y(); })->y();
}

double minY(const QList<QPointF>& points)
{
    return std::min_element(points.begin(), points.end(), [](QPointF a, QPointF b) { return a.y() < b.y(); })->y();
}

} // namespace

class TestTimeSeriesChart : public QObject {
    Q_OBJECT

private slots:
    void decimationBound_data();
    void decimationBound();
    void decimationKeepsExtremesInOrder();
    void decimationDropsNaN();
    void chartDecimatesToPlotWidth();
    void chartAxesFollowData();
    void bandsShadeBehindLines();
    void bandsAreVisibleInLightAndDark_data();
    void bandsAreVisibleInLightAndDark();
    void bandsClear();
};

void TestTimeSeriesChart::decimationBound_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("buckets");
    QTest::addColumn<int>("expected"); // -1: at most 2 × buckets

    QTest::newRow("empty") << 0 << 10 << 0;
    QTest::newRow("fits") << 20 << 10 << 20;
    QTest::newRow("noBuckets") << 500 << 0 << 500;
    QTest::newRow("oneBucket") << 500 << 1 << 2;
    QTest::newRow("long") << 100000 << 800 << -1;
    QTest::newRow("barelyOver") << 21 << 10 << -1;
}

void TestTimeSeriesChart::decimationBound()
{
    QFETCH(int, count);
    QFETCH(int, buckets);
    QFETCH(int, expected);
    const auto out = decimateMinMax(wave(count), buckets);
    if (expected >= 0) {
        QCOMPARE(out.size(), expected);
    } else {
        QVERIFY(out.size() <= 2 * buckets);
        QVERIFY(out.size() >= buckets); // every bucket holds points here
    }
}

void TestTimeSeriesChart::decimationKeepsExtremesInOrder()
{
    const auto points = wave(100000, 54321);
    const auto out = decimateMinMax(points, 300);
    QCOMPARE(maxY(out), maxY(points));
    QCOMPARE(minY(out), minY(points));
    QVERIFY(std::is_sorted(out.begin(), out.end(), [](QPointF a, QPointF b) { return a.x() < b.x(); }));
    QCOMPARE(out.front().x() <= 0.5 * 100000 / 300, true); // the first bucket is drawn
    QVERIFY(out.back().x() >= points.back().x() - 0.5 * 100000 / 300);
    for (const QPointF& point : out)
        QVERIFY(points.contains(point)); // only real samples, nothing interpolated
}

void TestTimeSeriesChart::decimationDropsNaN()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QList<QPointF> points{{0, 1}, {1, nan}, {2, 3}};
    QCOMPARE(decimateMinMax(points, 10), (QList<QPointF>{{0, 1}, {2, 3}}));
}

void TestTimeSeriesChart::chartDecimatesToPlotWidth()
{
    TimeSeriesChart chart;
    chart.resize(500, 300);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    const auto points = wave(200000, 777);
    QLineSeries* line = chart.addSeries(QStringLiteral("load"), points);
    QCOMPARE(chart.sourcePointCount(0), points.size());
    const int narrow = chart.decimationBuckets();
    QVERIFY(narrow > 100 && narrow <= 500);
    QVERIFY(line->count() <= 2 * narrow);
    QCOMPARE(maxY(line->points()), maxY(points)); // the one-sample spike is still drawn

    chart.resize(1400, 300);
    QTRY_VERIFY(chart.decimationBuckets() > 2 * narrow);
    QTRY_VERIFY(line->count() > 2 * narrow); // re-decimated for the wider plot
    QVERIFY(line->count() <= 2 * chart.decimationBuckets());

    chart.addSeries(QStringLiteral("short"), wave(50));
    QCOMPARE(chart.lineSeries(1)->count(), 50); // short series are drawn as they are
    chart.clearSeries();
    QCOMPARE(chart.seriesCount(), 0);
    QVERIFY(chart.chart()->series().isEmpty());
}

void TestTimeSeriesChart::chartAxesFollowData()
{
    TimeSeriesChart chart;
    chart.addSeries(QStringLiteral("a"), {{10, 2}, {20, 7}, {30, 5}});
    const auto axes = chart.chart()->axes();
    QCOMPARE(axes.size(), 2);
    auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).front());
    auto* y = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).front());
    QCOMPARE(x->min(), 10.0);
    QCOMPARE(x->max(), 30.0);
    QCOMPARE(y->min(), 0.0);
    QVERIFY(y->max() >= 7.0);
    chart.setFixedYRange(0, 100);
    chart.addSeries(QStringLiteral("b"), {{0, 500}, {40, 1}});
    QCOMPARE(y->max(), 100.0);
    QCOMPARE(x->min(), 0.0);
    QCOMPARE(x->max(), 40.0);
}

void TestTimeSeriesChart::bandsShadeBehindLines()
{
    TimeSeriesChart chart;
    chart.setAxisTitles(QStringLiteral("min"), QStringLiteral("%"));
    chart.setFixedYRange(0, 100);
    QLineSeries* line = chart.addSeries(QStringLiteral("cpu"), {{0, 20}, {8, 60}}, Qt::black);
    const QColor blue(QStringLiteral("#0072B2"));
    const QColor orange(QStringLiteral("#D55E00"));
    chart.setBands({{5, 10, QStringLiteral("serving"), orange},
                    {0, 2, QStringLiteral("offline"), blue},
                    {3, 3, QStringLiteral("empty"), blue}, // no length: dropped
                    {2, 5, QStringLiteral("online"), {}},   // no colour: the palette's
                    {12, 14, QStringLiteral("offline"), blue}});

    QCOMPARE(chart.bands().size(), 4);
    QCOMPARE(chart.bandLabels(),
             (QStringList{QStringLiteral("serving"), QStringLiteral("offline"), QStringLiteral("online")}));
    QVERIFY(!chart.bandSeries(QStringLiteral("empty")));
    // One area per label, all before the line (drawn beneath it), the line's colour kept.
    const QList<QAbstractSeries*> series = chart.chart()->series();
    QCOMPARE(series.size(), 4);
    QCOMPARE(series.back(), line);
    QCOMPARE(line->color(), QColor(Qt::black));
    QAreaSeries* offline = chart.bandSeries(QStringLiteral("offline"));
    QVERIFY(offline);
    QCOMPARE(series.indexOf(offline), 1);
    // Both stretches of "offline" in one area, full height of its own hidden 0–1 axis.
    QCOMPARE(offline->upperSeries()->points(),
             (QList<QPointF>{{0, 0}, {0, 1}, {2, 1}, {2, 0}, {12, 0}, {12, 1}, {14, 1}, {14, 0}}));
    const QList<QAbstractAxis*> offlineAxes = offline->attachedAxes();
    QCOMPARE(offlineAxes.size(), 2);
    auto* bandAxis = qobject_cast<QValueAxis*>(offlineAxes.back());
    QVERIFY(bandAxis);
    QVERIFY(!bandAxis->isVisible());
    QCOMPARE(bandAxis->min(), 0.0);
    QCOMPARE(bandAxis->max(), 1.0);
    // The data's axes: y as fixed, x widened to the last band.
    auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).front());
    auto* y = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).front());
    QCOMPARE(y->max(), 100.0);
    QCOMPARE(x->min(), 0.0);
    QCOMPARE(x->max(), 14.0);
    // Translucent fills in the bands' hues; the palette's first colour for the one without.
    QCOMPARE(offline->brush().color().rgb(), blue.rgb());
    QVERIFY(offline->brush().color().alpha() < 128);
    QCOMPARE(chart.bandSeries(QStringLiteral("serving"))->brush().color().rgb(), orange.rgb());
    QVERIFY(chart.bandSeries(QStringLiteral("online"))->brush().color().isValid());
    QVERIFY(chart.bandSeries(QStringLiteral("online"))->brush().color().rgb() != orange.rgb());
    // A legend entry per label, in the band's hue.
    const QList<QLegendMarker*> markers = chart.chart()->legend()->markers(offline);
    QCOMPARE(markers.size(), 1);
    QCOMPARE(markers.front()->label(), QStringLiteral("offline"));
    QCOMPARE(markers.front()->brush().color(), offline->brush().color()); // looks like the band
    QCOMPARE(markers.front()->pen().color(), blue); // edged in its full hue
    // The tooltip names the label and the stretch under the cursor.
    QCOMPARE(chart.bandToolTip(QStringLiteral("offline"), 13.0), QStringLiteral("offline: from 12 to 14 (min)"));
    QCOMPARE(chart.bandToolTip(QStringLiteral("offline"), 1.0), QStringLiteral("offline: from 0 to 2 (min)"));
    QVERIFY(chart.bandToolTip(QStringLiteral("offline"), 7.0).isEmpty());

    // A line added afterwards lies above the bands too.
    QLineSeries* later = chart.addSeries(QStringLiteral("mem"), {{0, 10}, {8, 30}});
    QCOMPARE(chart.chart()->series().back(), later);
}

void TestTimeSeriesChart::bandsAreVisibleInLightAndDark_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestTimeSeriesChart::bandsAreVisibleInLightAndDark()
{
    QFETCH(bool, dark);
    TimeSeriesChart chart;
    if (dark) {
        QPalette palette = chart.palette();
        palette.setColor(QPalette::Window, QColor(0x30, 0x30, 0x30));
        palette.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        palette.setColor(QPalette::WindowText, Qt::white);
        palette.setColor(QPalette::Text, Qt::white);
        chart.setPalette(palette);
    }
    chart.resize(600, 400);
    chart.addSeries(QStringLiteral("low"), {{0, 1}, {10, 1}}, Qt::red);
    chart.setFixedYRange(0, 10);
    const QColor green(QStringLiteral("#009E73"));
    chart.setBands({{4, 6, QStringLiteral("serving"), green}});
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QAreaSeries* area = chart.bandSeries(QStringLiteral("serving"));
    QVERIFY(area);
    QCOMPARE(area->brush().color().rgb(), green.rgb());

    // What a person sees near the top of the plot: tinted inside the band, background outside.
    const QImage image = chart.grab().toImage();
    const qreal ratio = image.devicePixelRatio();
    const auto pixelAt = [&](double xValue) {
        const QPointF scenePos = chart.chart()->mapToPosition(QPointF(xValue, 0.9), area);
        const QPoint viewPos = chart.mapFromScene(scenePos);
        return image.pixelColor(QPoint(qRound(viewPos.x() * ratio), qRound(viewPos.y() * ratio)));
    };
    const QColor inside = pixelAt(5.0);
    const QColor outside = pixelAt(9.0); // between the grid lines at 8 and 10
    const QColor background = chart.palette().color(QPalette::Base);
    QCOMPARE(outside.rgb(), background.rgb());
    QVERIFY2(inside.rgb() != background.rgb(), qPrintable(inside.name()));
    // Green dominates the tint, and it differs from the background by a visible margin.
    QVERIFY2(inside.green() > inside.red() && inside.green() > inside.blue(), qPrintable(inside.name()));
    const int contrast = std::abs(inside.red() - background.red()) + std::abs(inside.green() - background.green())
                         + std::abs(inside.blue() - background.blue());
    QVERIFY2(contrast >= 40, qPrintable(QStringLiteral("%1 on %2").arg(inside.name(), background.name())));
}

void TestTimeSeriesChart::bandsClear()
{
    TimeSeriesChart chart;
    chart.addSeries(QStringLiteral("a"), {{10, 2}, {20, 7}});
    chart.setBands({{0, 30, QStringLiteral("online"), Qt::blue}});
    QCOMPARE(chart.chart()->axes().size(), 3);
    auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).front());
    QCOMPARE(x->max(), 30.0);

    chart.clearBands();
    QVERIFY(chart.bands().isEmpty());
    QVERIFY(!chart.bandSeries(QStringLiteral("online")));
    QCOMPARE(chart.chart()->series().size(), 1); // the line stays
    QCOMPARE(chart.chart()->axes().size(), 2);   // as if there had never been bands
    QCOMPARE(x->min(), 10.0);
    QCOMPARE(x->max(), 20.0);

    chart.setBands({{0, 30, QStringLiteral("online"), Qt::blue}});
    chart.setBands({{0, 5, QStringLiteral("offline"), Qt::blue}}); // replaces
    QCOMPARE(chart.bandLabels(), QStringList{QStringLiteral("offline")});
    QCOMPARE(chart.chart()->series().size(), 2);
    QCOMPARE(chart.chart()->axes().size(), 3);
    chart.clearSeries(); // removes the bands too
    QVERIFY(chart.bands().isEmpty());
    QVERIFY(chart.chart()->series().isEmpty());
    QCOMPARE(chart.chart()->axes().size(), 2);
    chart.setBands({});
    QCOMPARE(chart.chart()->axes().size(), 2);
}

QTEST_MAIN(TestTimeSeriesChart)
#include "tst_time_series_chart.moc"
