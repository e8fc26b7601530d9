// Run ▸ Run Experiment… end to end (issue 23 item 4): the dialog with real widgets checks the
// experiment file (file:line:field problems), offers Local / Slurm / Kubernetes with their
// options and remembers them; a local run through the dialog fills the project with the
// experiment's cells and the explorer and comparison view show them; a cancel midway keeps the
// project usable and a rerun resumes; the options of the remote backends reach their options
// structs; a remote experiment's per-cell states show in the explorer. Slurm is not started
// here (tst_experiment_job_slurm runs the window's job on a loopback cluster). Grabs
// docs/screenshots/experiment-dialog.png with ORRERY_UPDATE_SCREENSHOTS=1.
#include "gui/main_window.h"

#include "gui/experiment_cell_model.h"
#include "gui/experiment_dialog.h"
#include "gui/experiment_job.h"
#include "gui/experiment_view.h"
#include "gui/run_list_model.h"
#include "gui_test_support.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "widgets/comparison_table_model.h"
#include "widgets/comparison_view.h"
#include "tiny_experiment_text.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <set>

using namespace orrery;

namespace {

constexpr const char* kScenario = testing::kTinyScenario;
constexpr const char* kExperiment = testing::kTinyExperiment;

// Long enough per run that a cancel lands between the first completed run and the last.
constexpr const char* kSlowScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata:
  name: slow
spec:
  seed: 1
  horizon: 15h
  samplePeriod: 10m
  cluster:
    pools:
      - {name: cpu, count: 8, cpu: 8, memory: 32Gi}
  workloads:
    - name: small
      kind: BatchJobs
      arrivalRate: 6/min
      request: {cpu: 2, memory: 4Gi}
      duration: {distribution: exponential, mean: 8m}
)";

constexpr const char* kSlowExperiment = R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: slow-ab
spec:
  scenario: slow.yaml
  arms:
    - {name: first-fit, policies: {placement: {plugin: first-fit}}}
    - {name: random, policies: {placement: {plugin: random}}}
  seeds: {count: 3}
  metrics: [job.completion_time.mean]
)";

// Line 8 (the first arm) names a plugin that does not exist.
constexpr const char* kBadExperiment = R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: bad
spec:
  scenario: tiny.yaml
  arms:
    - {name: a, policies: {placement: {plugin: no-such-plugin}}}
  seeds: {count: 1}
  metrics: [jobs.completed]
)";

bool writeFile(const QString& path, const char* text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) > 0;
}

template <typename T>
T* child(QObject* parent, const char* name)
{
    auto* found = parent->findChild<T*>(QLatin1String(name));
    if (!found)
        qWarning("no child %s", name);
    return found;
}

//! The completed cells of the project's only experiment, as run ids by cell id.
std::set<store::RunId> completedRuns(const QString& projectPath, std::size_t* experiments = nullptr)
{
    store::Project project = store::Project::open(projectPath.toStdString());
    store::ExperimentStore store(project);
    const auto records = store.listExperiments();
    if (experiments)
        *experiments = records.size();
    std::set<store::RunId> runs;
    if (records.empty())
        return runs;
    for (const store::ExperimentCellRun& run : store.completedCells(records.front().id))
        runs.insert(run.runId);
    return runs;
}

int outcomeStatus(const QSignalSpy& spy)
{
    return spy.isEmpty() ? -1 : spy.last().at(0).toInt();
}

constexpr int kCompleted = static_cast<int>(app::ExperimentJob::Outcome::Status::Completed);
constexpr int kCancelled = static_cast<int>(app::ExperimentJob::Outcome::Status::Cancelled);

} // namespace

class TestExperimentDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { testing::isolateSettings(QStringLiteral("tst_experiment_dialog")); }
    void dialogChecksTheExperimentFile();
    void localRunThroughTheDialogFillsProjectExplorerAndComparison();
    void cancelMidwayKeepsTheProjectAndARerunResumes();
    void slurmOptionsReachTheBackendOptions();
    void kubernetesOptionsReachTheBackendOptions();
    void dialogRemembersTheLastValues();
    void remoteCellStatesShowInTheExplorer();

private:
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QLatin1String(name)); }
};

void TestExperimentDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(writeFile(path("tiny.yaml"), kScenario));
    QVERIFY(writeFile(path("exp.yaml"), kExperiment));
    QVERIFY(writeFile(path("slow.yaml"), kSlowScenario));
    QVERIFY(writeFile(path("slow-exp.yaml"), kSlowExperiment));
    QVERIFY(writeFile(path("bad.yaml"), kBadExperiment));
}

void TestExperimentDialog::dialogChecksTheExperimentFile()
{
    app::ExperimentDialog dialog(testing::pluginRegistry());
    dialog.show();
    auto* status = child<QLabel>(&dialog, "experimentFileStatus");
    auto* run = child<QPushButton>(&dialog, "experimentRun");
    QVERIFY(status && run);
    QVERIFY(!run->isEnabled()); // no file yet
    QCOMPARE(status->text(), QStringLiteral("Choose an experiment file."));

    // Typing a path checks it once typing pauses: file:line:column, the field and the problem.
    QTest::keyClicks(child<QLineEdit>(&dialog, "experimentFile"), path("bad.yaml"));
    QTRY_VERIFY2(status->text().contains(QStringLiteral("bad.yaml:8:39: error: spec.arms[0].policies.placement.plugin: ")),
                 qPrintable(status->text()));
    QVERIFY2(status->text().contains(QStringLiteral("no-such-plugin")), qPrintable(status->text()));
    QVERIFY(!run->isEnabled());

    dialog.setExperimentFile(path("exp.yaml"));
    QCOMPARE(status->text(), QStringLiteral("“tiny-ab”: 8 cells (2 sweep points × 2 arms × 2 seeds × 1 repeats)"));
    QVERIFY(run->isEnabled());

    // Kubernetes needs an image before it can run.
    dialog.setBackend(app::ExperimentBackend::Kubernetes);
    QVERIFY(!run->isEnabled());
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeImage"), QStringLiteral("registry.example/orrery:1"));
    QVERIFY(run->isEnabled());

    // A live A/B between placement policies says what the arms will do, and runs only when allowed.
    dialog.setExperimentFile(QStringLiteral(ORRERY_SOURCE_DIR "/resources/experiments/live-placement-first-fit-kube.yaml"));
    auto* actuate = child<QCheckBox>(&dialog, "experimentActuate");
    QVERIFY(actuate && actuate->isVisible());
    QVERIFY2(status->text().contains(QStringLiteral("live on orrery-serve/social-network: 2 arms × 3 windows")), qPrintable(status->text()));
    QVERIFY2(actuate->text().startsWith(QStringLiteral("Let the arms create and place 8 pods per window in orrery-serve/social-network")),
             qPrintable(actuate->text()));
    QVERIFY(!run->isEnabled());
    actuate->setChecked(true);
    QVERIFY(run->isEnabled());
}

void TestExperimentDialog::localRunThroughTheDialogFillsProjectExplorerAndComparison()
{
    const QString project = path("local.orrery");
    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    auto* action = child<QAction>(&window, "runExperimentAction");
    QVERIFY(action && action->isEnabled());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QVERIFY(!action->statusTip().isEmpty());

    // The dialog is modal: fill it and press Run from inside its event loop.
    bool filled = false;
    QTimer::singleShot(0, this, [&] {
        auto* dialog = qobject_cast<app::ExperimentDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QLineEdit* file = child<QLineEdit>(dialog, "experimentFile");
        file->clear();
        QTest::keyClicks(file, path("exp.yaml"));
        auto* backend = child<QComboBox>(dialog, "experimentBackend");
        backend->setCurrentIndex(backend->findData(int(app::ExperimentBackend::Local)));
        child<QSpinBox>(dialog, "experimentJobs")->setValue(2);
        auto* run = child<QPushButton>(dialog, "experimentRun");
        QTRY_VERIFY(run->isEnabled());
        filled = true;
        run->click();
    });
    QSignalSpy finished(&window, &app::MainWindow::experimentFinished);
    action->trigger();
    QVERIFY(filled);
    QVERIFY(window.experimentJob() != nullptr || !finished.isEmpty());
    QVERIFY(window.experimentJob() == nullptr || window.experimentJob()->request().jobs == 2);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    QCOMPARE(outcomeStatus(finished), kCompleted);

    // The project holds every cell, each with a completed run.
    std::size_t experiments = 0;
    QCOMPARE(completedRuns(project, &experiments).size(), std::size_t(8));
    QCOMPARE(experiments, std::size_t(1));

    // The explorer lists it, and the centre shows its comparison with both arms.
    auto* explorer = child<QTreeView>(&window, "projectExplorer");
    const auto* model = qobject_cast<const app::RunListModel*>(explorer->model());
    QVERIFY(model);
    QCOMPARE(model->data(model->experimentsGroupIndex()).toString(), QStringLiteral("Experiments (1)"));
    QCOMPARE(model->data(model->index(0, app::RunListModel::ScenarioColumn, model->experimentsGroupIndex())).toString(),
             QStringLiteral("tiny-ab"));
    auto* experimentView = child<app::ExperimentView>(&window, "experimentView");
    QCOMPARE(child<QStackedWidget>(&window, "centre")->currentWidget(), experimentView);
    QTRY_VERIFY(experimentView->shownData() != nullptr);
    QTRY_VERIFY(!experimentView->shownData()->record.comparedAt.empty());
    const QAbstractItemModel* table = experimentView->comparisonView()->tableModel();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->data(table->index(0, widgets::ComparisonTableModel::ArmColumn)).toString(), QStringLiteral("first-fit"));
    QCOMPARE(table->data(table->index(1, widgets::ComparisonTableModel::ArmColumn)).toString(), QStringLiteral("random"));
    QCOMPARE(table->data(table->index(1, widgets::ComparisonTableModel::RunsColumn)).toString(), QStringLiteral("2"));
    // A local experiment has no remote cells to list.
    QVERIFY(!child<QWidget>(&window, "experimentCellPane")->isVisible());
    QVERIFY(!child<QWidget>(&window, "runProgress")->isVisible());
}

void TestExperimentDialog::cancelMidwayKeepsTheProjectAndARerunResumes()
{
    const QString project = path("cancel.orrery");
    app::MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    app::ExperimentJob::Request request;
    request.experimentFile = path("slow-exp.yaml");
    request.projectPath = project;
    request.jobs = 1;
    QSignalSpy finished(&window, &app::MainWindow::experimentFinished);
    QVERIFY(window.startExperiment(request));
    auto* bar = child<QProgressBar>(&window, "runProgressBar");
    QVERIFY(bar->isVisible());
    // Cancel (the progress panel's Cancel button) once the first run is complete.
    QSignalSpy results(window.experimentJob(), &app::ExperimentJob::resultsChanged);
    QTRY_VERIFY_WITH_TIMEOUT(!results.isEmpty() || !finished.isEmpty(), 120000);
    QVERIFY2(finished.isEmpty(), "the experiment ended before it could be cancelled: make the slow scenario slower");
    QVERIFY(bar->value() > 0);
    child<QPushButton>(&window, "cancelRunButton")->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(outcomeStatus(finished), kCancelled);

    // The project opens and keeps the completed runs; some cells are left.
    const std::set<store::RunId> before = completedRuns(project);
    QVERIFY(!before.empty());
    QVERIFY2(before.size() < 6, "every cell completed before the cancel took effect");

    // The rerun resumes: the cells complete before keep their runs, the rest are added.
    QVERIFY(window.startExperiment(request));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 240000);
    QCOMPARE(outcomeStatus(finished), kCompleted);
    const std::set<store::RunId> after = completedRuns(project);
    QCOMPARE(after.size(), std::size_t(6));
    QVERIFY(std::includes(after.begin(), after.end(), before.begin(), before.end()));
}

void TestExperimentDialog::slurmOptionsReachTheBackendOptions()
{
    app::ExperimentDialog dialog(testing::pluginRegistry());
    dialog.setExperimentFile(path("exp.yaml"));
    dialog.setBackend(app::ExperimentBackend::Slurm);
    dialog.show();
    auto* pages = child<QStackedWidget>(&dialog, "experimentBackendOptions");
    QVERIFY(child<QLineEdit>(&dialog, "slurmPartition")->isVisible());
    QVERIFY(!child<QLineEdit>(&dialog, "kubeImage")->isVisible());
    QCOMPARE(pages->currentIndex(), 1);
    QTest::keyClicks(child<QLineEdit>(&dialog, "slurmPartition"), QStringLiteral("gpu"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "slurmTime"), QStringLiteral("1-00:00:00"));
    child<QSpinBox>(&dialog, "slurmArrayMax")->setValue(4);
    child<QSpinBox>(&dialog, "slurmCellsPerTask")->setValue(3);
    QTest::keyClicks(child<QLineEdit>(&dialog, "slurmShardDir"), QStringLiteral("/scratch/shards"));
    child<QDoubleSpinBox>(&dialog, "slurmPoll")->setValue(0.5);
    QTest::keyClicks(child<QLineEdit>(&dialog, "slurmOrreryPath"), QStringLiteral("/opt/orrery/bin/orrery"));

    const app::ExperimentJob::Request request = dialog.request(QStringLiteral("/tmp/p.orrery"));
    QCOMPARE(request.backend, app::ExperimentBackend::Slurm);
    QCOMPARE(request.projectPath, QStringLiteral("/tmp/p.orrery"));
    QCOMPARE(request.experimentFile, path("exp.yaml"));
    QCOMPARE(request.slurm.partition, std::string("gpu"));
    QCOMPARE(request.slurm.timeLimit, std::string("1-00:00:00"));
    QCOMPARE(request.slurm.arrayMax, std::size_t(4));
    QCOMPARE(request.slurm.cellsPerTask, std::size_t(3));
    QCOMPARE(request.slurm.shardDir, std::string("/scratch/shards"));
    QCOMPARE(request.slurm.poll.count(), 500);
    QCOMPARE(request.slurm.orrery, std::string("/opt/orrery/bin/orrery"));
    QVERIFY(request.slurm.modelsFrom.empty()); // the job sets it when the project holds trained models

    // Left at their defaults, the options mean what the CLI's absent flags mean.
    app::ExperimentDialog defaults(testing::pluginRegistry());
    const app::SlurmOptions cli;
    const app::SlurmOptions gui = defaults.request({}).slurm;
    QCOMPARE(gui.partition, cli.partition);
    QCOMPARE(gui.timeLimit, cli.timeLimit);
    QCOMPARE(gui.arrayMax, cli.arrayMax);
    QCOMPARE(gui.cellsPerTask, cli.cellsPerTask);
    QCOMPARE(gui.shardDir, cli.shardDir);
    QCOMPARE(gui.poll.count(), cli.poll.count());
    QCOMPARE(gui.orrery, cli.orrery);
}

void TestExperimentDialog::kubernetesOptionsReachTheBackendOptions()
{
    app::ExperimentDialog dialog(testing::pluginRegistry());
    dialog.setExperimentFile(path("exp.yaml"));
    dialog.setBackend(app::ExperimentBackend::Kubernetes);
    dialog.show();
    QVERIFY(child<QLineEdit>(&dialog, "kubeImage")->isVisible());
    QVERIFY(!child<QLineEdit>(&dialog, "slurmPartition")->isVisible());
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeContext"), QStringLiteral("lab"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeNamespace"), QStringLiteral("sweeps"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeImage"), QStringLiteral("registry.example/orrery:0.9"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeConfig"), QStringLiteral("/home/me/.kube/lab"));
    child<QSpinBox>(&dialog, "kubeParallelism")->setValue(16);
    child<QSpinBox>(&dialog, "kubeBackoffLimit")->setValue(1);
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeCpu"), QStringLiteral("500m"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeMemory"), QStringLiteral("1Gi"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeShardDir"), QStringLiteral("/data/shards"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "kubeOrreryPath"), QStringLiteral("/usr/local/bin/orrery"));

    const app::ExperimentJob::Request request = dialog.request(QStringLiteral("/tmp/p.orrery"));
    QCOMPARE(request.backend, app::ExperimentBackend::Kubernetes);
    QCOMPARE(request.kubeContext, QStringLiteral("lab"));
    QCOMPARE(request.kubeconfig, QStringLiteral("/home/me/.kube/lab"));
    QCOMPARE(request.kubernetes.nameSpace, std::string("sweeps"));
    QCOMPARE(request.kubernetes.image, std::string("registry.example/orrery:0.9"));
    QCOMPARE(request.kubernetes.parallelism, std::size_t(16));
    QCOMPARE(request.kubernetes.backoffLimit, std::size_t(1));
    QCOMPARE(request.kubernetes.cpu, std::string("500m"));
    QCOMPARE(request.kubernetes.memory, std::string("1Gi"));
    QCOMPARE(request.kubernetes.shardDir, std::string("/data/shards"));
    QCOMPARE(request.kubernetes.orrery, std::string("/usr/local/bin/orrery"));

    // Defaults match the CLI's: no namespace (the context's), 0 parallelism, backoff 3, "orrery".
    app::ExperimentDialog defaults(testing::pluginRegistry());
    const app::KubernetesOptions cli;
    const app::KubernetesOptions gui = defaults.request({}).kubernetes;
    QCOMPARE(gui.nameSpace, cli.nameSpace);
    QCOMPARE(gui.parallelism, cli.parallelism);
    QCOMPARE(gui.backoffLimit, cli.backoffLimit);
    QCOMPARE(gui.orrery, cli.orrery);
    QCOMPARE(gui.cpu, cli.cpu);
}

void TestExperimentDialog::dialogRemembersTheLastValues()
{
    {
        app::ExperimentDialog dialog(testing::pluginRegistry());
        dialog.setExperimentFile(path("exp.yaml"));
        dialog.setBackend(app::ExperimentBackend::Slurm);
        child<QLineEdit>(&dialog, "slurmPartition")->setText(QStringLiteral("long"));
        child<QSpinBox>(&dialog, "slurmArrayMax")->setValue(8);
        child<QLineEdit>(&dialog, "kubeImage")->setText(QStringLiteral("img:2"));
        child<QPushButton>(&dialog, "experimentRun")->click();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
    app::ExperimentDialog again(testing::pluginRegistry());
    const app::ExperimentJob::Request request = again.request({});
    QCOMPARE(request.experimentFile, path("exp.yaml"));
    QCOMPARE(request.backend, app::ExperimentBackend::Slurm);
    QCOMPARE(request.slurm.partition, std::string("long"));
    QCOMPARE(request.slurm.arrayMax, std::size_t(8));
    QCOMPARE(request.kubernetes.image, std::string("img:2"));
    QVERIFY(child<QPushButton>(&again, "experimentRun")->isEnabled());

    // A file with problems is not accepted: the dialog stays open and says why.
    again.setExperimentFile(path("bad.yaml"));
    again.accept();
    QCOMPARE(again.result(), int(QDialog::Rejected));
}

void TestExperimentDialog::remoteCellStatesShowInTheExplorer()
{
    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(path("cells.orrery")));
    auto* pane = child<QWidget>(&window, "experimentCellPane");
    QVERIFY(!pane->isVisible());

    // What SlurmBackend reports for a 2-arm x 3-seed experiment midway (its report() callback).
    app::RemoteExperimentProgress progress;
    progress.experiment = "demo-ab";
    progress.totalCells = 6;
    progress.merged = 2;
    progress.submission = "4242";
    using Phase = app::RemoteCellPhase;
    progress.cells = {
        {"p0-first-fit-s1-r0", Phase::Done, "MERGED", "4242_0", ""},
        {"p0-first-fit-s2-r0", Phase::Done, "MERGED", "4242_1", ""},
        {"p0-first-fit-s3-r0", Phase::Running, "RUNNING", "4242_2", ""},
        {"p0-random-s1-r0", Phase::Failed, "TIMEOUT", "4242_3",
         "exit code 0:15, reason TimeLimit: slurmstepd: error: *** JOB 4245 ON node1 CANCELLED AT 2026-11-26T22:00:00 DUE TO TIME LIMIT ***"},
        {"p0-random-s2-r0", Phase::Queued, "PENDING", "4242_4", "Resources"},
        {"p0-random-s3-r0", Phase::Queued, "PENDING", "4242_5", "Resources"},
    };
    window.showRemoteCells(progress);
    QVERIFY(pane->isVisible());
    auto* view = child<QTreeView>(&window, "experimentCells");
    const QAbstractItemModel* model = view->model();
    QCOMPARE(model->rowCount(), 6);
    const auto cellText = [&](int row, int column) { return model->data(model->index(row, column)).toString(); };
    QCOMPARE(cellText(0, app::ExperimentCellModel::PhaseColumn), QStringLiteral("done"));
    QCOMPARE(cellText(2, app::ExperimentCellModel::PhaseColumn), QStringLiteral("running"));
    QCOMPARE(cellText(3, app::ExperimentCellModel::PhaseColumn), QStringLiteral("failed"));
    QCOMPARE(cellText(3, app::ExperimentCellModel::StateColumn), QStringLiteral("TIMEOUT"));
    QVERIFY(cellText(3, app::ExperimentCellModel::MessageColumn).contains(QStringLiteral("DUE TO TIME LIMIT")));
    QCOMPARE(cellText(4, app::ExperimentCellModel::PhaseColumn), QStringLiteral("queued"));
    QCOMPARE(cellText(4, app::ExperimentCellModel::MessageColumn), QStringLiteral("Resources"));
    QCOMPARE(cellText(4, app::ExperimentCellModel::WhereColumn), QStringLiteral("4242_4"));
    auto* title = child<QLabel>(&window, "experimentCellsTitle");
    QCOMPARE(title->text(), QStringLiteral("Cells of “demo-ab” (4242): 2 done, 1 running, 2 queued, 1 failed"));

    // A later report of the same cells updates the rows in place (the selection stays).
    view->setCurrentIndex(model->index(4, 0));
    progress.cells[4] = {"p0-random-s2-r0", Phase::Running, "RUNNING", "4242_4", ""};
    window.showRemoteCells(progress);
    QCOMPARE(view->currentIndex().row(), 4);
    QCOMPARE(cellText(4, app::ExperimentCellModel::PhaseColumn), QStringLiteral("running"));
    QVERIFY(title->text().contains(QStringLiteral("2 running, 1 queued")));
    QTest::qWait(100); // let the layout settle before grabbing

    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString dir = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots") : m_dir.path();
    // (docs/screenshots/experiment-cells.png comes from tst_experiment_job_slurm: real Slurm states.)
    QVERIFY(window.grab().toImage().save(m_dir.filePath(QStringLiteral("experiment-cells.png"))));

    app::ExperimentDialog dialog(testing::pluginRegistry());
    dialog.setExperimentFile(QStringLiteral(ORRERY_SOURCE_DIR "/resources/experiments/demo-ab.yaml"));
    dialog.setBackend(app::ExperimentBackend::Slurm);
    child<QLineEdit>(&dialog, "slurmPartition")->setText(QStringLiteral("batch"));
    child<QLineEdit>(&dialog, "slurmTime")->setText(QStringLiteral("30:00"));
    child<QSpinBox>(&dialog, "slurmArrayMax")->setValue(8);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::qWait(50);
    const QImage dialogImage = dialog.grab().toImage();
    QVERIFY(dialogImage.save(dir + QStringLiteral("/experiment-dialog.png")));
    qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(dir + QStringLiteral("/experiment-dialog.png"))));
}

QTEST_MAIN(TestExperimentDialog)
#include "tst_experiment_dialog.moc"
