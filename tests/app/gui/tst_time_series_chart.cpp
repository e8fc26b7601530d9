// TimeSeriesChart and decimateMinMax: long series are drawn with at most two points per pixel
// column, extremes survive, and the chart re-decimates when it gets wider.
#include "widgets/series_decimation.h"
#include "widgets/time_series_chart.h"

#include <QLineSeries>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

using orrery::widgets::decimateMinMax;
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

QTEST_MAIN(TestTimeSeriesChart)
#include "tst_time_series_chart.moc"
