#pragma once
#include "live/cluster_snapshot.h"

#include <string>

namespace orrery::live {

class KubeClient;

//! Lists what a snapshot holds: nodes (cluster-wide), pods, Deployments, ReplicaSets and HPAs
//! (of `nameSpace`, or of all namespaces when it is empty). The client's LiveErrors pass through
//! (unreachable server, HTTP status with the URL, malformed objects naming the object and field).
ClusterSnapshot captureSnapshot(KubeClient& client, const std::string& nameSpace);

} // namespace orrery::live
