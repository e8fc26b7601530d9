#include "gui/main_window.h"

#include "gui/experiment_cell_model.h"
#include "gui/experiment_dialog.h"
#include "gui/experiment_view.h"
#include "gui/run_list_model.h"
#include "gui/run_progress_panel.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

// Run ▸ Run Experiment… (issue 23): an experiment run into the open project on a worker thread,
// locally or as Slurm or Kubernetes cells; the explorer lists a remote experiment's cells while
// they run, and the comparison is read again as cells complete.
namespace orrery::app {
namespace {

using Severity = widgets::LogView::Severity;

//! At most one reload of the comparison per interval: a merge of many shards reports often.
constexpr int kResultsReloadMs = 1000;

} // namespace

void MainWindow::createExperimentActions()
{
    m_runExperimentAction = new QAction(tr("Run E&xperiment…"), this);
    m_runExperimentAction->setObjectName(QStringLiteral("runExperimentAction"));
    m_runExperimentAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_runExperimentAction->setStatusTip(tr("Run an experiment's arms and seeds into the project, on this machine, "
                                           "on Slurm or on Kubernetes, and compare the arms"));
    connect(m_runExperimentAction, &QAction::triggered, this, &MainWindow::runExperimentDialog);

    m_resultsTimer = new QTimer(this);
    m_resultsTimer->setSingleShot(true);
    m_resultsTimer->setInterval(kResultsReloadMs);
    connect(m_resultsTimer, &QTimer::timeout, this, &MainWindow::reloadExperimentResults);
}

QWidget* MainWindow::createExperimentCellView()
{
    m_cellModel = new ExperimentCellModel(this);
    m_cellTitle = new QLabel;
    m_cellTitle->setObjectName(QStringLiteral("experimentCellsTitle"));
    m_cellTitle->setWordWrap(true);
    m_cellView = new QTreeView;
    m_cellView->setObjectName(QStringLiteral("experimentCells"));
    m_cellView->setModel(m_cellModel);
    m_cellView->setRootIsDecorated(false);
    m_cellView->setUniformRowHeights(true);
    m_cellView->setAlternatingRowColors(true);
    m_cellView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_cellView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_cellView->header()->setStretchLastSection(true);
    m_cellPane = new QWidget;
    m_cellPane->setObjectName(QStringLiteral("experimentCellPane"));
    auto* layout = new QVBoxLayout(m_cellPane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_cellTitle);
    layout->addWidget(m_cellView, 1);
    m_cellPane->hide(); // shown when a remote backend reports its cells
    return m_cellPane;
}

void MainWindow::runExperimentDialog()
{
    ExperimentDialog dialog(m_registry, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    startExperiment(dialog.request(m_projectPath));
}

bool MainWindow::startExperiment(const ExperimentJob::Request& request)
{
    if (m_job || m_experimentJob || !m_project) {
        logMessage(m_project ? tr("A run is already in progress.") : tr("Open a project first."), Severity::Warning);
        return false;
    }
    auto* job = new ExperimentJob(request, m_registry, this);
    if (const QString problems = job->start(); !problems.isEmpty()) {
        delete job;
        logMessage(tr("%1 cannot be run:\n%2").arg(QDir::toNativeSeparators(request.experimentFile), problems), Severity::Error);
        showProblem(tr("The experiment %1 has problems and cannot be run.").arg(QFileInfo(request.experimentFile).fileName()),
                    problems);
        return false;
    }
    m_experimentJob = job;
    m_experimentShown = false;
    const QString where = job->liveTarget().isEmpty() ? ExperimentJob::backendName(request.backend)
                                                       : tr("live on %1").arg(job->liveTarget());
    logMessage(tr("Running the experiment “%1” (%2) into the project.").arg(job->experimentName(), where));
    connect(job, &ExperimentJob::progressed, this, [this](double fraction, const QString& text) {
        m_progress->updateTask(fraction, text);
    });
    connect(job, &ExperimentJob::cellsChanged, this, &MainWindow::showRemoteCells);
    connect(job, &ExperimentJob::resultsChanged, this, [this] {
        if (!m_resultsTimer->isActive())
            m_resultsTimer->start();
    });
    connect(job, &ExperimentJob::logLine, this, [this](const QString& line) {
        logMessage(line, line.startsWith(QStringLiteral("warning")) ? Severity::Warning : Severity::Info);
    });
    connect(job, &ExperimentJob::finished, this, &MainWindow::onExperimentFinished);
    if (request.backend != ExperimentBackend::Local) {
        m_cellModel->clear();
        m_cellTitle->setText(tr("Cells of “%1” on %2: submitting…").arg(job->experimentName(), where));
        m_cellPane->show();
    }
    m_progress->beginTask(tr("Experiment “%1” on %2: starting…").arg(job->experimentName(), where));
    statusBar()->clearMessage();
    updateActions();
    return true;
}

void MainWindow::showRemoteCells(const RemoteExperimentProgress& progress)
{
    m_cellModel->setProgress(progress);
    QString title = tr("Cells of “%1” (%2): %3 done, %4 running, %5 queued, %6 failed")
                        .arg(QString::fromStdString(progress.experiment), QString::fromStdString(progress.submission))
                        .arg(m_cellModel->count(RemoteCellPhase::Done))
                        .arg(m_cellModel->count(RemoteCellPhase::Running))
                        .arg(m_cellModel->count(RemoteCellPhase::Queued) + m_cellModel->count(RemoteCellPhase::Pending))
                        .arg(m_cellModel->count(RemoteCellPhase::Failed));
    if (progress.alreadyComplete > 0)
        title += tr("; %n cell(s) were complete before", nullptr, static_cast<int>(progress.alreadyComplete));
    m_cellTitle->setText(title);
    m_cellPane->show();
}

void MainWindow::reloadExperimentResults()
{
    if (!m_experimentJob)
        return;
    refreshRuns();
    const std::string name = m_experimentJob->experimentName().toStdString();
    const std::string sha = m_experimentJob->definitionSha256().toStdString();
    for (const store::ExperimentRecord& record : m_runs->experiments()) {
        if (record.name != name || record.definitionSha256 != sha)
            continue;
        if (!m_experimentShown) {
            m_experimentShown = true;
            selectExperiment(record.id); // its comparison fills in from here on
        } else if (m_centre->currentWidget() == m_experimentView && m_experimentView->experimentId() == record.id) {
            m_experimentView->showExperiment(m_projectPath, record.id);
        }
        return;
    }
}

void MainWindow::onExperimentFinished(const ExperimentJob::Outcome& outcome)
{
    m_resultsTimer->stop();
    reloadExperimentResults(); // the final comparison, and the explorer's listing
    m_progress->end();
    const QString name = m_experimentJob->experimentName();
    m_experimentJob->deleteLater(); // we are inside its signal
    m_experimentJob = nullptr;
    using Status = ExperimentJob::Outcome::Status;
    switch (outcome.status) {
    case Status::Completed:
        logMessage(tr("Experiment “%1” completed: %2 of %3 cells; the comparison is stored.")
                       .arg(name)
                       .arg(outcome.complete)
                       .arg(outcome.total));
        if (!outcome.message.isEmpty())
            logMessage(outcome.message, Severity::Warning);
        break;
    case Status::Cancelled:
        logMessage(tr("Experiment “%1” cancelled: %2 of %3 cells complete (%4); run it again to resume.")
                       .arg(name)
                       .arg(outcome.complete)
                       .arg(outcome.total)
                       .arg(outcome.message),
                   Severity::Warning);
        break;
    case Status::Failed:
        logMessage(tr("Experiment “%1” failed: %2 of %3 cells complete; no comparison stored:\n%4")
                       .arg(name)
                       .arg(outcome.complete)
                       .arg(outcome.total)
                       .arg(outcome.message),
                   Severity::Error);
        showProblem(tr("The experiment “%1” failed.").arg(name), outcome.message);
        break;
    }
    statusBar()->showMessage(tr("Ready"));
    updateActions();
    emit experimentFinished(static_cast<int>(outcome.status));
}

} // namespace orrery::app
