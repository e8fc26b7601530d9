#include "live/snapshot_capture.h"

#include "live/kube_client.h"

#include <chrono>
#include <ctime>

namespace orrery::live {

ClusterSnapshot captureSnapshot(KubeClient& client, const std::string& nameSpace)
{
    ClusterSnapshot snapshot;
    snapshot.contextName = client.context().contextName;
    snapshot.server = client.context().server;
    snapshot.nameSpace = nameSpace;
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    snapshot.capturedAt = text;
    snapshot.nodes = client.listNodes().items;
    snapshot.pods = client.listPods(nameSpace).items;
    snapshot.deployments = client.listDeployments(nameSpace).items;
    snapshot.replicaSets = client.listReplicaSets(nameSpace).items;
    snapshot.hpas = client.listHpas(nameSpace).items;
    return snapshot;
}

} // namespace orrery::live
