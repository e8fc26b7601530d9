// MainWindow: actions, menus and the dialogs behind them.
#include "gui/main_window.h"

#include "gui/experiment_report_export.h"
#include "gui/experiment_view.h"
#include "gui/language_setting.h"
#include "gui/recent_projects.h"
#include "gui/run_job.h"
#include "gui/run_progress_panel.h"
#include "gui/scenario_editor.h"
#include "gui/training_dock.h"

#include <QAction>
#include <QActionGroup>
#include <QActionGroup>
#include <QDockWidget>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>

namespace orrery::app {
void MainWindow::createActions()
{
    m_newAction = new QAction(tr("&New Project…"), this);
    m_newAction->setObjectName(QStringLiteral("newProjectAction"));
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setStatusTip(tr("Create an empty project file"));
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newProjectDialog);

    m_openAction = new QAction(tr("&Open Project…"), this);
    m_openAction->setObjectName(QStringLiteral("openProjectAction"));
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open a project file"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openProjectDialog);

    m_openScenarioAction = new QAction(tr("Open &Scenario…"), this);
    m_openScenarioAction->setObjectName(QStringLiteral("openScenarioAction"));
    m_openScenarioAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_openScenarioAction->setStatusTip(tr("Open a scenario file in the scenario editor"));
    connect(m_openScenarioAction, &QAction::triggered, this, &MainWindow::openScenarioDialog);

    m_saveScenarioAction = new QAction(tr("&Save Scenario"), this);
    m_saveScenarioAction->setObjectName(QStringLiteral("saveScenarioAction"));
    m_saveScenarioAction->setShortcut(QKeySequence::Save);
    m_saveScenarioAction->setStatusTip(tr("Save the scenario editor's text"));
    connect(m_saveScenarioAction, &QAction::triggered, this, &MainWindow::saveScenario);

    m_runEditorAction = new QAction(tr("Run &Scenario"), this);
    m_runEditorAction->setObjectName(QStringLiteral("runEditorScenarioAction"));
    m_runEditorAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_runEditorAction->setStatusTip(tr("Check the scenario in the editor and simulate it into the project"));
    connect(m_runEditorAction, &QAction::triggered, this, &MainWindow::runEditorScenario);

    m_exportAction = new QAction(tr("&Export Report…"), this);
    m_exportAction->setObjectName(QStringLiteral("exportReportAction"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setStatusTip(tr("Write the selected experiment's comparison as an HTML or PDF report"));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportReportDialog);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setObjectName(QStringLiteral("quitAction"));
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q)); // QKeySequence::Quit is empty on some platforms
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_runFileAction = new QAction(tr("&Run Scenario File…"), this);
    m_runFileAction->setObjectName(QStringLiteral("runScenarioFileAction"));
    m_runFileAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_runFileAction->setStatusTip(tr("Check a scenario file and simulate it into the project"));
    connect(m_runFileAction, &QAction::triggered, this, &MainWindow::runScenarioFileDialog);

    createExperimentActions(); // main_window_experiments.cpp

    m_runDemoAction = new QAction(tr("Run &Demo"), this);
    m_runDemoAction->setObjectName(QStringLiteral("runDemoAction"));
    m_runDemoAction->setStatusTip(tr("Simulate the built-in demo scenario into the project"));
    connect(m_runDemoAction, &QAction::triggered, this, &MainWindow::runDemo);

    m_pauseAction = new QAction(tr("&Pause"), this);
    m_pauseAction->setObjectName(QStringLiteral("pauseAction"));
    m_pauseAction->setCheckable(true);
    m_pauseAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_pauseAction->setStatusTip(tr("Pause or resume the run in progress"));
    connect(m_pauseAction, &QAction::toggled, this, &MainWindow::setRunPaused);

    m_stepAction = new QAction(tr("S&tep"), this);
    m_stepAction->setObjectName(QStringLiteral("stepRunAction"));
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F7));
    m_stepAction->setStatusTip(tr("Pause the run and let the next %1 events run").arg(RunJob::kStepEvents));
    connect(m_stepAction, &QAction::triggered, this, &MainWindow::stepRun);

    auto* speedGroup = new QActionGroup(this);
    const QList<double> speeds = RunProgressPanel::speeds();
    for (qsizetype i = 0; i < speeds.size(); ++i) {
        auto* action = new QAction(RunProgressPanel::speedText(speeds[i]), speedGroup);
        action->setObjectName(QStringLiteral("runSpeedAction%1").arg(i));
        action->setCheckable(true);
        action->setData(speeds[i]);
        action->setChecked(speeds[i] == m_runSpeed);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, speed = speeds[i]] { setRunSpeed(speed); });
        m_speedActions.append(action);
    }

    m_cancelAction = new QAction(tr("&Cancel Run"), this);
    m_cancelAction->setObjectName(QStringLiteral("cancelRunAction"));
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setStatusTip(tr("Stop the run in progress; what it recorded so far is kept"));
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancelRun);

    m_aboutAction = new QAction(tr("&About Orrery"), this);
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    m_aboutQtAction = new QAction(tr("About &Qt"), this);
    m_aboutQtAction->setObjectName(QStringLiteral("aboutQtAction"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu(); // so the menu is enabled or not from the start
    file->addSeparator();
    file->addAction(m_openScenarioAction);
    file->addAction(m_saveScenarioAction);
    file->addAction(m_openTraceAction);
    file->addSeparator();
    file->addAction(m_exportAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_runEditorAction);
    run->addAction(m_runFileAction);
    run->addAction(m_runExperimentAction);
    run->addAction(m_runDemoAction);
    run->addAction(m_trainAction);
    run->addSeparator();
    run->addAction(m_pauseAction);
    run->addAction(m_stepAction);
    QMenu* speed = run->addMenu(tr("S&peed"));
    speed->setObjectName(QStringLiteral("speedMenu"));
    speed->addActions(m_speedActions);
    run->addAction(m_cancelAction);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addActions(m_viewTabActions);
    view->addSeparator();
    createLanguageMenu(view);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
    help->addAction(m_aboutQtAction);
}

void MainWindow::createLanguageMenu(QMenu* view)
{
    QMenu* menu = view->addMenu(tr("&Language"));
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(menu);
    const QString current = language_setting::current();
    const QStringList names = {tr("System Default"), QStringLiteral("English"), QStringLiteral("Deutsch"),
                               QStringLiteral("简体中文")}; // each language in its own words
    const QStringList choices = language_setting::choices();
    for (int i = 0; i < choices.size(); ++i) {
        QAction* action = menu->addAction(names.value(i, choices[i]));
        action->setObjectName(QStringLiteral("language_") + choices[i]);
        action->setCheckable(true);
        action->setChecked(choices[i] == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language = choices[i]] {
            if (language == language_setting::current())
                return;
            language_setting::store(language);
            statusBar()->showMessage(tr("The language applies when Orrery is restarted."), 8000);
            logMessage(tr("The language applies when Orrery is restarted."));
        });
    }
}

void MainWindow::openScenarioDialog()
{
    const QString current = m_scenarioEditor->filePath();
    const QString start = !current.isEmpty() ? QFileInfo(current).absolutePath()
        : m_projectPath.isEmpty()            ? QDir::homePath()
                                             : QFileInfo(m_projectPath).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), start,
                                                      tr("Scenario files (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openScenario(path);
}

bool MainWindow::saveScenario()
{
    QString path = m_scenarioEditor->filePath();
    if (path.isEmpty() || !QFileInfo(path).isAbsolute()) {
        const QString start = m_projectPath.isEmpty() ? QDir::homePath() : QFileInfo(m_projectPath).absolutePath();
        path = QFileDialog::getSaveFileName(this, tr("Save Scenario"), start, tr("Scenario files (*.yaml *.yml)"));
        if (path.isEmpty())
            return false;
    }
    QString error;
    if (!m_scenarioEditor->saveFile(path, &error)) {
        showProblem(tr("The scenario could not be saved to %1.").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recent_projects::list();
    for (int i = 0; i < recent.size(); ++i) {
        const QString& path = recent[i];
        // "&1 demo.orrery" gives each entry a keyboard accelerator, as desktop apps do.
        QAction* action = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openProject(path); });
    }
    if (!recent.isEmpty()) {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("&Clear Menu")), &QAction::triggered, this, [] { recent_projects::clear(); });
    }
    m_recentMenu->setEnabled(!recent.isEmpty() && !m_job && !m_experimentJob);
}

void MainWindow::updateActions()
{
    const bool running = m_job != nullptr || m_experimentJob != nullptr;
    const bool haveProject = m_project.has_value();
    m_runExperimentAction->setEnabled(!running && haveProject);
    m_newAction->setEnabled(!running);
    m_openAction->setEnabled(!running);
    m_recentMenu->setEnabled(!running && !recent_projects::list().isEmpty());
    m_runFileAction->setEnabled(!running && haveProject);
    m_runDemoAction->setEnabled(!running && haveProject);
    m_runEditorAction->setEnabled(!running && haveProject);
    m_trainAction->setEnabled(haveProject && !m_trainingDock->isRunning());
    m_pauseAction->setEnabled(m_job != nullptr); // an experiment's runs are cancelled, not paused
    m_cancelAction->setEnabled(running);
    m_stepAction->setEnabled(m_job != nullptr);
    m_exportAction->setEnabled(m_centre->currentWidget() == m_experimentView && m_experimentView->shownData());
    const QSignalBlocker blocker(m_pauseAction); // reflect the state without toggling it again
    m_pauseAction->setChecked(m_job != nullptr && m_job->isPaused());
    m_pauseAction->setText(m_pauseAction->isChecked() ? tr("&Resume") : tr("&Pause"));
}

void MainWindow::newProjectDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("New Project"), QDir::homePath(),
                                                tr("Orrery projects (*.orrery)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix() != QStringLiteral("orrery"))
        path += QStringLiteral(".orrery");
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (QFileInfo::exists(absolute)) {
        // The dialog asked whether to replace the file; a project's WAL files go with it.
        if (absolute == m_projectPath) {
            showProblem(tr("%1 is the open project; choose another name.").arg(QFileInfo(path).fileName()), {});
            return;
        }
        for (const QString& file : {absolute, absolute + QStringLiteral("-wal"), absolute + QStringLiteral("-shm")}) {
            if (QFileInfo::exists(file) && !QFile::remove(file)) {
                showProblem(tr("%1 could not be replaced.").arg(QDir::toNativeSeparators(file)), {});
                return;
            }
        }
    }
    openProject(absolute);
}

void MainWindow::openProjectDialog()
{
    const QString start = m_projectPath.isEmpty() ? QDir::homePath() : QFileInfo(m_projectPath).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), start,
                                                      tr("Orrery projects (*.orrery);;All files (*)"));
    if (!path.isEmpty())
        openProject(path);
}

void MainWindow::runScenarioFileDialog()
{
    const QString start = m_projectPath.isEmpty() ? QDir::homePath() : QFileInfo(m_projectPath).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Run Scenario File"), start,
                                                      tr("Scenario files (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        runScenarioFile(path);
}

void MainWindow::exportReportDialog()
{
    const experiment::ExperimentReportData* data = m_experimentView->shownData();
    if (!data || m_centre->currentWidget() != m_experimentView)
        return;
    const QString start = QFileInfo(m_projectPath).absoluteDir().filePath(QString::fromStdString(data->record.name)
                                                                         + QStringLiteral(".html"));
    QString selectedFilter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), start,
                                                tr("HTML report (*.html);;PDF report (*.pdf)"), &selectedFilter);
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QStringLiteral("html") && suffix != QStringLiteral("htm") && suffix != QStringLiteral("pdf"))
        path += selectedFilter.contains(QStringLiteral("pdf")) ? QStringLiteral(".pdf") : QStringLiteral(".html");
    exportReport(path);
}

bool MainWindow::exportReport(const QString& path)
{
    const experiment::ExperimentReportData* data = m_experimentView->shownData();
    if (!data) {
        logMessage(tr("Select an experiment to export its report."), widgets::LogView::Severity::Warning);
        return false;
    }
    const QString error = exportExperimentReport(*data, path);
    if (!error.isEmpty()) {
        logMessage(tr("The report could not be written to %1: %2").arg(QDir::toNativeSeparators(path), error),
                   widgets::LogView::Severity::Error);
        showProblem(tr("The report could not be written to %1.").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    logMessage(tr("Wrote the report of “%1” to %2")
                   .arg(QString::fromStdString(data->record.name), QDir::toNativeSeparators(path)));
    statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Orrery"),
        tr("<h3>Orrery %1</h3>"
           "<p>A cluster-operations console with a deterministic discrete-event simulator of "
           "heterogeneous clusters and scheduling policies loaded as plugins.</p>"
           "<p>Built with Qt %2.</p>")
            .arg(QStringLiteral(ORRERY_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::showProblem(const QString& text, const QString& details)
{
    // Window-modal and non-blocking: the event loop (and a run in progress) keeps going.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Orrery"), text, QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("problemBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    if (!details.isEmpty())
        box->setDetailedText(details);
    box->open();
}

} // namespace orrery::app
