#include "gui/live_fetch.h"

#include <algorithm>

#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_object_parser.h"
#include "live/prometheus_client.h"
#include "live/snapshot_scenario.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

#include <exception>
#include <map>

namespace orrery::app {
namespace {

QString errorText(const std::exception& error)
{
    return QString::fromStdString(error.what());
}

//! GET `collection`?limit=&continue= and hands each item's JSON to `parse`.
template <typename T, typename Parse>
LivePage<T> page(const live::ResolvedContext& context, live::HttpTimeouts timeouts, const std::string& collection,
                 const QString& continueToken, int limit, Parse parse)
{
    LivePage<T> result;
    try {
        live::KubeClient client(context, timeouts);
        std::string query = collection + "?limit=" + std::to_string(limit);
        if (!continueToken.isEmpty())
            query += "&continue=" + QUrl::toPercentEncoding(continueToken).toStdString();
        const std::string body = client.get(query);
        const QJsonObject list = QJsonDocument::fromJson(QByteArray::fromStdString(body)).object();
        for (const QJsonValue item : list.value(QStringLiteral("items")).toArray())
            result.items.push_back(parse(QJsonDocument(item.toObject()).toJson(QJsonDocument::Compact).toStdString()));
        result.continueToken = list.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("continue")).toString();
    } catch (const std::exception& error) {
        result.items.clear();
        result.error = errorText(error);
    }
    return result;
}

} // namespace

LiveConnection LiveFetch::connect(const live::KubeConfig& config, const std::string& contextName,
                                  live::HttpTimeouts timeouts)
{
    LiveConnection result;
    try {
        live::ContextResolver resolver(config);
        result.context = resolver.resolve(contextName);
        live::KubeClient client(result.context, timeouts);
        const QJsonObject version = QJsonDocument::fromJson(QByteArray::fromStdString(client.get("/version"))).object();
        result.version = version.value(QStringLiteral("gitVersion")).toString();
        if (result.version.isEmpty())
            result.version = QStringLiteral("?");
    } catch (const std::exception& error) {
        result.error = errorText(error);
    }
    return result;
}

LivePage<live::KubeNode> LiveFetch::nodePage(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                             const QString& continueToken, int limit)
{
    return page<live::KubeNode>(context, timeouts, live::KubeClient::collectionPath("", "nodes", ""), continueToken,
                                limit, [](const std::string& json) { return live::KubeObjectParser::node(json); });
}

LivePage<live::KubePod> LiveFetch::podPage(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                           const QString& nameSpace, const QString& continueToken, int limit)
{
    return page<live::KubePod>(context, timeouts, live::KubeClient::collectionPath("", "pods", nameSpace.toStdString()),
                               continueToken, limit, [](const std::string& json) { return live::KubeObjectParser::pod(json); });
}

LivePage<live::KubeEvent> LiveFetch::schedulingEvents(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                                      const QString& nameSpace)
{
    LivePage<live::KubeEvent> result;
    try {
        live::KubeClient client(context, timeouts);
        for (live::KubeEvent& event : client.listEvents(nameSpace.toStdString()).items) {
            if (event.involvedKind == "Pod" && (event.reason == "Scheduled" || event.reason == "FailedScheduling"))
                result.items.push_back(std::move(event));
        }
        // Newest first; the API lists by name.
        std::stable_sort(result.items.begin(), result.items.end(),
                         [](const live::KubeEvent& a, const live::KubeEvent& b) { return a.timestamp > b.timestamp; });
    } catch (const std::exception& error) {
        result.items.clear();
        result.error = errorText(error);
    }
    return result;
}

LiveQueryResult LiveFetch::queryRange(const QString& baseUrl, const QString& promql, double windowS, int points,
                                      live::HttpTimeouts timeouts)
{
    LiveQueryResult result;
    try {
        live::PrometheusClient client(baseUrl.toStdString(), timeouts);
        const double endS = static_cast<double>(QDateTime::currentSecsSinceEpoch());
        result.result = client.queryRange(promql.toStdString(), endS - windowS, endS, windowS / std::max(points, 1));
    } catch (const std::exception& error) {
        result.error = errorText(error);
    }
    return result;
}

LiveSnapshotResult LiveFetch::snapshot(const live::ResolvedContext& context, live::HttpTimeouts timeouts)
{
    LiveSnapshotResult result;
    try {
        live::KubeClient client(context, timeouts);
        const auto nodes = client.listNodes();
        const auto pods = client.listPods("");
        result.snapshot = clusterSnapshot(nodes.items, pods.items);
    } catch (const std::exception& error) {
        result.error = errorText(error);
    }
    return result;
}

LiveScenarioResult LiveFetch::scenario(const live::ResolvedContext& context, live::HttpTimeouts timeouts,
                                       const QString& nameSpace)
{
    LiveScenarioResult result;
    try {
        live::KubeClient client(context, timeouts);
        live::SnapshotRequest request;
        request.nameSpace = nameSpace.toStdString();
        const live::SnapshotScenario captured = live::captureSnapshotScenario(client, request);
        result.text = QString::fromStdString(captured.text);
        result.nodes = static_cast<int>(captured.snapshot.nodes.size());
        result.pods = static_cast<int>(captured.snapshot.pods.size());
        // A file name, not a path: the editor holds it unsaved until the user saves it somewhere.
        QString name = QString::fromStdString(context.contextName.empty() ? std::string("cluster") : context.contextName);
        name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
        result.fileName = QStringLiteral("snapshot-%1.yaml").arg(name);
    } catch (const std::exception& error) {
        result.text.clear();
        result.error = errorText(error);
    }
    return result;
}

widgets::ClusterSnapshot LiveFetch::clusterSnapshot(const std::vector<live::KubeNode>& nodes,
                                                    const std::vector<live::KubePod>& pods)
{
    widgets::ClusterSnapshot snapshot;
    std::map<std::string, std::uint32_t> poolOf;
    std::map<std::string, std::size_t> nodeIndex;
    for (const live::KubeNode& node : nodes) {
        const std::string poolName = node.instanceType.empty() ? std::string("nodes") : node.instanceType;
        auto [pool, added] = poolOf.emplace(poolName, static_cast<std::uint32_t>(snapshot.pools.size()));
        if (added) {
            widgets::ClusterSnapshot::Pool entry;
            entry.name = QString::fromStdString(poolName);
            const int gpus = node.allocatable.deviceCount(model::DeviceKind::Gpu);
            if (gpus > 0)
                entry.devices.push_back({model::DeviceKind::Gpu, QString(), gpus});
            snapshot.pools.push_back(entry);
        }
        nodeIndex[node.meta.name] = snapshot.nodes.size();
        snapshot.nodes.push_back({QString::fromStdString(node.meta.name), pool->second, node.allocatable, {}, {}});
    }
    for (const live::KubePod& pod : pods) {
        const auto it = nodeIndex.find(pod.nodeName);
        if (it == nodeIndex.end() || pod.phase == "Succeeded" || pod.phase == "Failed")
            continue;
        for (const live::KubeContainer& container : pod.containers)
            snapshot.nodes[it->second].allocated += container.requests;
    }
    return snapshot;
}

} // namespace orrery::app
