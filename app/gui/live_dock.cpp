#include "gui/live_dock.h"

#include "gui/live_node_model.h"
#include "gui/live_pod_model.h"
#include "gui/live_query_panel.h"
#include "gui/live_scheduling_model.h"
#include "live/context_resolver.h"
#include "live/kube_config_loader.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace orrery::app {
namespace {

QTableView* makeTable(QAbstractItemModel* model, const QString& name)
{
    auto* table = new QTableView;
    table->setObjectName(name);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return table;
}

QWidget* tablePage(QTableView* table, QPushButton* more)
{
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(table);
    layout->addWidget(more, 0, Qt::AlignRight);
    return page;
}

} // namespace

LiveDock::LiveDock(QWidget* parent)
    : QWidget(parent)
    , m_nodes(new LiveNodeModel(this))
    , m_pods(new LivePodModel(this))
    , m_scheduling(new LiveSchedulingModel(this))
{
    m_contexts = new QComboBox;
    m_contexts->setObjectName(QStringLiteral("liveContexts"));
    m_contexts->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_connect = new QPushButton(tr("Connect"));
    m_connect->setObjectName(QStringLiteral("liveConnect"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("liveCancel"));
    m_toCluster = new QPushButton(tr("Show in Cluster view"));
    m_toCluster->setObjectName(QStringLiteral("liveShowInCluster"));
    m_simulate = new QPushButton(tr("Simulate this cluster…"));
    m_simulate->setObjectName(QStringLiteral("liveSimulate"));
    m_simulate->setToolTip(tr("Capture the cluster (the namespace below, or all) as a scenario, open it in the "
                              "scenario editor and simulate it"));
    m_busy = new QProgressBar;
    m_busy->setObjectName(QStringLiteral("liveBusy"));
    m_busy->setRange(0, 0); // indeterminate
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(80);
    m_busy->hide();
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Context:")));
    top->addWidget(m_contexts, 1);
    top->addWidget(m_connect);
    top->addWidget(m_cancel);
    top->addWidget(m_toCluster);
    top->addWidget(m_simulate);
    top->addWidget(m_busy);

    m_warning = new QLabel;
    m_warning->setObjectName(QStringLiteral("liveWarning"));
    m_warning->setWordWrap(true);
    m_warning->hide();
    m_status = new QLabel(tr("Not connected."));
    m_status->setObjectName(QStringLiteral("liveStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_namespace = new QLineEdit;
    m_namespace->setObjectName(QStringLiteral("liveNamespace"));
    m_namespace->setPlaceholderText(tr("all namespaces"));
    m_namespace->setClearButtonEnabled(true);
    auto* filter = new QFormLayout;
    filter->addRow(tr("Namespace:"), m_namespace);

    m_nodeTable = makeTable(m_nodes, QStringLiteral("liveNodeTable"));
    m_podTable = makeTable(m_pods, QStringLiteral("livePodTable"));
    m_moreNodes = new QPushButton(tr("Load more"));
    m_moreNodes->setObjectName(QStringLiteral("liveMoreNodes"));
    m_morePods = new QPushButton(tr("Load more"));
    m_morePods->setObjectName(QStringLiteral("liveMorePods"));
    m_query = new LiveQueryPanel;
    m_query->setObjectName(QStringLiteral("liveQuery"));
    auto* tabs = new QTabWidget;
    m_tabs = tabs;
    tabs->setObjectName(QStringLiteral("liveTabs"));
    tabs->addTab(tablePage(m_nodeTable, m_moreNodes), tr("Nodes"));
    tabs->addTab(tablePage(m_podTable, m_morePods), tr("Pods"));
    tabs->addTab(m_query, tr("Prometheus"));
    // Scheduling: where pods went and which scheduler sent them, refreshed while shown.
    auto* schedulingPage = new QWidget;
    auto* schedulingLayout = new QVBoxLayout(schedulingPage);
    schedulingLayout->setContentsMargins(0, 0, 0, 0);
    schedulingLayout->addWidget(makeTable(m_scheduling, QStringLiteral("liveSchedulingTable")));
    m_follow = new QCheckBox(tr("Follow (refresh every %1 s)").arg(kSchedulingRefreshMs / 1000));
    m_follow->setObjectName(QStringLiteral("liveFollowScheduling"));
    m_follow->setChecked(true);
    auto* refresh = new QPushButton(tr("Refresh"));
    refresh->setObjectName(QStringLiteral("liveRefreshScheduling"));
    auto* schedulingButtons = new QHBoxLayout;
    schedulingButtons->addWidget(m_follow);
    schedulingButtons->addStretch(1);
    schedulingButtons->addWidget(refresh);
    schedulingLayout->addLayout(schedulingButtons);
    tabs->addTab(schedulingPage, tr("Scheduling"));
    m_followTimer = new QTimer(this);
    m_followTimer->setInterval(kSchedulingRefreshMs);
    connect(m_followTimer, &QTimer::timeout, this, [this] {
        if (m_follow->isChecked() && m_tabs->currentWidget() == m_tabs->widget(m_tabs->count() - 1))
            refreshScheduling();
    });
    connect(refresh, &QPushButton::clicked, this, &LiveDock::refreshScheduling);
    connect(tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == m_tabs->count() - 1)
            refreshScheduling();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_warning);
    layout->addWidget(m_status);
    layout->addLayout(filter);
    layout->addWidget(tabs, 1);

    connect(m_connect, &QPushButton::clicked, this, &LiveDock::connectSelected);
    connect(m_contexts, &QComboBox::activated, this, &LiveDock::connectSelected);
    connect(m_cancel, &QPushButton::clicked, this, &LiveDock::cancel);
    connect(m_moreNodes, &QPushButton::clicked, this, &LiveDock::loadMoreNodes);
    connect(m_morePods, &QPushButton::clicked, this, &LiveDock::loadMorePods);
    connect(m_toCluster, &QPushButton::clicked, this, &LiveDock::showInClusterView);
    connect(m_simulate, &QPushButton::clicked, this, &LiveDock::simulateCluster);
    connect(m_namespace, &QLineEdit::editingFinished, this, &LiveDock::reloadPods);
    updateButtons();
}

LiveDock::~LiveDock() = default;

bool LiveDock::loadKubeConfig(const QString& explicitPath)
{
    cancel();
    m_contexts->clear();
    m_context.reset();
    try {
        m_config = live::KubeConfigLoader::loadDefault(explicitPath.toStdString());
    } catch (const std::exception& error) {
        m_config = {};
        setStatus(QString::fromStdString(error.what()), true);
        updateButtons();
        return false;
    }
    for (const auto& [name, context] : m_config.contexts) {
        const auto cluster = m_config.clusters.find(context.cluster);
        m_contexts->addItem(QString::fromStdString(name),
                            cluster == m_config.clusters.end() ? QString() : QString::fromStdString(cluster->second.server));
    }
    m_contexts->setCurrentIndex(std::max(0, m_contexts->findText(QString::fromStdString(m_config.currentContext))));
    setStatus(m_contexts->count() == 0 ? tr("The kubeconfig defines no contexts.")
                                       : tr("Not connected. Choose a context and press Connect."),
              m_contexts->count() == 0);
    updateButtons();
    return m_contexts->count() > 0;
}

void LiveDock::connectSelected()
{
    cancel();
    m_context.reset();
    m_nodes->clear();
    m_pods->clear();
    m_scheduling->clear();
    m_nodeContinue.clear();
    m_podContinue.clear();
    const std::string name = m_contexts->currentText().toStdString();
    const auto context = m_config.contexts.find(name);
    if (context == m_config.contexts.end()) {
        setStatus(tr("No context selected."), true);
        return;
    }
    const auto cluster = m_config.clusters.find(context->second.cluster);
    const bool insecure = cluster != m_config.clusters.end() && cluster->second.insecureSkipTlsVerify;
    m_warning->setText(tr("Warning: context \"%1\" sets insecure-skip-tls-verify; the server's identity is not checked.")
                           .arg(QString::fromStdString(name)));
    m_warning->setVisible(insecure);
    setStatus(tr("Connecting to %1…").arg(m_contexts->currentData().toString()), false);
    launch<LiveConnection>([config = m_config, name, timeouts = m_timeouts] { return LiveFetch::connect(config, name, timeouts); },
                           [this](const LiveConnection& result) {
                               if (!result.error.isEmpty()) {
                                   setStatus(result.error, true);
                                   return;
                               }
                               m_context = result.context;
                               setStatus(tr("%1 — Kubernetes %2").arg(QString::fromStdString(result.context.server), result.version), false);
                               // The resolver's own warnings (TLS verification off, expiring
                               // credentials) replace the dock's guess from the kubeconfig.
                               QStringList warnings;
                               for (const std::string& warning : result.context.warnings)
                                   warnings << tr("Warning: %1").arg(QString::fromStdString(warning));
                               if (!warnings.isEmpty()) {
                                   m_warning->setText(warnings.join(QLatin1Char('\n')));
                                   m_warning->show();
                               }
                               loadMoreNodes();
                               loadMorePods();
                               if (m_tabs->currentIndex() == m_tabs->count() - 1)
                                   refreshScheduling();
                           });
}

void LiveDock::loadMoreNodes()
{
    if (!m_context)
        return;
    m_moreNodes->setEnabled(false);
    launch<LivePage<live::KubeNode>>(
        [context = *m_context, timeouts = m_timeouts, token = m_nodeContinue, limit = m_pageSize] {
            return LiveFetch::nodePage(context, timeouts, token, limit);
        },
        [this](const LivePage<live::KubeNode>& page) {
            if (!page.error.isEmpty())
                return setStatus(page.error, true);
            m_nodes->append(page.items);
            m_nodeContinue = page.continueToken;
        });
}

void LiveDock::loadMorePods()
{
    if (!m_context)
        return;
    m_morePods->setEnabled(false);
    launch<LivePage<live::KubePod>>(
        [context = *m_context, timeouts = m_timeouts, ns = m_namespace->text().trimmed(), token = m_podContinue,
         limit = m_pageSize] { return LiveFetch::podPage(context, timeouts, ns, token, limit); },
        [this](const LivePage<live::KubePod>& page) {
            if (!page.error.isEmpty())
                return setStatus(page.error, true);
            m_pods->append(page.items);
            m_podContinue = page.continueToken;
        });
}

void LiveDock::reloadPods()
{
    m_pods->clear();
    m_podContinue.clear();
    loadMorePods();
}

void LiveDock::refreshScheduling()
{
    if (!m_context || m_schedulingInFlight)
        return;
    m_schedulingInFlight = true;
    m_followTimer->start();
    launch<LivePage<live::KubeEvent>>(
        [context = *m_context, timeouts = m_timeouts, ns = m_namespace->text().trimmed()] {
            return LiveFetch::schedulingEvents(context, timeouts, ns);
        },
        [this](const LivePage<live::KubeEvent>& page) {
            m_schedulingInFlight = false;
            if (!page.error.isEmpty())
                return setStatus(page.error, true);
            m_scheduling->setEvents(page.items);
        });
}

void LiveDock::showInClusterView()
{
    if (!m_context)
        return;
    launch<LiveSnapshotResult>([context = *m_context, timeouts = m_timeouts] { return LiveFetch::snapshot(context, timeouts); },
                               [this](const LiveSnapshotResult& result) {
                                   if (!result.error.isEmpty())
                                       return setStatus(result.error, true);
                                   emit clusterSnapshotReady(result.snapshot);
                               });
}

void LiveDock::simulateCluster()
{
    const QString name = m_context ? QString::fromStdString(m_context->contextName) : m_contexts->currentText();
    if (name.isEmpty()) {
        setStatus(tr("No context selected."), true);
        return;
    }
    const QString nameSpace = m_namespace->text().trimmed();
    setStatus(nameSpace.isEmpty() ? tr("Capturing a snapshot of %1 (all namespaces)…").arg(name)
                                  : tr("Capturing a snapshot of %1 (namespace %2)…").arg(name, nameSpace),
              false);
    // Connected: the resolved context; else the selected one is resolved on the worker (exec
    // plugins may run there), so a snapshot needs no Connect first.
    launch<LiveScenarioResult>(
        [config = m_config, resolved = m_context, name = name.toStdString(), timeouts = m_timeouts, nameSpace] {
            if (resolved)
                return LiveFetch::scenario(*resolved, timeouts, nameSpace);
            try {
                return LiveFetch::scenario(live::ContextResolver(config).resolve(name), timeouts, nameSpace);
            } catch (const std::exception& error) {
                LiveScenarioResult failed;
                failed.error = QString::fromStdString(error.what());
                return failed;
            }
        },
        [this, name](const LiveScenarioResult& result) {
            if (!result.error.isEmpty())
                return setStatus(result.error, true);
            setStatus(tr("Snapshot of %1: %2 nodes and %3 pods, written as %4.")
                          .arg(name)
                          .arg(result.nodes)
                          .arg(result.pods)
                          .arg(result.fileName),
                      false);
            emit simulationScenarioReady(result.text, result.fileName);
        });
}

void LiveDock::cancel()
{
    const bool wasBusy = m_pending > 0;
    ++m_generation; // answers of earlier requests are dropped when they arrive
    m_pending = 0;
    m_schedulingInFlight = false;
    if (wasBusy) {
        setStatus(tr("Cancelled."), false);
        emit idle();
    }
    updateButtons();
}

QString LiveDock::statusText() const
{
    return m_status->text();
}

QString LiveDock::warningText() const
{
    return m_warning->isVisibleTo(this) ? m_warning->text() : QString();
}

template <typename R>
void LiveDock::launch(std::function<R()> work, std::function<void(const R&)> done)
{
    const quint64 generation = m_generation;
    ++m_pending;
    updateButtons();
    auto* watcher = new QFutureWatcher<R>(this);
    connect(watcher, &QFutureWatcher<R>::finished, this, [this, watcher, generation, done] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        --m_pending;
        done(watcher->result());
        finishOne();
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

void LiveDock::finishOne()
{
    updateButtons();
    if (m_pending == 0)
        emit idle();
}

void LiveDock::setStatus(const QString& text, bool error)
{
    m_hasError = error;
    m_status->setText(text);
    // Bold rather than a fixed red: the palette's text colour stays legible in dark themes.
    QFont font = m_status->font();
    font.setBold(error);
    m_status->setFont(font);
}

void LiveDock::updateButtons()
{
    const bool busy = m_pending > 0;
    m_cancel->setEnabled(busy);
    m_connect->setEnabled(m_contexts->count() > 0);
    m_moreNodes->setEnabled(m_context && !m_nodeContinue.isEmpty());
    m_morePods->setEnabled(m_context && !m_podContinue.isEmpty());
    m_toCluster->setEnabled(m_context.has_value());
    m_simulate->setEnabled(!busy && (m_context.has_value() || m_contexts->count() > 0));
    m_busy->setVisible(busy);
    m_namespace->setEnabled(m_context.has_value());
}

} // namespace orrery::app
