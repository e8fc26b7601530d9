#pragma once
#include "gui/live_fetch.h"
#include "live/http_client.h"
#include "live/kube_config.h"
#include "live/resolved_context.h"
#include "widgets/cluster_snapshot.h"

#include <QFutureWatcher>
#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTabWidget;
class QTimer;

namespace orrery::app {

class LiveNodeModel;
class LivePodModel;
class LiveSchedulingModel;
class LiveQueryPanel;

//! The Live Cluster dock (docs/architecture.md §9, docs/gui.md): a context switcher filled from the
//! kubeconfig, the server's status, paginated node and pod tables with a namespace filter, a
//! Prometheus range query and "Show in Cluster view". Every request runs on a worker thread;
//! Cancel (or switching context) makes the dock ignore what is still in flight, so the UI never
//! waits on the network — an unreachable server shows its error once the client times out.
class LiveDock : public QWidget {
    Q_OBJECT
public:
    explicit LiveDock(QWidget* parent = nullptr);
    ~LiveDock() override;

    //! Reads the kubeconfig (`explicitPath`, else KUBECONFIG, else ~/.kube/config) and lists its
    //! contexts, selecting current-context. Returns false (status shows why) when it fails.
    bool loadKubeConfig(const QString& explicitPath = {});
    //! Resolves the selected context, asks its version and loads the first pages.
    void connectSelected();
    void loadMoreNodes();
    void loadMorePods();
    //! Fetches every node and pod and emits clusterSnapshotReady().
    void showInClusterView();
    //! "Simulate this cluster…": captures the connected context (else the selected one) with the
    //! namespace of the filter (empty: all namespaces) on a worker thread, as `orrery live
    //! snapshot` does, and emits simulationScenarioReady() with the scenario text. A failure
    //! shows in the status line (hasError()).
    void simulateCluster();
    //! Fetches the Scheduled and FailedScheduling Events of the namespace filter (empty: all)
    //! into the Scheduling tab. While that tab is shown and "Follow" is on, this repeats every
    //! kSchedulingRefreshMs, so the decisions of `orrery schedule` appear as they are made.
    void refreshScheduling();
    static constexpr int kSchedulingRefreshMs = 2000;
    //! Stops waiting for requests in flight (their threads end at the client's timeout).
    void cancel();

    void setTimeouts(live::HttpTimeouts timeouts) { m_timeouts = timeouts; }
    void setPageSize(int items) { m_pageSize = items; }
    [[nodiscard]] bool isBusy() const { return m_pending > 0; }
    [[nodiscard]] bool hasError() const { return m_hasError; }
    [[nodiscard]] QString statusText() const;
    [[nodiscard]] QString warningText() const;
    [[nodiscard]] QComboBox* contextBox() const { return m_contexts; }
    [[nodiscard]] LiveNodeModel* nodeModel() const { return m_nodes; }
    [[nodiscard]] LivePodModel* podModel() const { return m_pods; }
    [[nodiscard]] QPushButton* loadMoreNodesButton() const { return m_moreNodes; }
    [[nodiscard]] QLineEdit* namespaceFilter() const { return m_namespace; }
    [[nodiscard]] LiveQueryPanel* queryPanel() const { return m_query; }
    [[nodiscard]] QPushButton* simulateButton() const { return m_simulate; }
    [[nodiscard]] LiveSchedulingModel* schedulingModel() const { return m_scheduling; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    [[nodiscard]] QCheckBox* followScheduling() const { return m_follow; }

signals:
    void clusterSnapshotReady(const orrery::widgets::ClusterSnapshot& snapshot);
    //! The snapshot scenario of simulateCluster(); `fileName` (snapshot-<context>.yaml) names it
    //! until it is saved.
    void simulationScenarioReady(const QString& text, const QString& fileName);
    //! A request finished, failed or was cancelled (tests wait on it).
    void idle();

private:
    //! Runs `work` on the thread pool and `done` with its result on the UI thread, unless the
    //! dock was cancelled or switched context meanwhile.
    template <typename R>
    void launch(std::function<R()> work, std::function<void(const R&)> done);
    void finishOne();
    void setStatus(const QString& text, bool error);
    void reloadPods();
    void updateButtons();

    live::KubeConfig m_config;
    std::optional<live::ResolvedContext> m_context; //!< the connected one
    live::HttpTimeouts m_timeouts{std::chrono::milliseconds(5000), std::chrono::milliseconds(15000)};
    int m_pageSize = 100;
    quint64 m_generation = 0;
    int m_pending = 0;
    bool m_hasError = false;
    QString m_nodeContinue;
    QString m_podContinue;

    QComboBox* m_contexts = nullptr;
    QPushButton* m_connect = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_warning = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_namespace = nullptr;
    LiveNodeModel* m_nodes = nullptr;
    LivePodModel* m_pods = nullptr;
    QTableView* m_nodeTable = nullptr;
    QTableView* m_podTable = nullptr;
    QPushButton* m_moreNodes = nullptr;
    QPushButton* m_morePods = nullptr;
    QPushButton* m_toCluster = nullptr;
    QPushButton* m_simulate = nullptr;
    QProgressBar* m_busy = nullptr; //!< indeterminate, shown while a request is in flight
    LiveQueryPanel* m_query = nullptr;
    LiveSchedulingModel* m_scheduling = nullptr;
    QTabWidget* m_tabs = nullptr;
    QCheckBox* m_follow = nullptr;
    QTimer* m_followTimer = nullptr;
    bool m_schedulingInFlight = false;
};

} // namespace orrery::app
