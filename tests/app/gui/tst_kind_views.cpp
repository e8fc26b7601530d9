// Views that come with their kind (app/gui/kind_views.h): the window shows the tabs a selected
// run's workload kinds bring and hides the others; a view registered from outside the window
// gets its tab with no edit to the main window; the Power view reads what a stored serving run
// is from the run itself (run.serving.gpu, run.serving.model), not by parsing its scenario again.
#include "gui/kind_views.h"
#include "gui/kinds/model_serving/serving_power_view.h"
#include "gui/kinds/model_serving/serving_run_data.h"
#include "gui/kinds/strl_jobs/strl_plan_view.h"
#include "gui/kinds/training_jobs/flowcon_view.h"
#include "gui/main_window.h"
#include "gui/run_list_model.h"
#include "ops/project_run.h"
#include "ops/scenario_check.h"
#include "gui_test_support.h"
#include "serving_scenario_text.h"
#include "store/project.h"

#include <QAction>
#include <QLabel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <string>

#include <sqlite3.h>

using namespace orrery;

namespace {


//! A view of the batch-jobs kind registered by this test, as a new kind's folder would.
class BatchQueueView : public app::KindRunView {
public:
    void showRun(const QString&, store::RunId runId) override { shownRun = runId; }
    void clear() override { shownRun = 0; }
    store::RunId shownRun = 0;
};

store::RunId recordServingRun(const QString& path)
{
    // The serving tests' run, with ResNet-50 given an SLO scale of its own (3; the workload's is 2).
    std::string text = testing::kServingScenario;
    const std::string resnet = "{model: ResNet-50, rate: 8/s}";
    text.replace(text.find(resnet), resnet.size(), "{model: ResNet-50, rate: 8/s, sloScale: 3}");
    app::CheckedScenario checked = app::checkScenarioText(text, "serving-tabs.yaml", testing::pluginRegistry());
    if (!checked.scenario)
        qFatal("%s", model::formatAll(checked.diagnostics).c_str());
    return app::runIntoProject(*checked.scenario, testing::pluginRegistry(), path.toStdString()).runId;
}

void selectRunRow(app::MainWindow& window, int row)
{
    auto* explorer = window.findChild<QTreeView*>(QStringLiteral("projectExplorer"));
    const QModelIndex group = explorer->model()->index(0, 0);
    const QModelIndex index = explorer->model()->index(row, app::RunListModel::ScenarioColumn, group);
    QTest::mouseClick(explorer->viewport(), Qt::LeftButton, {}, explorer->visualRect(index).center());
}

} // namespace

class TestKindViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        testing::isolateSettings(QStringLiteral("tst_kind_views"));
        app::registerBuiltInKindViews();
        app::registerKindView({QStringLiteral("batchQueueView"), QT_TRANSLATE_NOOP("orrery::app::MainWindow", "Queue"),
                               QT_TRANSLATE_NOOP("orrery::app::MainWindow", "&Queue"), {"BatchJobs"},
                               [] { return new BatchQueueView; }});
    }

    void tabsFollowTheSelectedRunsKinds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kinds.orrery"));
        const store::RunId batch = testing::recordDemoRun(path, 7); // three BatchJobs workloads
        const store::RunId serving = recordServingRun(path);

        app::MainWindow window(testing::pluginRegistry());
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(path));
        auto* power = window.kindView<app::ServingPowerView>();
        auto* flowcon = window.kindView<app::FlowConView>();
        auto* plan = window.kindView<app::StrlPlanView>();
        auto* queue = window.findChild<BatchQueueView*>(QStringLiteral("batchQueueView"));
        QVERIFY(power && flowcon && plan && queue);
        QCOMPARE(window.kindViews().size(), std::size_t{4});

        // Opening shows the newest run: the serving one has the Power tab only.
        QTRY_VERIFY(window.isKindViewShown(power));
        QVERIFY(!window.isKindViewShown(flowcon));
        QVERIFY(!window.isKindViewShown(plan));
        QVERIFY(!window.isKindViewShown(queue));
        QCOMPARE(queue->shownRun, store::RunId{0});

        // The demo run: the test's own Queue view, nothing of serving, training or STRL.
        selectRunRow(window, 0);
        QTRY_VERIFY(window.isKindViewShown(queue));
        QCOMPARE(queue->shownRun, batch);
        QVERIFY(!window.isKindViewShown(power));
        const auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        auto* queueAction = window.findChild<QAction*>(QStringLiteral("viewTab%1Action").arg(tabs->indexOf(queue)));
        QVERIFY(queueAction && queueAction->isEnabled());
        queueAction->trigger();
        QCOMPARE(window.currentViewWidget(), static_cast<QWidget*>(queue));
        QCOMPARE(window.currentViewTab(), app::MainWindow::ViewTab::KindView);
        auto* powerAction = window.findChild<QAction*>(QStringLiteral("viewTab%1Action").arg(tabs->indexOf(power)));
        QVERIFY(powerAction && !powerAction->isEnabled());
        window.showViewWidget(power); // a hidden tab is not brought up
        QCOMPARE(window.currentViewWidget(), static_cast<QWidget*>(queue));

        selectRunRow(window, 1);
        QTRY_VERIFY(window.isKindViewShown(power));
        QVERIFY(!window.isKindViewShown(queue));
        QCOMPARE(queue->shownRun, store::RunId{0}); // cleared: the run has no batch jobs
        QTRY_VERIFY(power->runId() == serving);
    }

    void servingViewNeedsNoScenarioParser()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("serving.orrery"));
        const store::RunId runId = recordServingRun(path);
        // The stored scenario no longer parses: what the view shows comes from the run itself.
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "UPDATE scenarios SET source_text = 'not: [a scenario'", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        QVERIFY(!store::Project::open(path.toStdString()).scenarioText(runId)->starts_with("apiVersion"));

        const app::ServingRunData data = app::loadServingRunData(path.toStdString(), runId);
        QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
        QVERIFY(data.isServing);
        QCOMPARE(data.gpu, QStringLiteral("V100"));
        QCOMPARE(data.models.size(), std::size_t{3});
        QCOMPARE(data.models[1].name, QStringLiteral("BERT-base"));
        QCOMPARE(data.models[1].sloScale, 2.0); // the workload's
        QCOMPARE(data.models[2].name, QStringLiteral("ResNet-50"));
        QCOMPARE(data.models[2].sloScale, 3.0); // its own
        QCOMPARE(data.models[0].name, QStringLiteral("GPT2-large"));
        QVERIFY(!data.models[0].devices.isEmpty());
        // The fleet (devices, GPU models, replica series) comes from the run's run.serving.device records.
        QCOMPARE(data.fleet.size(), std::size_t{3});
        for (const auto& device : data.fleet) {
            QCOMPARE(device.gpuType, QStringLiteral("V100"));
            QVERIFY(!device.replicas.isEmpty());
        }
        QCOMPARE(data.gpuTypes, QStringList{QStringLiteral("V100")});
        QVERIFY(!data.showsFleet); // one GPU type, no autoscaling

        // The window's kind tabs read the same record.
        const auto kinds = app::runWorkloadKinds(store::Project::open(path.toStdString()), runId);
        QVERIFY(kinds);
        QCOMPARE(*kinds, std::vector<std::string>{"model-serving"});
    }
};

QTEST_MAIN(TestKindViews)
#include "tst_kind_views.moc"
