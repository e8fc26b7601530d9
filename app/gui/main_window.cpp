#include "gui/main_window.h"

#include "ops/demo_scenario.h"
#include "ops/scenario_check.h"
#include "gui/embedding_tab.h"
#include "gui/experiment_cell_model.h"
#include "gui/experiment_view.h"
#include "gui/project_catalog_model.h"
#include "gui/training_dock.h"
#include "gui/recent_projects.h"
#include "gui/run_job.h"
#include "gui/run_list_model.h"
#include "gui/run_progress_panel.h"
#include "gui/run_view.h"
#include "gui/scenario_editor.h"
#include "gui/startup_project.h"
#include "store/experiment_store.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLocale>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTreeView>

#include <algorithm>
#include <exception>

namespace orrery::app {
namespace {

constexpr QLatin1StringView kGeometryKey("window/geometry");
constexpr QLatin1StringView kStateKey("window/state");
constexpr QLatin1StringView kRunViewKey("window/runView");
constexpr QLatin1StringView kViewTabKey("window/viewTab");
constexpr int kStateVersion = 1;

using Severity = widgets::LogView::Severity;

} // namespace

MainWindow::MainWindow(const policy::PluginRegistry& registry, QWidget* parent)
    : QMainWindow(parent)
    , m_registry(registry)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Orrery"));
    m_centre = new QStackedWidget(this);
    m_centre->setObjectName(QStringLiteral("centre"));
    m_runView = new RunView(m_centre);
    m_runView->setObjectName(QStringLiteral("runView"));
    m_experimentView = new ExperimentView(m_centre);
    m_experimentView->setObjectName(QStringLiteral("experimentView"));
    m_centre->addWidget(m_runView);
    m_centre->addWidget(m_experimentView);
    connect(m_runView, &RunView::loadFailed, this,
            [this](const QString& message) { logMessage(message, Severity::Warning); });
    connect(m_experimentView, &ExperimentView::loadFailed, this,
            [this](const QString& message) { logMessage(message, Severity::Warning); });
    connect(m_experimentView, &ExperimentView::loaded, this, &MainWindow::updateActions);

    createDocks();
    createViews(); // the tabs around m_centre become the central widget; needs the scenario dock
    m_progress = new RunProgressPanel(statusBar());
    m_progress->setObjectName(QStringLiteral("runProgress"));
    statusBar()->addPermanentWidget(m_progress);
    connect(m_progress, &RunProgressPanel::cancelRequested, this, &MainWindow::cancelRun);
    connect(m_progress, &RunProgressPanel::stepRequested, this, &MainWindow::stepRun);
    connect(m_progress, &RunProgressPanel::speedChanged, this, &MainWindow::setRunSpeed);

    createActions();
    createMenus();
    updateActions();
    restoreSettings();
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow()
{
    stopRunNow();
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
        QSize size(1280, 800);
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableSize() * 0.9);
        resize(size);
    }
    restoreState(settings.value(kStateKey).toByteArray(), kStateVersion);
    m_runView->restoreState(settings.value(kRunViewKey).toByteArray());
    m_views->setCurrentIndex(std::clamp(settings.value(kViewTabKey, 0).toInt(), 0, m_views->count() - 1));
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kStateVersion));
    settings.setValue(kRunViewKey, m_runView->saveState());
    settings.setValue(kViewTabKey, m_views->currentIndex());
}

void MainWindow::logMessage(const QString& message, Severity severity)
{
    m_log->appendMessage(message, severity);
}

bool MainWindow::openProject(const QString& path)
{
    if (m_experimentJob) {
        logMessage(tr("An experiment is in progress; cancel it before opening another project."), Severity::Warning);
        return false;
    }
    if (m_job) {
        logMessage(tr("A run is in progress; cancel it before opening another project."), Severity::Warning);
        return false;
    }
    if (m_trainingDock->isRunning()) {
        logMessage(tr("A training is in progress; cancel it before opening another project."), Severity::Warning);
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    try {
        store::Project project = store::Project::open(absolute.toStdString());
        m_project.emplace(std::move(project));
    } catch (const std::exception& failure) {
        logMessage(QString::fromStdString(failure.what()), Severity::Error);
        showProblem(tr("The project %1 could not be opened.").arg(QFileInfo(path).fileName()),
                    QString::fromStdString(failure.what()));
        return false;
    }
    m_projectPath = absolute;
    setWindowTitle(tr("%1 — Orrery").arg(QFileInfo(absolute).fileName()));
    setWindowFilePath(absolute);
    recent_projects::add(absolute);
    logMessage(tr("Opened project %1").arg(QDir::toNativeSeparators(absolute)));
    if (const auto recovered = m_project->recoveredRuns().size(); recovered > 0)
        logMessage(tr("%n run(s) left running by a process that ended were marked interrupted.", nullptr,
                      static_cast<int>(recovered)), Severity::Warning);

    m_runView->clear();
    m_cellModel->clear();
    m_cellPane->hide();
    for (KindRunView* view : m_kindViews)
        view->clear();
    showKindTabsFor(std::vector<std::string>{}); // until a run is selected
    m_experimentView->clear();
    m_centre->setCurrentWidget(m_runView);
    m_runs->setRuns({});
    m_runs->setExperiments({});
    refreshRuns();
    if (!m_runs->runs().empty())
        selectRun(m_runs->runs().back().id);
    updateActions();
    return true;
}

void MainWindow::openStartupProject()
{
    const QString path = startupProjectPath();
    if (!openProject(path))
        return;
    if (isDemoProject(path) && m_runs->runs().empty()) {
        logMessage(tr("The demo project is empty: running the demo scenario."));
        runDemo();
    }
}

void MainWindow::refreshRuns()
{
    if (!m_project)
        return;
    m_embeddingTab->setProject(m_projectPath); // a run or a training may have added embeddings
    try {
        std::vector<store::RunSummary> runs = m_project->listRuns();
        m_catalog->setContents(runs, m_project->listModels());
        m_runs->setRuns(std::move(runs));
        m_runs->setExperiments(store::ExperimentStore(*m_project).listExperiments());
    } catch (const std::exception& failure) {
        logMessage(QString::fromStdString(failure.what()), Severity::Error);
    }
}

void MainWindow::showCurrentItem()
{
    const QModelIndex current = m_explorer->currentIndex();
    if (const auto id = m_runs->runIdAt(current)) {
        m_centre->setCurrentWidget(m_runView);
        m_runView->showRun(m_projectPath, *id);
        std::optional<std::vector<std::string>> kinds;
        try {
            kinds = runWorkloadKinds(*m_project, *id);
        } catch (const std::exception& failure) {
            logMessage(QString::fromStdString(failure.what()), Severity::Warning);
        }
        showKindTabsFor(kinds);
        const auto& registrations = registeredKindViews();
        for (std::size_t i = 0; i < m_kindViews.size(); ++i) {
            if (viewAppliesTo(registrations[i], kinds))
                m_kindViews[i]->showRun(m_projectPath, *id);
            else
                m_kindViews[i]->clear();
        }
        loadRunViews(*id);
    } else if (const auto experiment = m_runs->experimentIdAt(current)) {
        m_centre->setCurrentWidget(m_experimentView);
        m_experimentView->showExperiment(m_projectPath, *experiment);
    }
    updateActions();
}

void MainWindow::selectExperiment(store::ExperimentId id)
{
    const QModelIndex index = m_runs->indexOfExperiment(id);
    if (!index.isValid())
        return;
    if (index == m_explorer->currentIndex())
        showCurrentItem();
    else
        m_explorer->setCurrentIndex(index);
    m_explorer->scrollTo(index);
}

void MainWindow::selectRun(store::RunId id)
{
    const QModelIndex index = m_runs->indexOfRun(id);
    if (!index.isValid())
        return;
    if (index == m_explorer->currentIndex())
        showCurrentItem(); // same row, new content: reload
    else
        m_explorer->setCurrentIndex(index);
    m_explorer->scrollTo(index);
}

bool MainWindow::startRun(model::Scenario scenario)
{
    if (m_job || m_experimentJob || !m_project) {
        logMessage(m_project ? tr("A run is already in progress.") : tr("Open a project first."), Severity::Warning);
        return false;
    }
    logMessage(tr("Starting a run of “%1” (seed %2, horizon %3 h)")
                   .arg(QString::fromStdString(scenario.name))
                   .arg(scenario.seed)
                   .arg(QLocale().toString(sim::toSeconds(scenario.horizon) / 3600.0, 'g', 6)));
    m_job = new RunJob(std::move(scenario), m_registry, m_projectPath, this);
    m_job->setSpeed(m_runSpeed);
    connect(m_job, &RunJob::progressed, this, &MainWindow::onRunProgress);
    connect(m_job, &RunJob::finished, this, [this](const RunJob::Outcome& outcome) {
        onRunFinished(outcome.runId, outcome.status, outcome.message, outcome.events);
    });
    m_runListedDuringJob = false;
    m_progress->begin(m_job->scenarioName(), m_job->horizon());
    statusBar()->clearMessage();
    m_job->start();
    updateActions();
    return true;
}

bool MainWindow::runScenarioFile(const QString& path)
{
    const CheckedScenario checked = checkScenarioFile(path.toStdString(), m_registry);
    if (!checked.scenario) {
        const QString details = QString::fromStdString(model::formatAll(checked.diagnostics));
        logMessage(tr("%1 cannot be run:\n%2").arg(QDir::toNativeSeparators(path), details), Severity::Error);
        showProblem(tr("The scenario %1 has problems and cannot be run.").arg(QFileInfo(path).fileName()), details);
        return false;
    }
    return startRun(*checked.scenario);
}

bool MainWindow::runEditorScenario()
{
    const CheckedScenario checked = m_scenarioEditor->check();
    const QString name = m_scenarioEditor->filePath().isEmpty() ? tr("The edited scenario")
                                                                 : QFileInfo(m_scenarioEditor->filePath()).fileName();
    if (!checked.scenario) {
        const QString details = QString::fromStdString(model::formatAll(checked.diagnostics));
        logMessage(tr("%1 cannot be run:\n%2").arg(name, details), Severity::Error);
        showProblem(tr("The scenario %1 has problems and cannot be run.").arg(name), details);
        return false;
    }
    return startRun(*checked.scenario);
}

bool MainWindow::openScenario(const QString& path)
{
    QString error;
    if (!m_scenarioEditor->openFile(path, &error)) {
        logMessage(tr("%1 could not be opened: %2").arg(QDir::toNativeSeparators(path), error), Severity::Error);
        showProblem(tr("%1 could not be opened.").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("scenarioDock")))
        dock->show();
    logMessage(tr("Opened the scenario %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool MainWindow::runDemo()
{
    const CheckedScenario checked = checkScenarioText(demoScenarioText(), "resources/scenarios/demo.yaml", m_registry);
    if (!checked.scenario) {
        const QString details = QString::fromStdString(model::formatAll(checked.diagnostics));
        logMessage(tr("The demo scenario cannot be run with the loaded plugins:\n%1").arg(details), Severity::Error);
        showProblem(tr("The demo scenario cannot be run with the loaded plugins."), details);
        return false;
    }
    return startRun(*checked.scenario);
}

void MainWindow::cancelRun()
{
    if (m_experimentJob && !m_experimentJob->isCancelRequested()) {
        m_experimentJob->cancel();
        m_progress->setCancelling();
        logMessage(tr("Cancelling the experiment “%1”…").arg(m_experimentJob->experimentName()));
        return;
    }
    if (!m_job || m_job->isCancelRequested())
        return;
    m_job->cancel();
    m_progress->setCancelling();
    logMessage(tr("Cancelling the run of “%1”…").arg(m_job->scenarioName()));
}

void MainWindow::setRunPaused(bool paused)
{
    if (!m_job)
        return;
    if (paused)
        m_job->pause();
    else
        m_job->resume();
    m_progress->setPaused(paused);
    logMessage(paused ? tr("Run paused.") : tr("Run resumed."));
    updateActions();
}

void MainWindow::stepRun()
{
    if (!m_job || m_job->isCancelRequested())
        return;
    m_job->step();
    m_progress->setPaused(true);
    updateActions(); // the Pause action shows "Resume"
}

void MainWindow::setRunSpeed(double simulatedPerWall)
{
    m_runSpeed = std::max(0.0, simulatedPerWall);
    if (m_job)
        m_job->setSpeed(m_runSpeed);
    m_progress->setSpeed(m_runSpeed);
    for (QAction* action : std::as_const(m_speedActions))
        action->setChecked(action->data().toDouble() == m_runSpeed);
}

void MainWindow::onRunProgress(qint64 simulatedNs, qint64 horizonNs, quint64 events)
{
    m_progress->update(simulatedNs, horizonNs, events);
    if (!m_runListedDuringJob) { // the recorder has created the run's row by the first report
        m_runListedDuringJob = true;
        refreshRuns();
    }
}

void MainWindow::onRunFinished(store::RunId runId, sim::RunStatus status, const QString& message, quint64 events)
{
    m_progress->end();
    const QString name = m_job->scenarioName();
    m_job->deleteLater(); // we are inside its signal
    m_job = nullptr;
    const QString eventsText = QLocale().toString(events);
    switch (status) {
    case sim::RunStatus::Completed:
        logMessage(tr("Run %1 of “%2” completed: %3 events.").arg(runId).arg(name, eventsText));
        break;
    case sim::RunStatus::Cancelled:
        logMessage(tr("Run %1 of “%2” cancelled after %3 events.").arg(runId).arg(name, eventsText), Severity::Warning);
        break;
    default:
        logMessage(tr("The run of “%1” failed: %2").arg(name, message), Severity::Error);
        if (runId == 0)
            showProblem(tr("The run of “%1” could not start.").arg(name), message);
        break;
    }
    statusBar()->showMessage(tr("Ready"));
    refreshRuns();
    if (runId != 0)
        selectRun(runId);
    updateActions();
    emit runFinished(runId, static_cast<int>(status));
}

void MainWindow::stopRunNow()
{
    // Cancels and joins the worker: the runner's runs end as cancelled, a Slurm job is
    // scancel'ed and a Kubernetes Job deleted, as Ctrl-C does in the CLI.
    delete m_experimentJob;
    m_experimentJob = nullptr;
    if (!m_job)
        return;
    delete m_job; // cancels and joins the worker; the run is recorded as cancelled
    m_job = nullptr;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_job || m_experimentJob) {
        logMessage(tr("Cancelling the run in progress before closing."));
        stopRunNow();
    }
    saveSettings();
    event->accept();
}

} // namespace orrery::app
