#include "gui/main_window.h"

#include "ops/scenario_check.h"
#include "gui/scenario_editor.h"
#include "gui/train_control_dialog.h"
#include "gui/training_dock.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>

// The Training dock and Run ▸ Train Control Policy… (issue 7): control plugins trained on a
// worker thread into the open project, as `orrery train PLUGIN` does.
namespace orrery::app {

using Severity = widgets::LogView::Severity;

void MainWindow::createTrainingDock()
{
    m_trainingDock = new TrainingDock(m_registry);
    m_trainingDock->setObjectName(QStringLiteral("trainingView"));
    auto* dock = new QDockWidget(tr("Training"), this);
    dock->setObjectName(QStringLiteral("trainingDock"));
    dock->setWidget(m_trainingDock);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide(); // shown when a training starts
    connect(m_trainingDock, &TrainingDock::message, this,
            [this](const QString& text, bool problem) { logMessage(text, problem ? Severity::Error : Severity::Info); });
    // A stored checkpoint or final model appears under Trained models at once.
    connect(m_trainingDock, &TrainingDock::modelStored, this, &MainWindow::refreshRuns);
    connect(m_trainingDock, &TrainingDock::trainingFinished, this, [this] {
        refreshRuns();
        updateActions();
    });

    m_trainAction = new QAction(tr("Tr&ain Control Policy…"), this);
    m_trainAction->setObjectName(QStringLiteral("trainControlAction"));
    m_trainAction->setStatusTip(tr("Train a learning control plugin (firm) in a scenario's simulation, "
                                   "storing checkpoints and the model in the project"));
    connect(m_trainAction, &QAction::triggered, this, &MainWindow::trainControlDialog);
}

void MainWindow::trainControlDialog()
{
    TrainControlDialog dialog(m_registry, m_scenarioEditor->filePath(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    startTraining(dialog.plugin(), dialog.scenarioPath(), dialog.config(), dialog.seed(), dialog.evaluationEvery(),
                  dialog.evaluationEpisodes());
}

bool MainWindow::startTraining(const QString& plugin, const QString& scenarioPath,
                               const policy::ControlTrainingConfig& config, std::optional<std::uint64_t> seed,
                               std::optional<quint32> evaluationEvery, quint32 evaluationEpisodes)
{
    if (!m_project) {
        logMessage(tr("Open a project first."), Severity::Warning);
        return false;
    }
    if (m_trainingDock->isRunning()) {
        logMessage(tr("A training is already in progress."), Severity::Warning);
        return false;
    }
    if (!m_registry.isTrainableControl(plugin.toStdString())) {
        logMessage(tr("%1 is not a trainable control plugin.").arg(plugin), Severity::Error);
        return false;
    }
    const CheckedScenario checked = scenarioPath.isEmpty() ? m_scenarioEditor->check()
                                                           : checkScenarioFile(scenarioPath.toStdString(), m_registry);
    const QString name = scenarioPath.isEmpty() ? tr("The edited scenario") : QDir::toNativeSeparators(scenarioPath);
    if (!checked.scenario) {
        const QString details = QString::fromStdString(model::formatAll(checked.diagnostics));
        logMessage(tr("%1 cannot be trained on:\n%2").arg(name, details), Severity::Error);
        showProblem(tr("The scenario %1 has problems and cannot be trained on.").arg(name), details);
        return false;
    }
    TrainingJob::Request request;
    request.plugin = plugin;
    request.scenario = *checked.scenario;
    if (seed)
        request.scenario.seed = *seed;
    request.config = config;
    request.config.seed = request.scenario.seed;
    request.projectPath = m_projectPath;
    request.evaluationEvery = evaluationEvery;
    request.evaluationEpisodes = evaluationEpisodes;
    if (auto* dock = qobject_cast<QDockWidget*>(m_trainingDock->parentWidget()); dock && !dock->isVisible()) {
        dock->show();
        resizeDocks({dock}, {560}, Qt::Horizontal);
    }
    logMessage(tr("Training %1 on %2 (%3 episodes).").arg(plugin, name).arg(config.episodes));
    const bool started = m_trainingDock->start(std::move(request));
    updateActions();
    return started;
}

} // namespace orrery::app
