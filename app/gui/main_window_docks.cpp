#include "gui/main_window.h"

#include "gui/live_dock.h"
#include "gui/project_catalog_model.h"
#include "gui/run_list_model.h"
#include "gui/scenario_editor.h"
#include "widgets/cluster_view.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeView>

// The window's docks: project explorer (runs and experiments, scenarios and trained models),
// log, scenario editor and the Live Cluster dock.
namespace orrery::app {

void MainWindow::createDocks()
{
    m_runs = new RunListModel(this);
    m_explorer = new QTreeView;
    m_explorer->setObjectName(QStringLiteral("projectExplorer"));
    m_explorer->setModel(m_runs);
    m_explorer->setUniformRowHeights(true);
    m_explorer->setAlternatingRowColors(true);
    m_explorer->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_explorer->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_explorer->header()->setStretchLastSection(true);
    // The run column holds short ids; fitted to contents it would take the spanning group's width.
    m_explorer->header()->setSectionResizeMode(RunListModel::IdColumn, QHeaderView::Interactive);
    m_explorer->setColumnWidth(RunListModel::IdColumn,
        m_explorer->indentation() + m_explorer->fontMetrics().horizontalAdvance(QStringLiteral("00000")) + 12);
    connect(m_explorer->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::showCurrentItem);
    const auto spanGroup = [this] {
        m_explorer->setFirstColumnSpanned(0, {}, true); // "Runs (n)" across the columns
        m_explorer->setFirstColumnSpanned(1, {}, true); // "Experiments (n)"
        m_explorer->expandAll();
    };
    spanGroup();
    connect(m_runs, &QAbstractItemModel::modelReset, m_explorer, spanGroup);
    connect(m_runs, &QAbstractItemModel::rowsInserted, m_explorer, &QTreeView::expandAll);

    auto* projectDock = new QDockWidget(tr("Project"), this);
    projectDock->setObjectName(QStringLiteral("projectDock"));
    m_catalog = new ProjectCatalogModel(this);
    m_catalogView = new QTreeView;
    m_catalogView->setObjectName(QStringLiteral("projectCatalog"));
    m_catalogView->setModel(m_catalog);
    m_catalogView->setUniformRowHeights(true);
    m_catalogView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_catalogView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_catalogView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::showCatalogItem);
    connect(m_catalog, &QAbstractItemModel::modelReset, m_catalogView, [this] {
        m_catalogView->setFirstColumnSpanned(0, {}, true);
        m_catalogView->setFirstColumnSpanned(1, {}, true);
        m_catalogView->expand(m_catalog->modelsGroupIndex());
        m_catalogView->expand(m_catalog->scenariosGroupIndex());
        showCatalogItem();
    });
    m_modelDetails = new QLabel;
    m_modelDetails->setObjectName(QStringLiteral("modelDetails"));
    m_modelDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_modelDetails->setWordWrap(true);
    m_modelDetails->hide();
    auto* explorerSplit = new QSplitter(Qt::Vertical);
    explorerSplit->setObjectName(QStringLiteral("explorerSplit"));
    explorerSplit->addWidget(m_explorer);
    explorerSplit->addWidget(createExperimentCellView()); // main_window_experiments.cpp
    explorerSplit->addWidget(m_catalogView);
    explorerSplit->addWidget(m_modelDetails);
    explorerSplit->setStretchFactor(0, 3);
    explorerSplit->setStretchFactor(1, 2);
    explorerSplit->setStretchFactor(2, 1);
    projectDock->setWidget(explorerSplit);
    addDockWidget(Qt::LeftDockWidgetArea, projectDock);

    m_log = new widgets::LogView;
    m_log->setObjectName(QStringLiteral("log"));
    auto* logDock = new QDockWidget(tr("Log"), this);
    logDock->setObjectName(QStringLiteral("logDock"));
    logDock->setWidget(m_log);
    addDockWidget(Qt::BottomDockWidgetArea, logDock);
    m_scenarioEditor = new ScenarioEditor(m_registry);
    m_scenarioEditor->setObjectName(QStringLiteral("scenarioEditor"));
    auto* scenarioDock = new QDockWidget(tr("Scenario"), this);
    scenarioDock->setObjectName(QStringLiteral("scenarioDock"));
    scenarioDock->setWidget(m_scenarioEditor);
    addDockWidget(Qt::RightDockWidgetArea, scenarioDock);
    connect(m_scenarioEditor, &ScenarioEditor::filePathChanged, scenarioDock, [scenarioDock](const QString& path) {
        scenarioDock->setWindowTitle(path.isEmpty() ? tr("Scenario")
                                                    : tr("Scenario — %1").arg(QFileInfo(path).fileName()));
    });

    m_liveDock = new LiveDock;
    m_liveDock->setObjectName(QStringLiteral("liveCluster"));
    auto* liveDock = new QDockWidget(tr("Live Cluster"), this);
    liveDock->setObjectName(QStringLiteral("liveDock"));
    liveDock->setWidget(m_liveDock);
    addDockWidget(Qt::RightDockWidgetArea, liveDock);
    // The kubeconfig is read when the dock is first shown, not at every start.
    connect(liveDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && !m_liveConfigLoaded) {
            m_liveConfigLoaded = true;
            m_liveDock->loadKubeConfig();
        }
    });
    connect(m_liveDock, &LiveDock::clusterSnapshotReady, this, [this](const widgets::ClusterSnapshot& snapshot) {
        m_clusterView->setSnapshot(snapshot);
        showViewTab(ViewTab::Cluster);
        logMessage(tr("The Cluster view shows %1 live nodes.").arg(snapshot.nodes.size()));
    });
    // "Simulate this cluster…": the snapshot goes into the editor, unsaved under its file name,
    // and runs by the Run menu's path (Run ▸ Run Scenario), diagnostics and all.
    connect(m_liveDock, &LiveDock::simulationScenarioReady, this, [this, scenarioDock](const QString& text, const QString& fileName) {
        m_scenarioEditor->setText(text, fileName);
        scenarioDock->show();
        logMessage(tr("Opened the live cluster's snapshot as %1").arg(fileName));
        runEditorScenario();
    });
    liveDock->hide();
    createTrainingDock(); // main_window_training.cpp
    resizeDocks({projectDock, scenarioDock}, {370, 420}, Qt::Horizontal);
    resizeDocks({logDock}, {150}, Qt::Vertical);
    // Hidden until a scenario is opened (File ▸ Open Scenario, View menu): an empty editor
    // would only squeeze the run view. A saved layout (restoreSettings) overrides this.
    scenarioDock->hide();
}

void MainWindow::showCatalogItem()
{
    const QModelIndex current = m_catalogView->currentIndex();
    if (const store::ModelSummary* model = m_catalog->modelAt(current)) {
        m_modelDetails->setText(ProjectCatalogModel::modelDetails(*model));
        m_modelDetails->show();
        return;
    }
    m_modelDetails->hide();
    if (const auto run = m_catalog->runIdAt(current))
        selectRun(*run);
}

} // namespace orrery::app
