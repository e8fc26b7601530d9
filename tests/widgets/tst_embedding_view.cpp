// EmbeddingView (issue 15 item 7): the scatter holds every point in one series per category with
// a legend entry each, t-SNE (on a worker) keeps them all, the current workload is one larger
// marker that moves, hover text names the application, the adaptation chart has the curves
// given, the grabbed widget shows the category colours, and PNG/SVG exports carry the content.
// Writes docs/screenshots/embedding-view.png with ORRERY_UPDATE_SCREENSHOTS=1 (else
// <build>/screenshots/embedding-view.png).
//
// ALL DATA HERE IS SYNTHETIC: the "applications" are Gaussian clusters in 16-D named after seed
// 001 §5.5.1's segment profiles, and the adaptation curves are saturating exponentials shaped
// like Fig. 5.8 (AWARE fastest, TL slowest). They are not results of any run.
#include "widgets/embedding_view.h"

#include "widgets/arm_colors.h"
#include "widgets/scatter_chart.h"
#include "widgets/time_series_chart.h"

#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <cmath>
#include <random>

using namespace orrery;
using widgets::EmbeddingProjection;
using widgets::EmbeddingView;
using widgets::EmbeddingViewData;

namespace {

const char* const kClasses[3] = {"cpu-bound", "io-bound", "memory-bound"};
const char* const kSegments[4] = {"floating-point compute", "image manipulation", "web serving", "compression"};

//! `count` synthetic applications in three resource classes (cluster centres 6 apart in 16-D),
//! each with a dominant segment; the current one is app-007; AWARE, TL and TL+ curves.
EmbeddingViewData syntheticData(int count)
{
    EmbeddingViewData data;
    data.title = "Workload embeddings (synthetic data)";
    std::mt19937_64 engine(2024);
    std::normal_distribution<float> normal;
    for (int i = 0; i < count; ++i) {
        const int cls = i % 3;
        widgets::EmbeddingPoint point;
        char id[16];
        std::snprintf(id, sizeof id, "app-%03d", i);
        point.id = id;
        point.label = std::string("synthetic ") + kSegments[(i / 3) % 4] + " " + std::to_string(i);
        point.vector.resize(16);
        for (std::size_t k = 0; k < point.vector.size(); ++k)
            point.vector[k] = normal(engine) + (k % 3 == static_cast<std::size_t>(cls) ? 6.0f : 0.0f);
        point.attributes["resource class"] = kClasses[cls];
        point.attributes["segment mix"] = kSegments[(i / 3) % 4];
        data.points.push_back(std::move(point));
    }
    data.current = "app-007";
    data.colorAttribute = "resource class";
    const std::pair<const char*, double> curves[3] = {{"AWARE", 4.0}, {"TL", 22.0}, {"TL+", 18.0}};
    for (const auto& [name, tau] : curves) {
        widgets::AdaptationCurve curve{name, {}};
        for (int episode = 0; episode <= 60; ++episode)
            curve.points.emplace_back(episode, -1.0 + 1.8 * (1.0 - std::exp(-episode / tau)));
        data.adaptation.push_back(std::move(curve));
    }
    return data;
}

int totalCategoryPoints(const EmbeddingView& view)
{
    int total = 0;
    for (const QScatterSeries* series : view.categorySeries())
        total += static_cast<int>(series->count());
    return total;
}

//! Pixels of `image` within `rect` (device pixels) close to `colour`.
int pixelsNear(const QImage& image, QRect rect, QColor colour)
{
    int count = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QColor at = image.pixelColor(x, y);
            if (std::abs(at.red() - colour.red()) + std::abs(at.green() - colour.green()) + std::abs(at.blue() - colour.blue()) < 30)
                ++count;
        }
    }
    return count;
}

} // namespace

class TestEmbeddingView : public QObject {
    Q_OBJECT

private slots:
    void scatterHasEveryPointInOneSeriesPerCategory();
    void colourByAnotherAttributeAndOverflow();
    void tsneRunsOffTheUiThreadAndKeepsEveryPoint();
    void currentPointIsHighlightedAndMoves();
    void hoverTextNamesTheApplication();
    void adaptationChartHasTheCurvesGiven();
    void screenshotShowsTheCategoryColours();
    void exportsPngAndSvg();
};

void TestEmbeddingView::scatterHasEveryPointInOneSeriesPerCategory()
{
    EmbeddingView view;
    view.setData(syntheticData(90));
    QCOMPARE(view.categorySeries().size(), 3);
    QCOMPARE(totalCategoryPoints(view), 90);
    for (const QScatterSeries* series : view.categorySeries())
        QCOMPARE(series->count(), 30);
    QCOMPARE(view.legendLabels(), (QStringList{QStringLiteral("cpu-bound"), QStringLiteral("io-bound"), QStringLiteral("memory-bound")}));
    QCOMPARE(view.colorAttributes(), (QStringList{QStringLiteral("resource class"), QStringLiteral("segment mix")}));
    QCOMPARE(view.colorAttribute(), QStringLiteral("resource class"));
    QCOMPARE(view.findChild<QComboBox*>(QStringLiteral("colorBox"))->currentText(), QStringLiteral("resource class"));
    QCOMPARE(view.projection(), EmbeddingProjection::Pca);
    // Three clusters in 16-D: two components hold most of the variance, and the status says so.
    const auto [first, second] = view.explainedVariance();
    QVERIFY2(first + second > 0.5, qPrintable(QString::number(first + second)));
    QVERIFY(view.statusText().contains(QStringLiteral("PCA of 90 points")));
    QVERIFY(view.scatterChart()->chart()->title().contains(QStringLiteral("synthetic data")));
    // Each series' points are where its points are laid out.
    const QScatterSeries* cpu = view.categorySeries().front();
    QCOMPARE(cpu->at(1), view.pointPosition(3)); // app-000, app-003, … are cpu-bound
    QCOMPARE(cpu->color(), widgets::armColor(0));
}

void TestEmbeddingView::colourByAnotherAttributeAndOverflow()
{
    EmbeddingView view;
    view.setData(syntheticData(90));
    view.findChild<QComboBox*>(QStringLiteral("colorBox"))->setCurrentIndex(1); // as a user would
    QCOMPARE(view.colorAttribute(), QStringLiteral("segment mix"));
    QCOMPARE(view.categorySeries().size(), 4);
    QCOMPARE(view.legendLabels().size(), 4);
    QCOMPARE(totalCategoryPoints(view), 90);

    // 15 distinct values: the nine most frequent keep a colour, the rest are "other"; points
    // without the attribute are "(none)", last.
    EmbeddingViewData data = syntheticData(60);
    for (int i = 0; i < 58; ++i)
        data.points[static_cast<std::size_t>(i)].attributes["family"] = "f" + std::to_string(i % 15);
    data.colorAttribute = "family";
    view.setData(data);
    QCOMPARE(view.colorAttribute(), QStringLiteral("family"));
    const QStringList legend = view.legendLabels();
    QCOMPARE(legend.size(), 11);
    QCOMPARE(legend.at(9), QStringLiteral("other"));
    QCOMPARE(legend.at(10), QStringLiteral("(none)"));
    QCOMPARE(totalCategoryPoints(view), 60);
}

void TestEmbeddingView::tsneRunsOffTheUiThreadAndKeepsEveryPoint()
{
    EmbeddingView view;
    view.setTsneParameters(15.0, 300, 3);
    view.setData(syntheticData(120));
    const QPointF pcaAt = view.pointPosition(5);
    QSignalSpy changed(&view, &EmbeddingView::layoutChanged);
    view.findChild<QComboBox*>(QStringLiteral("projectionBox"))->setCurrentIndex(1);
    QCOMPARE(view.projection(), EmbeddingProjection::Tsne);
    // setProjection returned before the layout exists: the worker computes it.
    QVERIFY(view.isComputing());
    QCOMPARE(view.shownProjection(), EmbeddingProjection::Pca);
    QVERIFY(view.statusText().contains(QStringLiteral("Computing t-SNE")));
    QVERIFY(changed.wait(30000));
    QVERIFY(!view.isComputing());
    QCOMPARE(view.shownProjection(), EmbeddingProjection::Tsne);
    QCOMPARE(totalCategoryPoints(view), 120);
    QCOMPARE(view.categorySeries().size(), 3);
    QCOMPARE(view.currentSeries()->count(), 1);
    QVERIFY(view.pointPosition(5) != pcaAt);
    QVERIFY(view.statusText().startsWith(QStringLiteral("t-SNE of 120 points")));
    QVERIFY(view.scatterChart()->chart()->title().endsWith(QStringLiteral("t-SNE")));
    // The classes stay apart: every point's nearest neighbour in the plane shares its class.
    for (int i = 0; i < 120; ++i) {
        int nearest = -1;
        double best = INFINITY;
        for (int j = 0; j < 120; ++j) {
            const QPointF d = view.pointPosition(i) - view.pointPosition(j);
            if (j != i && std::hypot(d.x(), d.y()) < best) {
                best = std::hypot(d.x(), d.y());
                nearest = j;
            }
        }
        QCOMPARE(nearest % 3, i % 3);
    }
    // Cached: back to PCA and to t-SNE again draws at once, the same layout.
    const QPointF tsneAt = view.pointPosition(5);
    view.setProjection(EmbeddingProjection::Pca);
    QCOMPARE(view.pointPosition(5), pcaAt);
    view.setProjection(EmbeddingProjection::Tsne);
    QVERIFY(!view.isComputing());
    QCOMPARE(view.pointPosition(5), tsneAt);
    // New data drops the cache (and would cancel a job in flight).
    view.setData(syntheticData(30));
    QVERIFY(view.isComputing());
    QCOMPARE(totalCategoryPoints(view), 30);
}

void TestEmbeddingView::currentPointIsHighlightedAndMoves()
{
    EmbeddingView view;
    view.setData(syntheticData(90));
    QScatterSeries* current = view.currentSeries();
    QVERIFY(current);
    QCOMPARE(current->count(), 1);
    QCOMPARE(current->at(0), view.pointPosition(7));
    QVERIFY(current->markerSize() > view.categorySeries().front()->markerSize());
    QCOMPARE(current->pen().color(), view.palette().color(QPalette::Text)); // outlined
    QCOMPARE(current->color(), widgets::armColor(1));                      // app-007 is io-bound
    QCOMPARE(view.legendLabels().size(), 3); // not a legend entry

    QVERIFY(view.setCurrent("app-042"));
    QCOMPARE(view.currentSeries()->count(), 1);
    QCOMPARE(view.currentSeries()->at(0), view.pointPosition(42));
    QCOMPARE(view.currentSeries()->color(), widgets::armColor(0)); // cpu-bound
    QCOMPARE(view.current(), std::optional<std::string>("app-042"));
    QVERIFY(!view.setCurrent("no-such-app"));
    QCOMPARE(view.currentSeries()->at(0), view.pointPosition(42));
    QVERIFY(view.setCurrent(""));
    QCOMPARE(view.currentSeries()->count(), 0);
    QVERIFY(!view.current());
    QCOMPARE(totalCategoryPoints(view), 90); // the highlight adds no point
}

void TestEmbeddingView::hoverTextNamesTheApplication()
{
    EmbeddingView view;
    view.setData(syntheticData(30));
    const QString text = view.toolTipText(4);
    QVERIFY2(text.startsWith(QStringLiteral("synthetic image manipulation 4 (app-004)")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("resource class: io-bound")));
    QVERIFY(text.contains(QStringLiteral("segment mix: image manipulation")));
    QVERIFY(!text.contains(QStringLiteral("current")));
    QVERIFY(view.toolTipText(7).contains(QStringLiteral("current workload")));
    QVERIFY(view.toolTipText(30).isEmpty());
    QCOMPARE(view.pointNear(view.pointPosition(4), 1e-9), 4);
    // A hover on the series (Qt Charts' signal) shows the same text.
    view.resize(900, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QScatterSeries* io = view.categorySeries().at(1);
    emit io->hovered(view.pointPosition(4), true);
    QTRY_COMPARE(QToolTip::text(), text);
    emit io->hovered(view.pointPosition(4), false);
    QTRY_VERIFY(!QToolTip::isVisible());
}

void TestEmbeddingView::adaptationChartHasTheCurvesGiven()
{
    EmbeddingView view;
    view.setData(syntheticData(30));
    const widgets::TimeSeriesChart* chart = view.adaptationChart();
    QCOMPARE(chart->seriesCount(), 3);
    QCOMPARE(chart->lineSeries(0)->name(), QStringLiteral("AWARE"));
    QCOMPARE(chart->lineSeries(1)->name(), QStringLiteral("TL"));
    QCOMPARE(chart->lineSeries(2)->name(), QStringLiteral("TL+"));
    QCOMPARE(chart->sourcePointCount(0), 61);
    QCOMPARE(chart->chart()->title(), QStringLiteral("k-shot adaptation"));
    // Live: one more episode of AWARE only.
    view.setAdaptationCurves({{"AWARE", {{0, -1.0}, {1, 0.2}}}});
    QCOMPARE(chart->seriesCount(), 1);
    QCOMPARE(chart->sourcePointCount(0), 2);
    QCOMPARE(view.data().adaptation.size(), std::size_t{1});
}

void TestEmbeddingView::screenshotShowsTheCategoryColours()
{
    EmbeddingView view;
    view.setData(syntheticData(150));
    view.resize(1200, 520);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(100); // let the charts lay out
    const QImage image = view.grab().toImage();
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1200 && image.height() >= 520);
    // The scatter's plot area, in the grabbed image's device pixels.
    widgets::ScatterChart* scatter = view.scatterChart();
    const qreal dpr = image.devicePixelRatio();
    const QRect plot = scatter->chart()->plotArea().toRect().translated(scatter->mapTo(&view, QPoint(0, 0)));
    const QRect pixels(plot.topLeft() * dpr, plot.size() * dpr);
    QSet<QRgb> colours;
    for (int y = pixels.top(); y <= pixels.bottom(); y += 2) {
        for (int x = pixels.left(); x <= pixels.right(); x += 2)
            colours.insert(image.pixel(x, y));
    }
    // The legend shows the three categories and not the current point's series.
    for (QScatterSeries* series : view.categorySeries())
        QVERIFY(scatter->chart()->legend()->markers(series).front()->isVisible());
    QVERIFY(!scatter->chart()->legend()->markers(view.currentSeries()).front()->isVisible());
    QVERIFY2(colours.size() > 1, qPrintable(QString::number(colours.size())));
    for (int c = 0; c < 3; ++c) {
        const int n = pixelsNear(image, pixels, widgets::armColor(c));
        QVERIFY2(n > 100, qPrintable(QStringLiteral("category %1: %2 pixels").arg(c).arg(n)));
    }
    // The adaptation curves are drawn in their colours too.
    widgets::TimeSeriesChart* curves = view.adaptationChart();
    const QRect curvePlot = curves->chart()->plotArea().toRect().translated(curves->mapTo(&view, QPoint(0, 0)));
    QVERIFY(pixelsNear(image, QRect(curvePlot.topLeft() * dpr, curvePlot.size() * dpr), widgets::armColor(2)) > 20);

    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString dir = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots") : QStringLiteral(ORRERY_BIN_DIR "/../screenshots");
    QDir().mkpath(dir);
    const QString out = QDir(dir).filePath(QStringLiteral("embedding-view.png"));
    QVERIFY2(image.save(out), qPrintable(out));
}

void TestEmbeddingView::exportsPngAndSvg()
{
    QTemporaryDir dir;
    EmbeddingView view;
    view.setData(syntheticData(60));
    view.resize(1000, 440);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const QString png = dir.filePath(QStringLiteral("embedding.png"));
    QVERIFY(view.exportPng(png));
    const QImage image(png);
    QVERIFY(!image.isNull());
    const QWidget* plots = view.scatterChart()->parentWidget();
    QCOMPARE(image.size(), plots->size() * 2);
    QVERIFY(pixelsNear(image, image.rect(), widgets::armColor(0)) > 100);

    const QString svg = dir.filePath(QStringLiteral("embedding.svg"));
    QVERIFY(view.exportSvg(svg));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(file.readAll());
    QVERIFY(written.startsWith(QStringLiteral("<?xml")));
    for (const QString& name : {QStringLiteral("cpu-bound"), QStringLiteral("io-bound"), QStringLiteral("memory-bound"),
                                QStringLiteral("AWARE"), QStringLiteral("TL+"), QStringLiteral("k-shot adaptation")})
        QVERIFY2(written.contains(name), qPrintable(name));
    // Every point is a vector mark: 60 circles plus the current workload's.
    QCOMPARE(written.count(QStringLiteral("<circle")), 61);

    // The report's inline SVG is the same drawing, also from a view that was never shown.
    const QString text = view.svgText();
    QVERIFY(text.contains(QStringLiteral("<svg")) && text.contains(QStringLiteral("memory-bound")));
    EmbeddingView hidden;
    hidden.setData(syntheticData(60));
    const QString report = hidden.svgText();
    QVERIFY(report.contains(QStringLiteral("<svg")));
    QVERIFY(report.contains(QStringLiteral("io-bound")));
    QVERIFY(report.contains(QStringLiteral("TL+")));
    QCOMPARE(report.count(QStringLiteral("<circle")), 61);
}

QTEST_MAIN(TestEmbeddingView)
#include "tst_embedding_view.moc"
