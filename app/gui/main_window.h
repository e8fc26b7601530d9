#pragma once
#include "gui/experiment_job.h"
#include "gui/kind_views.h"
#include "model/scenario.h"
#include "policy/control_training.h"
#include "store/ids.h"
#include "store/project.h"
#include "widgets/log_view.h"

#include <QMainWindow>
#include <QPointer>

#include <optional>
#include <string>
#include <vector>

class QAction;
class QLabel;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QTreeView;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::widgets {
class ClusterView;
class ServiceGraphView;
class TraceView;
}

namespace orrery::app {

struct ScenarioViewsData;
class ExperimentCellModel;
class ExperimentView;
class EmbeddingTab;
class LiveDock;
class ProjectCatalogModel;
class RunJob;
class RunListModel;
class RunProgressPanel;
class RunView;
class ScenarioEditor;
class TrainingDock;

//! The Orrery window (docs/architecture.md §8): the project explorer (runs and experiments of the open
//! project) on the left, the selected run or the comparison of the selected experiment's arms in
//! the centre, a log dock, menus, and a status bar with the progress of the run in flight. One run at a time executes on a worker thread (RunJob); the window
//! opens one SQLite connection of its own for reading the explorer.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    //! `registry` holds the loaded plugins and must outlive the window.
    explicit MainWindow(const policy::PluginRegistry& registry, QWidget* parent = nullptr);
    ~MainWindow() override;

    //! Opens (creating if missing) a project file and lists its runs, selecting the newest.
    //! Refused while a run executes. Problems go to the log and a message box.
    bool openProject(const QString& path);
    //! Opens the last project, or the demo project; runs the demo into an empty demo project.
    void openStartupProject();
    [[nodiscard]] QString projectPath() const { return m_projectPath; }

    //! Starts `scenario` on the worker thread, recording into the open project.
    bool startRun(model::Scenario scenario);
    //! Checks a scenario file against the loaded plugins and runs it, or reports its diagnostics.
    bool runScenarioFile(const QString& path);
    //! Checks the scenario editor's text and runs it, or reports its diagnostics.
    bool runEditorScenario();
    //! Opens a scenario file in the scenario editor.
    bool openScenario(const QString& path);
    [[nodiscard]] ScenarioEditor* scenarioEditor() const { return m_scenarioEditor; }
    //! Shows experiment `id` in the centre, selecting it in the explorer.
    void selectExperiment(store::ExperimentId id);
    //! Writes the report of the experiment on screen to `path` (HTML or PDF by its extension).
    bool exportReport(const QString& path);

    //! Reads a trace file (Jaeger, OTLP or Zipkin v2 JSON, detected by trace::readTraceFile) into
    //! the trace view on a worker thread, showing the Traces tab; a .json file dropped on the
    //! window comes here too;
    //! its service graph (with the chosen trace's critical path) goes to the service graph view.
    void openTrace(const QString& path);
    [[nodiscard]] widgets::ClusterView* clusterView() const { return m_clusterView; }
    [[nodiscard]] widgets::ServiceGraphView* serviceGraphView() const { return m_graphView; }
    [[nodiscard]] widgets::TraceView* traceView() const { return m_traceView; }
    //! The views the workload kinds bring (gui/kind_views.h), one tab each between Traces and
    //! Embeddings, shown for the selected run when it has one of the view's kinds.
    [[nodiscard]] const std::vector<KindRunView*>& kindViews() const { return m_kindViews; }
    //! The kind view of type `View` (FlowConView, ServingPowerView, StrlPlanView, …), or nullptr.
    template <typename View>
    [[nodiscard]] View* kindView() const
    {
        for (KindRunView* view : m_kindViews) {
            if (auto* typed = qobject_cast<View*>(view))
                return typed;
        }
        return nullptr;
    }
    //! Whether `view`'s tab is shown (the selected run has one of its kinds).
    [[nodiscard]] bool isKindViewShown(const QWidget* view) const;
    //! The Embeddings tab: the project's meta-learner embeddings (orrery meta-train).
    [[nodiscard]] EmbeddingTab* embeddingTab() const { return m_embeddingTab; }
    //! The fixed tabs of the centre: overview (run or experiment), cluster, service graph, traces,
    //! and embeddings after the kinds' views; KindView stands for any of those (kindViews()).
    enum class ViewTab { Overview, Cluster, ServiceGraph, Traces, Embeddings, KindView };
    //! Brings up a fixed tab (KindView: nothing; use showViewWidget with the view).
    void showViewTab(ViewTab tab);
    [[nodiscard]] ViewTab currentViewTab() const;
    //! Brings up the tab of `view` (a fixed view or a kind's).
    void showViewWidget(QWidget* view);
    [[nodiscard]] QWidget* currentViewWidget() const;

    //! Runs the built-in demo scenario.
    bool runDemo();
    [[nodiscard]] bool isRunActive() const { return m_job != nullptr; }
    [[nodiscard]] RunJob* runJob() const { return m_job; }
    [[nodiscard]] RunProgressPanel* progressPanel() const { return m_progress; }
    //! The Live Cluster dock (View ▸ Live Cluster); it reads the kubeconfig when first shown.
    [[nodiscard]] LiveDock* liveDock() const { return m_liveDock; }
    //! The Training dock (Run ▸ Train Control Policy…).
    [[nodiscard]] TrainingDock* trainingDock() const { return m_trainingDock; }
    //! Checks `scenarioPath` (empty: the scenario editor's text) and trains control plugin
    //! `plugin` on it into the open project on a worker thread, shown in the Training dock;
    //! `seed` overrides the scenario's; `evaluationEvery` the default evaluation schedule (a
    //! tenth of the run; 0 = none). False (with the reason logged) when nothing started.
    bool startTraining(const QString& plugin, const QString& scenarioPath, const policy::ControlTrainingConfig& config,
                       std::optional<std::uint64_t> seed = std::nullopt,
                       std::optional<quint32> evaluationEvery = std::nullopt, quint32 evaluationEpisodes = 3);
    //! Runs an experiment file into the open project on a worker thread (ExperimentJob): locally,
    //! or its cells on Slurm or Kubernetes, the comparison filling in as cells complete. False
    //! (with the reason logged and shown) when nothing started.
    bool startExperiment(const ExperimentJob::Request& request);
    [[nodiscard]] ExperimentJob* experimentJob() const { return m_experimentJob; }
    //! The explorer's table of a remote experiment's cells; hidden until a remote backend reports.
    [[nodiscard]] ExperimentCellModel* experimentCells() const { return m_cellModel; }
    [[nodiscard]] QTreeView* experimentCellView() const { return m_cellView; }
    //! Shows a remote backend's cell states in the explorer (ExperimentJob::cellsChanged).
    void showRemoteCells(const RemoteExperimentProgress& progress);

    //! Simulated per wall-clock seconds of runs (0: as fast as possible); kept across runs.
    [[nodiscard]] double runSpeed() const { return m_runSpeed; }

    void logMessage(const QString& message, widgets::LogView::Severity severity = widgets::LogView::Severity::Info);

public slots:
    void cancelRun();
    void setRunPaused(bool paused);
    //! Pauses the run (if needed) and lets one batch of events run.
    void stepRun();
    void setRunSpeed(double simulatedPerWall);

signals:
    //! A run ended (completed, cancelled or failed); runId is 0 when nothing was recorded.
    void runFinished(qint64 runId, int status);
    //! An experiment started with startExperiment() ended; `status` is int(ExperimentJob::Outcome::Status).
    void experimentFinished(int status);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override; // main_window_views.cpp
    void dropEvent(QDropEvent* event) override;

private:
    // main_window_menus.cpp
    void createActions();
    void createMenus();
    void fillRecentMenu();
    void newProjectDialog();
    void openProjectDialog();
    void runScenarioFileDialog();
    void openScenarioDialog();
    bool saveScenario();
    void createLanguageMenu(QMenu* view);
    void exportReportDialog();
    void showAbout();
    void showProblem(const QString& text, const QString& details);
    void updateActions();

    // main_window_training.cpp
    void createTrainingDock();
    void trainControlDialog();

    // main_window_views.cpp
    void createViews();
    void openTraceDialog();
    void loadRunViews(store::RunId runId);
    void showScenarioViews(const ScenarioViewsData& data);
    void showTraceGraph(int traceIndex);

    // main_window_experiments.cpp
    void createExperimentActions();
    QWidget* createExperimentCellView();
    void runExperimentDialog();
    void onExperimentFinished(const ExperimentJob::Outcome& outcome);
    //! Reads the project again and shows the running experiment's comparison (throttled).
    void reloadExperimentResults();

    // main_window.cpp
    void createDocks();
    void restoreSettings();
    void saveSettings() const;
    void refreshRuns(); //!< and the experiments
    void showCurrentItem();
    //! Shows the kind views' tabs that apply to a run of `kinds` (nullopt: all), hides the others.
    void showKindTabsFor(const std::optional<std::vector<std::string>>& kinds);
    void showCatalogItem();
    void selectRun(store::RunId id);
    void onRunProgress(qint64 simulatedNs, qint64 horizonNs, quint64 events);
    void onRunFinished(store::RunId runId, sim::RunStatus status, const QString& message, quint64 events);
    void stopRunNow();

    const policy::PluginRegistry& m_registry;
    std::optional<store::Project> m_project;
    QString m_projectPath;

    RunListModel* m_runs = nullptr;
    QTreeView* m_explorer = nullptr;
    ProjectCatalogModel* m_catalog = nullptr; //!< scenarios and trained models, below the explorer
    QTreeView* m_catalogView = nullptr;
    QLabel* m_modelDetails = nullptr;
    QTabWidget* m_views = nullptr;      //!< the centre: overview, cluster, service graph, traces
    QStackedWidget* m_centre = nullptr; //!< the overview tab: the run view or the experiment view
    RunView* m_runView = nullptr;
    ExperimentView* m_experimentView = nullptr;
    widgets::LogView* m_log = nullptr;
    ScenarioEditor* m_scenarioEditor = nullptr;
    widgets::ClusterView* m_clusterView = nullptr;
    widgets::ServiceGraphView* m_graphView = nullptr;
    widgets::TraceView* m_traceView = nullptr;
    std::vector<KindRunView*> m_kindViews; //!< in registeredKindViews() order
    EmbeddingTab* m_embeddingTab = nullptr;
    quint64 m_runViewsGeneration = 0; //!< which loadRunViews() a finished load answers
    RunProgressPanel* m_progress = nullptr;
    RunJob* m_job = nullptr; //!< child of the window while a run executes
    double m_runSpeed = 0;
    LiveDock* m_liveDock = nullptr;
    TrainingDock* m_trainingDock = nullptr;
    QAction* m_trainAction = nullptr;
    ExperimentJob* m_experimentJob = nullptr; //!< child of the window while an experiment runs
    QAction* m_runExperimentAction = nullptr;
    ExperimentCellModel* m_cellModel = nullptr;
    QTreeView* m_cellView = nullptr;
    QLabel* m_cellTitle = nullptr;
    QWidget* m_cellPane = nullptr;
    QTimer* m_resultsTimer = nullptr; //!< throttles reloading the comparison as cells complete
    bool m_experimentShown = false;   //!< the running experiment was selected in the explorer
    bool m_liveConfigLoaded = false;
    bool m_runListedDuringJob = false;

    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_runFileAction = nullptr;
    QAction* m_runDemoAction = nullptr;
    QAction* m_openScenarioAction = nullptr;
    QAction* m_openTraceAction = nullptr;
    QList<QAction*> m_viewTabActions;
    QAction* m_saveScenarioAction = nullptr;
    QAction* m_runEditorAction = nullptr;
    QAction* m_pauseAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_stepAction = nullptr;
    QList<QAction*> m_speedActions;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
};

} // namespace orrery::app
