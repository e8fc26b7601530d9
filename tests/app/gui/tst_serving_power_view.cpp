// The Power tab (issue 16): a recorded model-serving run shows the chosen model's latency and
// power against the SM clock from the calibrated model, with its SLO line and the clock its
// device held, and each device's power and p99/SLO over the run.
#include "gui/main_window.h"
#include "gui/kinds/model_serving/serving_power_view.h"

#include "ops/project_run.h"
#include "ops/scenario_check.h"
#include "gui_test_support.h"
#include "serving_scenario_text.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "widgets/chart_export.h"
#include "widgets/fleet_heat_map.h"
#include "widgets/stacked_area_chart.h"
#include "widgets/time_series_chart.h"
#include "store/project.h"

#include <QAreaSeries>
#include <QElapsedTimer>
#include <QGroupBox>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;

namespace {


// Issue 17: a heterogeneous fleet (V100 and T4 at different prices) autoscaled by kube-hpa,
// replicas sharing GPUs concurrently.
const char* const kFleetScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: serving-fleet}
spec:
  seed: 7
  horizon: 2m
  cluster:
    pools:
      - {name: v100, count: 2, cpu: 8, memory: 16Gi, pricePerHour: 3.06, devices: [{kind: gpu, model: V100, count: 1}]}
      - {name: t4, count: 2, cpu: 8, memory: 16Gi, pricePerHour: 0.53, devices: [{kind: gpu, model: T4, count: 1}]}
  policies:
    placement: {plugin: hetsev-scheduler}
    control: {plugin: kube-hpa, params: {targetUtilization: 0.3, syncPeriod: 5s, scaleDownStabilization: 20s}}
  workloads:
    - name: serving
      kind: model-serving
      gpu: V100
      sloScale: 3
      controlPeriod: 1s
      sharing: concurrent
      autoscaling: on
      models:
        - {model: ResNet-50, arrivals: trace, trace: azure-conv, rate: 60/s}
        - {model: BERT-base, rate: 10/s}
)";

QList<QPointF> storedSeries(const store::Project& project, store::RunId runId, const std::string& name)
{
    QList<QPointF> points;
    for (const store::SeriesInfo& info : project.series(runId)) {
        if (info.name == name) {
            for (const store::Sample& sample : project.samples(info.id))
                points.append(QPointF(sim::toSeconds(sample.time), sample.value));
        }
    }
    return points;
}

} // namespace

class TestServingPowerView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_serving_power_view")); }

    void showsCurvesAndDeviceSeries()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("serving.orrery"));
        app::CheckedScenario checked = app::checkScenarioText(testing::kServingScenario, "serving-view.yaml", testing::pluginRegistry());
        QVERIFY2(checked.scenario, model::formatAll(checked.diagnostics).c_str());
        app::runIntoProject(*checked.scenario, testing::pluginRegistry(), path.toStdString());

        app::MainWindow window(testing::pluginRegistry());
        QSignalSpy loaded(window.kindView<app::ServingPowerView>(), &app::ServingPowerView::loaded);
        QVERIFY(window.openProject(path));
        QVERIFY(loaded.count() > 0 || loaded.wait(20000));
        window.showViewWidget(window.kindView<app::ServingPowerView>());
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const app::ServingPowerView* view = window.kindView<app::ServingPowerView>();
        QCOMPARE(window.findChild<QTabWidget*>(QStringLiteral("viewTabs"))->currentWidget(), static_cast<const QWidget*>(view));
        QVERIFY(!view->showsPlaceholder());
        QCOMPARE(view->modelBox()->count(), 3);
        QCOMPARE(view->modelBox()->currentText(), QStringLiteral("GPT2-large"));

        // Latency falls as the clock rises, flat near the top (Fig. 6.2 left); the SLO line is
        // sloScale × the latency at the default clock; the clock held (no control: default).
        const kinds::model_serving::GpuDeviceProfile& v100 = *kinds::model_serving::findGpuProfile("V100");
        const QList<QPointF> latency = view->latencyChart()->lineSeries(0)->points();
        QVERIFY(latency.size() > 10);
        for (qsizetype i = 1; i < latency.size(); ++i)
            QVERIFY(latency[i].y() <= latency[i - 1].y());
        const double dropLow = latency[0].y() - latency[1].y();
        const double dropHigh = latency[latency.size() - 2].y() - latency.back().y();
        QVERIFY(dropLow > 5 * dropHigh);
        const QList<QPointF> slo = view->latencyChart()->lineSeries(1)->points();
        QCOMPARE(slo.front().y(), 2.0 * latency.back().y()); // default clock = maximum on the V100
        QCOMPARE(view->markedMhz(), v100.defaultMhz);
        // Power rises with the clock while serving, above the idle floor (Fig. 6.2 right).
        const QList<QPointF> busy = view->powerCurveChart()->lineSeries(0)->points();
        const QList<QPointF> idle = view->powerCurveChart()->lineSeries(1)->points();
        for (qsizetype i = 1; i < busy.size(); ++i)
            QVERIFY(busy[i].y() > busy[i - 1].y());
        QVERIFY(busy.front().y() > idle.front().y());
        QCOMPARE(idle.front().y(), v100.idleWatts);

        // Per device over the run: three devices, power between idle and TDP.
        QCOMPARE(view->powerChart()->seriesCount(), 3);
        QCOMPARE(view->sloChart()->seriesCount(), 3);
        for (int d = 0; d < 3; ++d) {
            QVERIFY(view->powerChart()->sourcePointCount(d) > 100); // 3 min at 500 ms
            for (const QPointF& point : view->powerChart()->lineSeries(d)->points())
                QVERIFY(point.y() >= v100.idleWatts - 1e-6 && point.y() <= v100.maxWatts + 1e-6);
        }

        // Another model redraws the curves: ResNet-50 is not autoregressive and far faster.
        view->modelBox()->setCurrentIndex(2);
        QVERIFY(view->latencyChart()->lineSeries(0)->points().back().y() < latency.back().y() / 5);

        // Every chart exports itself (context menu "Export Chart…"): SVG with its title, PNG at 2×.
        widgets::TimeSeriesChart* latencyChart = view->latencyChart();
        QVERIFY(latencyChart->findChild<QAction*>(QStringLiteral("exportChartAction")));
        const QString svgPath = dir.filePath(QStringLiteral("latency.svg"));
        const QString pngPath = dir.filePath(QStringLiteral("latency.png"));
        QVERIFY(widgets::exportChartSvg(*latencyChart, svgPath));
        QVERIFY(widgets::exportChartPng(*latencyChart, pngPath));
        QFile svg(svgPath);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray svgText = svg.readAll();
        QVERIFY(svgText.contains("<svg"));
        QVERIFY(svgText.contains("Latency against SM clock"));
        QCOMPARE(QImage(pngPath).size(), latencyChart->size() * 2);

        QTest::qWait(100);
        const QImage image = window.grab().toImage();
        const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
        const QString out = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots/serving-power-view.png")
                                   : dir.filePath(QStringLiteral("serving-power-view.png"));
        QVERIFY2(image.save(out), qPrintable(out));
    }

    //! Issue 17: the Fleet section of a heterogeneous autoscaled run: cost by GPU type adding up
    //! to the run's serving.cost, a heat map matching the replica series, the SLO violations.
    void fleetSectionOfHeterogeneousAutoscaledRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fleet.orrery"));
        app::CheckedScenario checked = app::checkScenarioText(kFleetScenario, "serving-fleet.yaml", testing::pluginRegistry());
        QVERIFY2(checked.scenario, model::formatAll(checked.diagnostics).c_str());
        const store::RunId runId = app::runIntoProject(*checked.scenario, testing::pluginRegistry(), path.toStdString()).runId;

        app::ServingPowerView view;
        view.resize(1200, 1100);
        QSignalSpy loaded(&view, &app::ServingPowerView::loaded);
        view.showRun(path, runId);
        QVERIFY(loaded.wait(20000));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!view.showsPlaceholder());
        QVERIFY(view.fleetBox()->isVisible());

        const store::Project project = store::Project::open(path.toStdString());
        // Cost: one band per GPU type, V100 first (node order); the bands' sum at the end is the
        // run's serving.cost (series and metric).
        QCOMPARE(view.costChart()->bandCount(), 2);
        QCOMPARE(view.data().gpuTypes, (QStringList{QStringLiteral("V100"), QStringLiteral("T4")}));
        const QList<QPointF> cost = storedSeries(project, runId, "serving.cost");
        QVERIFY(cost.size() > 100);
        double sum = 0;
        for (const QList<QPointF>& band : view.data().costByType) {
            QCOMPARE(band.back().x(), cost.back().x());
            sum += band.back().y();
        }
        QVERIFY(cost.back().y() > 0);
        QVERIFY2(std::abs(sum - cost.back().y()) <= 1e-9 * cost.back().y(), qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(cost.back().y())));
        QVERIFY(std::abs(view.costChart()->totalAt(cost.back().x()) - cost.back().y()) <= 1e-9 * cost.back().y());
        // At every control period, too (the bands are cumulative at the same times).
        for (qsizetype i = 0; i < cost.size(); i += 7) {
            double at = 0;
            for (const QList<QPointF>& band : view.data().costByType)
                at += band[i].y();
            QVERIFY(std::abs(at - cost[i].y()) <= 1e-9 * std::max(1.0, cost[i].y()));
        }

        // Heat map: a row per device, a column per control period, cells = replicas series.
        const widgets::FleetHeatMap* map = view.heatMap();
        QCOMPARE(map->rowCount(), 4);
        const QList<QPointF> replicas0 = storedSeries(project, runId, "serving.v100-0.replicas");
        QCOMPARE(map->columnCount(), static_cast<int>(replicas0.size()));
        double maxReplicas = 0;
        for (int row = 0; row < 4; ++row) {
            const QString device = view.data().fleet[static_cast<std::size_t>(row)].name;
            const QList<QPointF> replicas = storedSeries(project, runId, "serving." + device.toStdString() + ".replicas");
            QCOMPARE(replicas.size(), static_cast<qsizetype>(map->columnCount()));
            for (int column = 0; column < map->columnCount(); ++column) {
                QCOMPARE(map->columnTime(column), replicas[column].x());
                QCOMPARE(map->cellValue(row, column), replicas[column].y());
                maxReplicas = std::max(maxReplicas, replicas[column].y());
            }
        }
        QVERIFY(maxReplicas >= 1);
        // The tooltip of the last cell of a device holding replicas names the models placed there.
        for (int row = 0; row < 4; ++row) {
            const int last = map->columnCount() - 1;
            if (map->cellValue(row, last) < 1)
                continue;
            const QString tip = map->cellToolTip(row, last);
            QVERIFY2(tip.contains(QStringLiteral("ResNet-50")) || tip.contains(QStringLiteral("BERT-base")), qPrintable(tip));
        }

        // SLO violations: 1 − serving.slo_attainment at every control period that finished requests.
        const QList<QPointF> attainment = storedSeries(project, runId, "serving.slo_attainment");
        QCOMPARE(view.violationChart()->seriesCount(), 1);
        QCOMPARE(view.violationChart()->sourcePointCount(0), attainment.size());
        for (qsizetype i = 0; i < attainment.size(); ++i) {
            QCOMPARE(view.data().sloViolations[i].x(), attainment[i].x());
            QCOMPARE(view.data().sloViolations[i].y(), 1.0 - attainment[i].y());
        }

        // Exports: the cost chart (value chart) and the heat map (PNG and SVG, its own menu).
        QVERIFY(view.heatMap()->findChild<QAction*>(QStringLiteral("exportChartAction")));
        QVERIFY(view.costChart()->findChild<QAction*>(QStringLiteral("exportChartAction")));
        const QString mapPng = dir.filePath(QStringLiteral("heat.png")), mapSvg = dir.filePath(QStringLiteral("heat.svg"));
        QVERIFY(widgets::exportWidgetPng(*view.heatMap(), mapPng));
        QVERIFY(widgets::exportWidgetSvg(*view.heatMap(), mapSvg, view.heatMap()->title()));
        QCOMPARE(QImage(mapPng).size(), view.heatMap()->size() * 2);
        QFile svg(mapSvg);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("Replicas per GPU"));
        QVERIFY(widgets::exportChartSvg(*view.costChart(), dir.filePath(QStringLiteral("cost.svg"))));
        QVERIFY(widgets::exportChartPng(*view.violationChart(), dir.filePath(QStringLiteral("slo.png"))));
    }

    //! The heat map of 1,000 devices × 1,000 samples sets up and paints fast (one scaled image).
    void heatMapOfLargeFleetIsFast()
    {
        QStringList names;
        std::vector<QList<QPointF>> rows;
        for (int d = 0; d < 1000; ++d) {
            names << QStringLiteral("gpu-%1").arg(d);
            QList<QPointF> row;
            row.reserve(1000);
            for (int t = 0; t < 1000; ++t)
                row.append(QPointF(0.5 * (t + 1), (d + t) % 5));
            rows.push_back(std::move(row));
        }
        widgets::FleetHeatMap map;
        map.resize(1200, 600);
        QElapsedTimer timer;
        timer.start();
        map.setRows(names, rows);
        const qint64 setUp = timer.elapsed();
        QCOMPARE(map.rowCount(), 1000);
        QCOMPARE(map.columnCount(), 1000);
        QCOMPARE(map.cellValue(3, 4), 2.0);
        QImage image(map.size(), QImage::Format_ARGB32_Premultiplied);
        timer.restart();
        constexpr int kPaints = 10;
        for (int i = 0; i < kPaints; ++i)
            map.render(&image);
        const qint64 paint = timer.elapsed() / kPaints;
        qInfo("heat map 1000 x 1000: setRows %lld ms, paint %lld ms", setUp, paint);
        QVERIFY(setUp < 2000);
        QVERIFY(paint < 200);
    }

    void runOfAnotherKindShowsPlaceholder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.orrery"));
        const store::RunId runId = testing::recordDemoRun(path, 3);
        app::ServingPowerView view;
        QSignalSpy loaded(&view, &app::ServingPowerView::loaded);
        view.showRun(path, runId);
        QVERIFY(loaded.wait(20000));
        QVERIFY(view.showsPlaceholder());
    }
};

QTEST_MAIN(TestServingPowerView)
#include "tst_serving_power_view.moc"
