#pragma once
// The Live dock's network work: plain functions that run on a worker thread (QtConcurrent) and
// return their result or the error text, never throwing, so the UI thread only ever copies
// finished values.

#include "live/http_client.h"
#include "live/kube_config.h"
#include "live/kube_objects.h"
#include "live/prometheus_result.h"
#include "live/resolved_context.h"
#include "widgets/cluster_snapshot.h"

#include <QString>

#include <vector>

namespace orrery::app {

//! One page of a Kubernetes list and the token that fetches the next ("" on the last page).
template <typename T>
struct LivePage {
    std::vector<T> items;
    QString continueToken;
    QString error; //!< non-empty: the request failed and `items` is empty
};

//! A context resolved and the server's version (or the error of either step).
struct LiveConnection {
    live::ResolvedContext context;
    QString version;
    QString error;
};

//! A Prometheus range query's answer.
struct LiveQueryResult {
    live::PromResult result;
    QString error;
};

//! The cluster snapshot built from every node and pod (or the error).
struct LiveSnapshotResult {
    widgets::ClusterSnapshot snapshot;
    QString error;
};

//! A snapshot of a cluster written as a scenario (or the error).
struct LiveScenarioResult {
    QString text;     //!< the scenario YAML
    QString fileName; //!< for the editor's title: snapshot-<context>.yaml
    int nodes = 0;
    int pods = 0;
    QString error;
};

//! Worker-thread calls of the Live dock; every function is self-contained (its own client).
class LiveFetch {
public:
    //! Resolves `contextName` of `config` (exec plugins run here) and asks GET /version.
    static LiveConnection connect(const live::KubeConfig& config, const std::string& contextName,
                                  live::HttpTimeouts timeouts);
    //! One page of nodes: GET /api/v1/nodes?limit=&continue=.
    static LivePage<live::KubeNode> nodePage(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                             const QString& continueToken, int limit);
    //! One page of pods of `nameSpace` (empty: all namespaces).
    static LivePage<live::KubePod> podPage(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                           const QString& nameSpace, const QString& continueToken, int limit);
    //! Every Scheduled and FailedScheduling Event about pods of `nameSpace` (empty: all
    //! namespaces), newest first: what kube-scheduler and `orrery schedule` decided.
    static LivePage<live::KubeEvent> schedulingEvents(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                                      const QString& nameSpace);
    //! query_range over the last `windowS` seconds at `points` steps.
    static LiveQueryResult queryRange(const QString& baseUrl, const QString& promql, double windowS, int points,
                                      live::HttpTimeouts timeouts);
    //! Every node and pod, summed into a snapshot (see clusterSnapshot()).
    static LiveSnapshotResult snapshot(const live::ResolvedContext& context, live::HttpTimeouts timeouts);
    //! The cluster (nodes, and the pods and controllers of `nameSpace`, empty: all namespaces)
    //! as a scenario, by the same core call as `orrery live snapshot` (captureSnapshotScenario).
    static LiveScenarioResult scenario(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                       const QString& nameSpace);
    //! Nodes → ClusterView snapshot: pools by instance type, capacity = allocatable, allocated =
    //! the requests of the node's pods that are not finished (Succeeded/Failed).
    static widgets::ClusterSnapshot clusterSnapshot(const std::vector<live::KubeNode>& nodes,
                                                    const std::vector<live::KubePod>& pods);
};

} // namespace orrery::app
