// The Training dock (issue 7): `firm` trains on a worker thread into the open project; the reward
// chart gains one point per episode, progress reaches 100 %, the model lands in the project and
// the explorer's Trained models; Cancel stops after the current episode keeping its checkpoint,
// while a 10 ms timer on the UI thread keeps firing.
#include "gui/main_window.h"
#include "gui/project_catalog_model.h"
#include "gui/train_control_dialog.h"
#include "gui/training_dock.h"
#include "gui_test_support.h"
#include "store/project.h"
#include "widgets/time_series_chart.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QFileInfo>
#include <QProgressBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using namespace orrery;
using orrery::app::MainWindow;
using orrery::app::TrainingDock;

namespace {

constexpr int kTimeoutMs = 300000;
const QString kScenario = QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-firm.yaml");

policy::ControlTrainingConfig config(std::uint32_t episodes, std::uint32_t checkpointEvery)
{
    policy::ControlTrainingConfig result;
    result.episodes = episodes;
    result.stepsPerEpisode = 10;
    result.checkpointEvery = checkpointEvery;
    return result;
}

} // namespace

class TestTrainingView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void trainsIntoTheProject();
    void showsEveryAgentAndChurnForMultiAgentTraining();
    void showsEvaluationsBesideTheReferencesAndTheSelection();
    void dialogEvaluatesATenthOfTheRunUntilTold();
    void cancelKeepsCheckpointsAndTheUiResponsive();
    void screenshot();

private:
    QTemporaryDir m_dir;
};

void TestTrainingView::initTestCase()
{
    testing::isolateSettings(QStringLiteral("tst_training_view"));
    QVERIFY(m_dir.isValid());
    QVERIFY(testing::pluginRegistry().isTrainableControl("firm"));
}

void TestTrainingView::trainsIntoTheProject()
{
    const QString projectPath = m_dir.filePath(QStringLiteral("train.orrery"));
    MainWindow window(testing::pluginRegistry());
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(projectPath));
    auto* trainAction = window.findChild<QAction*>(QStringLiteral("trainControlAction"));
    QVERIFY(trainAction);
    QVERIFY(trainAction->isEnabled());
    TrainingDock* dock = window.trainingDock();
    QSignalSpy finished(dock, &TrainingDock::trainingFinished);
    QVERIFY(window.startTraining(QStringLiteral("firm"), kScenario, config(3, 2), 7));
    QVERIFY(dock->isRunning());
    QVERIFY(!trainAction->isEnabled()); // one training at a time
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(finished.first().at(0).toBool(), false); // not cancelled
    QVERIFY2(finished.first().at(2).toString().isEmpty(), qPrintable(finished.first().at(2).toString()));
    const qint64 modelId = finished.first().at(1).toLongLong();
    QVERIFY(modelId > 0);

    QCOMPARE(dock->rewardPoints().size(), 3);
    QCOMPARE(dock->rewardChart()->sourcePointCount(0), 3);
    QCOMPARE(dock->rewardPoints().last().x(), 3.0);
    QCOMPARE(dock->stepPoints().size(), 3);
    QVERIFY(dock->stepPoints().first().y() >= 1 && dock->stepPoints().first().y() <= 10);
    QCOMPARE(dock->progressBar()->value(), 100);
    QVERIFY(trainAction->isEnabled());

    // The checkpoint of episode 2 and the final model, as `orrery train firm` stores them.
    const store::Project project = store::Project::open(projectPath.toStdString());
    const auto models = project.listModels();
    QCOMPARE(models.size(), std::size_t{2});
    const auto latest = project.latestModel("firm");
    QVERIFY(latest.has_value());
    QCOMPARE(latest->id, modelId);
    QCOMPARE(latest->seed, std::uint64_t{7});
    QVERIFY(!latest->bytes.empty());

    // The explorer lists them under Trained models.
    auto* tree = window.findChild<QTreeView*>(QStringLiteral("projectCatalog"));
    QVERIFY(tree);
    auto* catalog = qobject_cast<app::ProjectCatalogModel*>(tree->model());
    QVERIFY(catalog);
    QCOMPARE(catalog->rowCount(catalog->modelsGroupIndex()), 2);

}

// From 10 episodes on the dock evaluates the model every tenth of the run on held-out episodes,
// beside no-control, hold-at-base and random, charts the critic's statistics, and says which
// model the evaluations chose.
void TestTrainingView::showsEvaluationsBesideTheReferencesAndTheSelection()
{
    const QString projectPath = m_dir.filePath(QStringLiteral("evaluate.orrery"));
    MainWindow window(testing::pluginRegistry());
    window.resize(1400, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(projectPath));
    TrainingDock* dock = window.trainingDock();
    QSignalSpy finished(dock, &TrainingDock::trainingFinished);
    policy::ControlTrainingConfig settings = config(10, 0);
    settings.stepsPerEpisode = 5;
    QVERIFY(window.startTraining(QStringLiteral("firm"), kScenario, settings, 2));
    QVERIFY(finished.wait(kTimeoutMs));
    QVERIFY2(finished.first().at(2).toString().isEmpty(), qPrintable(finished.first().at(2).toString()));

    QCOMPARE(dock->referencePoints().keys(), (QList<QString>{"hold-at-base", "no-control", "random"}));
    QCOMPARE(dock->evaluationPoints().size(), 10); // every episode (a tenth of 10)
    QCOMPARE(dock->evaluationPoints().last().x(), 10.0);
    QVERIFY(dock->evaluationChart()->isVisible());
    QCOMPARE(dock->evaluationChart()->seriesCount(), 4); // three references and the model
    // The seed's DDPG reports its losses only: the critic chart, no saturation chart.
    QVERIFY(dock->updateStatPoints().contains("update.critic_loss"));
    QVERIFY(dock->criticChart()->isVisible());
    QVERIFY(!dock->boundChart()->isVisible());
    QTRY_VERIFY(dock->selectionLabel()->isVisible());
    QVERIFY2(dock->selectionLabel()->text().contains("held-out episodes"), qPrintable(dock->selectionLabel()->text()));

    // What the dock showed is what the project keeps: the final model's curve.
    const store::Project project = store::Project::open(projectPath.toStdString());
    const auto models = project.listModels();
    QVERIFY(!models.empty());
    int evaluations = 0;
    for (const auto& [name, value] : models.front().metrics)
        evaluations += name.rfind("evaluation.return.", 0) == 0 ? 1 : 0;
    QCOMPARE(evaluations, 10);
}

// The dialog's evaluation interval follows a tenth of the episodes until the user sets one.
void TestTrainingView::dialogEvaluatesATenthOfTheRunUntilTold()
{
    app::TrainControlDialog dialog(testing::pluginRegistry(), kScenario);
    auto* episodes = dialog.findChild<QSpinBox*>(QStringLiteral("trainEpisodes"));
    auto* every = dialog.findChild<QSpinBox*>(QStringLiteral("trainEvaluationEvery"));
    auto* count = dialog.findChild<QSpinBox*>(QStringLiteral("trainEvaluationEpisodes"));
    QVERIFY(episodes && every && count);
    QCOMPARE(dialog.evaluationEvery(), 2u); // 20 episodes by default
    episodes->setValue(400);
    QCOMPARE(dialog.evaluationEvery(), 40u);
    episodes->setValue(5);
    QCOMPARE(dialog.evaluationEvery(), 0u); // too short a run to evaluate by default
    QCOMPARE(every->specialValueText(), QStringLiteral("never"));
    every->setValue(7); // the user's choice stays
    episodes->setValue(1000);
    QCOMPARE(dialog.evaluationEvery(), 7u);
    count->setValue(5);
    QCOMPARE(dialog.evaluationEpisodes(), 5u);
}

// The SIMPPO family reports each agent's reward: one line per agent, churn marked, convergence
// counted (Table 4.4's rule).
void TestTrainingView::showsEveryAgentAndChurnForMultiAgentTraining()
{
    const QString scenarioPath = m_dir.filePath(QStringLiteral("churn.yaml"));
    QFile file(scenarioPath);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: churn-small}
spec:
  seed: 4
  horizon: 60s
  cluster:
    pools:
      - {name: invokers, count: 1, cpu: 4, memory: 8Gi}
  workloads:
    - name: faas
      kind: Functions
      platform: {invokers: invokers, controlPeriod: 2s}
      defaults: {containers: 1, arrivals: {pattern: flat, rate: 5/s}}
      functions:
        - {name: a, profile: image-resize}
        - {name: b, profile: html-gen}
      churn: {every: 2, changes: [1]}
)");
    file.close();
    MainWindow window(testing::pluginRegistry());
    window.resize(1400, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("team.orrery"))));
    TrainingDock* dock = window.trainingDock();
    QSignalSpy finished(dock, &TrainingDock::trainingFinished);
    policy::ControlTrainingConfig settings = config(4, 0);
    settings.stepsPerEpisode = 5;
    QVERIFY(window.startTraining(QStringLiteral("simppo"), scenarioPath, settings, 3));
    QVERIFY(finished.wait(kTimeoutMs));
    QVERIFY2(finished.first().at(2).toString().isEmpty(), qPrintable(finished.first().at(2).toString()));
    QCOMPARE(dock->rewardPoints().size(), 4);
    QCOMPARE(dock->agentPoints().size(), 3);                     // a, b and the function churn added
    QCOMPARE(dock->agentPoints().value(QStringLiteral("a")).size(), 4);
    QCOMPARE(dock->churnEvents().size(), 1);
    QCOMPARE(dock->churnEvents().first(), (QPair<quint32, int>{3, 1})); // added before episode 3
    QVERIFY(dock->agentChart()->isVisible());
    QCOMPARE(dock->agentChart()->seriesCount(), 4);               // 3 agents + the churn marker
    QVERIFY(dock->convergenceLabel()->isVisible());
    QVERIFY2(dock->convergenceLabel()->text().contains(QStringLiteral("of 3 agents")), qPrintable(dock->convergenceLabel()->text()));
}

// docs/screenshots/training-view.png (ORRERY_UPDATE_SCREENSHOTS=1 writes it there): a longer
// training, so the curves have a shape.
void TestTrainingView::screenshot()
{
    MainWindow window(testing::pluginRegistry());
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("screenshot.orrery"))));
    QSignalSpy finished(window.trainingDock(), &TrainingDock::trainingFinished);
    policy::ControlTrainingConfig settings = config(16, 4);
    settings.stepsPerEpisode = 40;
    QVERIFY(window.startTraining(QStringLiteral("firm"), kScenario, settings, 1));
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(window.trainingDock()->rewardPoints().size(), 16);
    QTest::qWait(100); // let the layout settle before grabbing
    const QImage image = window.grab().toImage();
    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString out = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots/training-view.png")
                               : m_dir.filePath(QStringLiteral("training-view.png"));
    QVERIFY2(image.save(out), qPrintable(out));
    qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(out)));
}

void TestTrainingView::cancelKeepsCheckpointsAndTheUiResponsive()
{
    const QString projectPath = m_dir.filePath(QStringLiteral("cancel.orrery"));
    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(projectPath));
    TrainingDock* dock = window.trainingDock();
    QSignalSpy finished(dock, &TrainingDock::trainingFinished);

    int ticks = 0;
    qint64 longestGapMs = 0;
    QElapsedTimer sinceTick;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        if (ticks > 0)
            longestGapMs = std::max(longestGapMs, sinceTick.elapsed());
        sinceTick.restart();
        ++ticks;
    });
    timer.start();
    QVERIFY(window.startTraining(QStringLiteral("firm"), kScenario, config(50, 1)));
    // Cancel after a few episodes, not the first: one FIRM episode here takes ~10 ms, too short
    // for the 10 ms UI timer below to tick reliably while a parallel ctest loads the machine.
    connect(dock->job(), &app::TrainingJob::episodeFinished, dock, [dock](quint32 episode) {
        if (episode == 8)
            dock->cancel();
    });
    QVERIFY(finished.wait(kTimeoutMs));
    timer.stop();
    QCOMPARE(finished.first().at(0).toBool(), true); // cancelled
    QCOMPARE(finished.first().at(1).toLongLong(), qint64{0}); // no final model
    const auto episodes = dock->rewardPoints().size();
    QVERIFY2(episodes >= 1 && episodes < 50, qPrintable(QString::number(episodes)));
    QVERIFY(dock->progressBar()->value() < 100);

    // One checkpoint per finished episode stays in the project.
    const store::Project project = store::Project::open(projectPath.toStdString());
    QCOMPARE(qsizetype(project.listModels().size()), episodes);

    QVERIFY2(ticks >= 3, qPrintable(QString::number(ticks)));
    qInfo("longest gap %lld ms", static_cast<long long>(longestGapMs));
    QVERIFY2(longestGapMs < 500, qPrintable(QStringLiteral("UI blocked for %1 ms").arg(longestGapMs)));
    QVERIFY(!dock->isRunning());
}

QTEST_MAIN(TestTrainingView)
#include "tst_training_view.moc"
