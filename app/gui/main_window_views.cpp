// MainWindow: the centre's tabs (overview, cluster, service graph, traces, the views the workload
// kinds bring, embeddings) and what feeds them.
#include "gui/main_window.h"

#include "gui/embedding_tab.h"
#include "gui/kind_views.h"
#include "gui/scenario_editor.h"
#include "gui/scenario_views_data.h"
#include "widgets/cluster_view.h"
#include "widgets/service_graph_view.h"
#include "widgets/trace_service_graph.h"
#include "widgets/trace_view.h"

#include <QAction>
#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace orrery::app {

void MainWindow::createViews()
{
    m_clusterView = new widgets::ClusterView;
    m_clusterView->setObjectName(QStringLiteral("clusterView"));
    m_graphView = new widgets::ServiceGraphView;
    m_graphView->setObjectName(QStringLiteral("serviceGraphView"));
    m_traceView = new widgets::TraceView;
    m_traceView->setObjectName(QStringLiteral("traceView"));
    m_embeddingTab = new EmbeddingTab;
    m_embeddingTab->setObjectName(QStringLiteral("embeddingTab"));

    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("viewTabs"));
    setAcceptDrops(true); // a .json trace file dropped on the window opens in the trace view
    m_views->setDocumentMode(true);
    m_views->addTab(m_centre, tr("Overview"));
    m_views->addTab(m_clusterView, tr("Cluster"));
    m_views->addTab(m_graphView, tr("Service Graph"));
    m_views->addTab(m_traceView, tr("Traces"));
    QStringList names = {tr("&Overview"), tr("&Cluster"), tr("Service &Graph"), tr("&Traces")};
    // Each kind's views (app/gui/kinds/*), in registration order; hidden until a run has the kind.
    registerBuiltInKindViews();
    for (const KindViewRegistration& registration : registeredKindViews()) {
        KindRunView* view = registration.create();
        view->setObjectName(registration.objectName);
        m_kindViews.push_back(view);
        m_views->addTab(view, QCoreApplication::translate("orrery::app::MainWindow", registration.title));
        names << QCoreApplication::translate("orrery::app::MainWindow", registration.menuText);
    }
    m_views->addTab(m_embeddingTab, tr("Embeddings"));
    names << tr("&Embeddings");
    setCentralWidget(m_views);

    for (int i = 0; i < names.size(); ++i) {
        auto* action = new QAction(names[i], this);
        action->setObjectName(QStringLiteral("viewTab%1Action").arg(i));
        action->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] { m_views->setCurrentIndex(i); });
        m_viewTabActions << action;
    }

    m_openTraceAction = new QAction(tr("Open &Trace…"), this);
    m_openTraceAction->setObjectName(QStringLiteral("openTraceAction"));
    m_openTraceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_openTraceAction->setStatusTip(tr("Read a trace file (Jaeger, OTLP or Zipkin v2 JSON) into the trace view"));
    connect(m_openTraceAction, &QAction::triggered, this, &MainWindow::openTraceDialog);

    connect(m_traceView, &widgets::TraceView::loaded, this, [this](const QString& source) {
        logMessage(tr("Read %n trace(s) from %1", nullptr, static_cast<int>(m_traceView->traceSet()->traces.size()))
                       .arg(source));
        statusBar()->showMessage(tr("Traces loaded"), 5000);
        showTraceGraph(m_traceView->currentTrace());
    });
    connect(m_traceView, &widgets::TraceView::loadFailed, this, [this](const QString& message) {
        logMessage(tr("The trace file could not be read: %1").arg(message), widgets::LogView::Severity::Error);
        showProblem(tr("The trace file could not be read."), message);
    });
    connect(m_traceView, &widgets::TraceView::currentTraceChanged, this, &MainWindow::showTraceGraph);
    connect(m_graphView, &widgets::ServiceGraphView::layoutFailed, this, [this](const QString& message) {
        logMessage(tr("The service graph could not be laid out: %1").arg(message), widgets::LogView::Severity::Error);
    });
    // A valid scenario in the editor shows its cluster and service graph.
    connect(m_scenarioEditor, &ScenarioEditor::validated, this, [this](int problems) {
        if (problems == 0 && m_scenarioEditor->lastCheck().scenario)
            showScenarioViews(scenarioViewsData(*m_scenarioEditor->lastCheck().scenario));
    });
}

void MainWindow::showViewTab(ViewTab tab)
{
    switch (tab) {
    case ViewTab::Overview: showViewWidget(m_centre); break;
    case ViewTab::Cluster: showViewWidget(m_clusterView); break;
    case ViewTab::ServiceGraph: showViewWidget(m_graphView); break;
    case ViewTab::Traces: showViewWidget(m_traceView); break;
    case ViewTab::Embeddings: showViewWidget(m_embeddingTab); break;
    case ViewTab::KindView: break;
    }
}

MainWindow::ViewTab MainWindow::currentViewTab() const
{
    const QWidget* current = m_views->currentWidget();
    if (current == m_centre)
        return ViewTab::Overview;
    if (current == m_clusterView)
        return ViewTab::Cluster;
    if (current == m_graphView)
        return ViewTab::ServiceGraph;
    if (current == m_traceView)
        return ViewTab::Traces;
    if (current == m_embeddingTab)
        return ViewTab::Embeddings;
    return ViewTab::KindView;
}

void MainWindow::showViewWidget(QWidget* view)
{
    const int index = m_views->indexOf(view);
    if (index >= 0 && m_views->isTabVisible(index))
        m_views->setCurrentIndex(index);
}

QWidget* MainWindow::currentViewWidget() const { return m_views->currentWidget(); }

bool MainWindow::isKindViewShown(const QWidget* view) const
{
    const int index = m_views->indexOf(const_cast<QWidget*>(view));
    return index >= 0 && m_views->isTabVisible(index);
}

void MainWindow::showKindTabsFor(const std::optional<std::vector<std::string>>& kinds)
{
    const auto& registrations = registeredKindViews();
    for (std::size_t i = 0; i < m_kindViews.size() && i < registrations.size(); ++i) {
        const bool shown = viewAppliesTo(registrations[i], kinds);
        const int index = m_views->indexOf(m_kindViews[i]);
        m_views->setTabVisible(index, shown);
        m_viewTabActions[index]->setEnabled(shown);
    }
}

void MainWindow::openTraceDialog()
{
    const QString start = m_projectPath.isEmpty() ? QDir::homePath() : QFileInfo(m_projectPath).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Trace"), start,
                                                      tr("Traces (Jaeger, OTLP or Zipkin JSON) (*.json);;All files (*)"));
    if (!path.isEmpty())
        openTrace(path);
}

namespace {

//! The local .json file among `mime`'s URLs, or empty: what a drop onto the window may open as traces.
QString droppedTraceFile(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            return url.toLocalFile();
    }
    return {};
}

} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedTraceFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = droppedTraceFile(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openTrace(path); // the same path as File ▸ Open Trace…
}

void MainWindow::openTrace(const QString& path)
{
    logMessage(tr("Reading traces from %1…").arg(QDir::toNativeSeparators(path)));
    m_traceView->openFile(path);
    showViewTab(ViewTab::Traces);
}

void MainWindow::showTraceGraph(int traceIndex)
{
    const auto& traces = m_traceView->traceSet();
    if (!traces || traceIndex < 0)
        return;
    m_graphView->setGraph(widgets::serviceGraphFromTraces(*traces, traceIndex, &m_traceView->criticalPath(),
                                                          m_traceView->report().get()));
}

void MainWindow::loadRunViews(store::RunId runId)
{
    const quint64 generation = ++m_runViewsGeneration;
    auto* watcher = new QFutureWatcher<ScenarioViewsData>(this);
    connect(watcher, &QFutureWatcher<ScenarioViewsData>::finished, this, [this, watcher, generation, runId] {
        watcher->deleteLater();
        if (generation != m_runViewsGeneration)
            return; // another run was selected meanwhile
        const ScenarioViewsData data = watcher->result();
        if (!data.error.isEmpty()) {
            logMessage(tr("The scenario of run %1 could not be read for the cluster view: %2").arg(runId).arg(data.error),
                       widgets::LogView::Severity::Warning);
            return;
        }
        showScenarioViews(data);
        if (data.traces && !data.traces->traces.empty()) // the run's own traces replace a file's
            m_traceView->setTraceSet(data.traces, data.report,
                                     tr("Run %1 (%2 of %3 traces)").arg(runId).arg(data.traces->traces.size())
                                         .arg(data.recordedTraces));
    });
    watcher->setFuture(QtConcurrent::run([path = m_projectPath.toStdString(), runId] { return loadRunViewsData(path, runId); }));
}

void MainWindow::showScenarioViews(const ScenarioViewsData& data)
{
    if (data.cluster) {
        const std::size_t nodes = data.cluster->nodes.size();
        m_clusterView->setSnapshot(*data.cluster);
        // Small clusters get big tiles; thousands of nodes start at the default density.
        m_clusterView->setTileSize(nodes <= 200 ? 28 : (nodes <= 2000 ? 14 : 8));
        if (data.cluster->hasGpuShares()) // a run that shared GPUs: show each GPU's share
            m_clusterView->setMetric(widgets::ClusterMetric::Gpu);
    }
    if (data.graph)
        m_graphView->setGraph(*data.graph);
}

} // namespace orrery::app
