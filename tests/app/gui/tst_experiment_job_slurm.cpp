// The window's experiment (Run ▸ Run Experiment… on Slurm: MainWindow::startExperiment with an
// ExperimentJob) against a real Slurm: the loopback one-node cluster of tst_slurm_backend
// (LoopbackSlurm: munged, slurmctld, slurmd) runs a 2-arm x 3-seed experiment submitted by the
// GUI's job through SlurmBackend. Checked: the per-cell states the backend reports (queued or
// running with Slurm's job task, then done) reach the explorer's cell table, the comparison
// view shows the experiment as its shards are merged, and the project ends with every cell and
// the stored comparison. Cancel scancels the job (nothing of it is left in squeue), the cells
// left show "cancelled", and a rerun resubmits only them. Skips with the reason when the Slurm
// or MUNGE programs are missing.
#include "gui/main_window.h"

#include "gui/experiment_cell_model.h"
#include "gui/experiment_job.h"
#include "gui/experiment_view.h"
#include "gui/run_list_model.h"
#include "gui_test_support.h"
#include "loopback_slurm.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "widgets/comparison_table_model.h"
#include "widgets/comparison_view.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <memory>
#include <set>
#include <vector>

using namespace orrery;

namespace {

using testing::LoopbackSlurm;
using Phase = app::RemoteCellPhase;

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

//! Run ids of the completed cells of the project's only experiment, and whether it is compared.
std::set<store::RunId> completedRuns(const QString& projectPath, bool* compared = nullptr)
{
    store::Project project = store::Project::open(projectPath.toStdString());
    store::ExperimentStore store(project);
    const auto records = store.listExperiments();
    std::set<store::RunId> runs;
    if (records.size() != 1)
        return runs;
    if (compared)
        *compared = !records.front().comparedAt.empty();
    for (const store::ExperimentCellRun& run : store.completedCells(records.front().id))
        runs.insert(run.runId);
    return runs;
}

int phaseCount(const app::RemoteExperimentProgress& progress, Phase phase)
{
    return static_cast<int>(std::count_if(progress.cells.begin(), progress.cells.end(),
                                          [phase](const app::RemoteCellStatus& cell) { return cell.phase == phase; }));
}

} // namespace

class TestExperimentJobSlurm : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void guiRunOnSlurmShowsCellsAndFillsTheComparison();
    void cancelScancelsAndARerunResubmitsTheRest();
    void cleanupTestCase() { m_slurm.reset(); }

private:
    app::ExperimentJob::Request request(const QString& project, const QString& orrery) const
    {
        app::ExperimentJob::Request request;
        request.experimentFile = m_experiment;
        request.projectPath = project;
        request.backend = app::ExperimentBackend::Slurm;
        request.slurm.poll = std::chrono::milliseconds(200);
        request.slurm.orrery = orrery.toStdString(); // the tasks run orrery, not this test
        return request;
    }

    std::unique_ptr<LoopbackSlurm> m_slurm;
    QTemporaryDir m_dir;
    QString m_experiment;
};

void TestExperimentJobSlurm::initTestCase()
{
    testing::isolateSettings(QStringLiteral("tst_experiment_job_slurm"));
    if (const QStringList missing = LoopbackSlurm::missingPrograms(); !missing.isEmpty())
        QSKIP(qPrintable("Slurm or MUNGE programs missing (" + missing.join(", ") +
                         "): install Debian 12's slurm-wlm and munge (./orrery.sh does)"));
    m_slurm = std::make_unique<LoopbackSlurm>();
    const QString error = m_slurm->start();
    QVERIFY2(error.isEmpty(), qPrintable("the loopback Slurm did not start: " + error));
    // SlurmBackend runs sbatch, sacct, squeue and scancel with this process's environment.
    qputenv("SLURM_CONF", m_slurm->configPath().toUtf8());
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::copy(ORRERY_FIXTURE_DIR "/experiments/cells-tiny-scenario.yaml", m_dir.filePath("cells-tiny-scenario.yaml")));
    m_experiment = m_dir.filePath("slurm-tiny.yaml");
    QVERIFY(writeFile(m_experiment, "apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata:\n  name: slurm-tiny\nspec:\n"
                                    "  scenario: cells-tiny-scenario.yaml\n  arms:\n"
                                    "    - name: first-fit\n      policies:\n        placement: {plugin: first-fit}\n"
                                    "    - name: random\n      policies:\n        placement: {plugin: random}\n"
                                    "  seeds: [1, 2, 3]\n"));
}

void TestExperimentJobSlurm::guiRunOnSlurmShowsCellsAndFillsTheComparison()
{
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("p.orrery"));
    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    QSignalSpy finished(&window, &app::MainWindow::experimentFinished);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(window.startExperiment(request(project, QStringLiteral(ORRERY_EXECUTABLE))));
    std::vector<app::RemoteExperimentProgress> reports;
    connect(window.experimentJob(), &app::ExperimentJob::cellsChanged, this,
            [&](const app::RemoteExperimentProgress& progress) { reports.push_back(progress); });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    QVERIFY2(finished.last().at(0).toInt() == int(app::ExperimentJob::Outcome::Status::Completed), qPrintable(m_slurm->logs()));
    qInfo("6 cells submitted from the window -> merged and compared in %lld ms (%zu cell reports)", timer.elapsed(),
          reports.size());

    // The backend's reports: the job's tasks waited or ran before their shards were merged.
    QVERIFY(!reports.empty());
    QVERIFY(std::any_of(reports.begin(), reports.end(), [](const app::RemoteExperimentProgress& progress) {
        return phaseCount(progress, Phase::Queued) + phaseCount(progress, Phase::Running) > 0;
    }));
    const app::RemoteExperimentProgress& last = reports.back();
    QCOMPARE(last.experiment, std::string("slurm-tiny"));
    QCOMPARE(last.totalCells, std::size_t(6));
    QCOMPARE(last.merged, std::size_t(6));
    QCOMPARE(phaseCount(last, Phase::Done), 6);
    QVERIFY(!last.submission.empty());
    for (const app::RemoteCellStatus& cell : last.cells)
        QVERIFY2(QString::fromStdString(cell.where).startsWith(QString::fromStdString(last.submission) + "_"), cell.where.c_str());

    // The explorer's cell table shows them done; the experiment is listed and its comparison shown.
    auto* cells = window.findChild<QTreeView*>(QStringLiteral("experimentCells"));
    QVERIFY(cells && cells->isVisible());
    QCOMPARE(cells->model()->rowCount(), 6);
    for (int row = 0; row < 6; ++row)
        QCOMPARE(cells->model()->index(row, app::ExperimentCellModel::PhaseColumn).data().toString(), QStringLiteral("done"));
    auto* experimentView = window.findChild<app::ExperimentView*>(QStringLiteral("experimentView"));
    QCOMPARE(window.findChild<QStackedWidget*>(QStringLiteral("centre"))->currentWidget(), experimentView);
    QTRY_VERIFY(experimentView->shownData() != nullptr && !experimentView->shownData()->record.comparedAt.empty());
    QCOMPARE(experimentView->comparisonView()->tableModel()->rowCount(), 2);
    bool compared = false;
    QCOMPARE(completedRuns(project, &compared).size(), std::size_t(6));
    QVERIFY(compared);
}

void TestExperimentJobSlurm::cancelScancelsAndARerunResubmitsTheRest()
{
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("p.orrery"));
    // A stand-in for orrery whose random-arm cells sleep first, so they are still running when Cancel comes.
    const QString slow = dir.filePath(QStringLiteral("slow-orrery"));
    QVERIFY(writeFile(slow, "#!/bin/bash\ncase \"$5\" in *random*) sleep 120;; esac\nexec '" ORRERY_EXECUTABLE "' \"$@\"\n"));
    QFile::setPermissions(slow, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    QSignalSpy finished(&window, &app::MainWindow::experimentFinished);
    QVERIFY(window.startExperiment(request(project, slow)));
    app::RemoteExperimentProgress latest;
    connect(window.experimentJob(), &app::ExperimentJob::cellsChanged, this,
            [&](const app::RemoteExperimentProgress& progress) { latest = progress; });
    // Cancel once a first-fit cell is merged and a random one runs (the node may run fewer tasks
    // at once than there are cells: the others wait queued).
    QTRY_VERIFY_WITH_TIMEOUT(phaseCount(latest, Phase::Done) >= 1 && phaseCount(latest, Phase::Running) >= 1, 90000);
    const QString job = QString::fromStdString(latest.submission);
    // docs/screenshots/experiment-cells.png (ORRERY_UPDATE_SCREENSHOTS=1): the cells as this
    // Slurm reports them, and the comparison of the cells merged so far.
    auto* experimentView = window.findChild<app::ExperimentView*>(QStringLiteral("experimentView"));
    QTRY_VERIFY_WITH_TIMEOUT(experimentView->shownData() != nullptr, 10000);
    if (qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1")) {
        QTest::qWait(200); // let the layout settle before grabbing
        const QString out = QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots/experiment-cells.png");
        QVERIFY(window.grab().toImage().save(out));
        qInfo("screenshot: %s", qPrintable(out));
    }
    window.cancelRun();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.last().at(0).toInt(), int(app::ExperimentJob::Outcome::Status::Cancelled));
    // The random cells never complete before the cancel; every cell is done or cancelled.
    const int done = phaseCount(latest, Phase::Done);
    QVERIFY2(done >= 1 && done <= 3, qPrintable(QString::number(done)));
    QCOMPARE(phaseCount(latest, Phase::Cancelled), 6 - done);
    auto* cells = window.findChild<QTreeView*>(QStringLiteral("experimentCells"));
    int cancelledRows = 0;
    for (int row = 0; row < cells->model()->rowCount(); ++row)
        cancelledRows += cells->model()->index(row, app::ExperimentCellModel::PhaseColumn).data().toString() == QStringLiteral("cancelled");
    QCOMPARE(cancelledRows, 6 - done);
    // scancel took the job's tasks off the cluster.
    QTRY_VERIFY_WITH_TIMEOUT(m_slurm->output("squeue", {"--noheader", "--jobs", job, "--format=%i"}).trimmed().isEmpty(), 30000);
    const std::set<store::RunId> before = completedRuns(project);
    QCOMPARE(before.size(), std::size_t(done));

    // The rerun submits only the missing cells and completes the experiment.
    QVERIFY(window.startExperiment(request(project, QStringLiteral(ORRERY_EXECUTABLE))));
    connect(window.experimentJob(), &app::ExperimentJob::cellsChanged, this,
            [&](const app::RemoteExperimentProgress& progress) { latest = progress; });
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 120000);
    QCOMPARE(finished.last().at(0).toInt(), int(app::ExperimentJob::Outcome::Status::Completed));
    // A task that wrote its shard just before scancel reached it is merged by the rerun before it
    // submits (its cell counts as already complete), so at least the cells done at the cancel are.
    QVERIFY2(latest.alreadyComplete >= std::size_t(done), qPrintable(QString::number(latest.alreadyComplete)));
    QCOMPARE(latest.cells.size(), std::size_t(6) - latest.alreadyComplete);
    bool compared = false;
    const std::set<store::RunId> after = completedRuns(project, &compared);
    QCOMPARE(after.size(), std::size_t(6));
    QVERIFY(std::includes(after.begin(), after.end(), before.begin(), before.end()));
    QVERIFY(compared);
}

QTEST_MAIN(TestExperimentJobSlurm)
#include "tst_experiment_job_slurm.moc"
