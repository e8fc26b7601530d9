// The Power tab (issue 16): a recorded model-serving run shows the chosen model's latency and
// power against the SM clock from the calibrated model, with its SLO line and the clock its
// device held, and each device's power and p99/SLO over the run.
#include "gui/main_window.h"
#include "gui/serving_power_view.h"

#include "cli/project_run.h"
#include "cli/scenario_check.h"
#include "gui_test_support.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "widgets/chart_export.h"
#include "widgets/time_series_chart.h"

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

const char* const kScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: serving-view}
spec:
  seed: 4
  horizon: 3m
  cluster:
    pools:
      - {name: gpus, count: 3, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  policies: {placement: {plugin: kube}}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
      sloScale: 2
      models:
        - {model: GPT2-large, rate: 0.6/s, trace: azure-conv}
        - {model: BERT-base, rate: 4/s}
        - {model: ResNet-50, rate: 8/s}
)";

} // namespace

class TestServingPowerView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_serving_power_view")); }

    void showsCurvesAndDeviceSeries()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("serving.orrery"));
        app::CheckedScenario checked = app::checkScenarioText(kScenario, "serving-view.yaml", testing::pluginRegistry());
        QVERIFY2(checked.scenario, model::formatAll(checked.diagnostics).c_str());
        app::runIntoProject(*checked.scenario, testing::pluginRegistry(), path.toStdString());

        app::MainWindow window(testing::pluginRegistry());
        QSignalSpy loaded(window.servingPowerView(), &app::ServingPowerView::loaded);
        QVERIFY(window.openProject(path));
        QVERIFY(loaded.count() > 0 || loaded.wait(20000));
        window.showViewTab(app::MainWindow::ViewTab::Power);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const app::ServingPowerView* view = window.servingPowerView();
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
