#pragma once
#include "live/cluster_snapshot.h"
#include "live/http_client.h"
#include "live/snapshot_scenario_writer.h"

#include <string>

namespace orrery::live {

class KubeClient;

//! What to capture for a snapshot scenario (`orrery live snapshot`, the Live dock's "Simulate this
//! cluster…"): the namespace, optional Prometheus telemetry, and the scenario's name and horizon.
struct SnapshotRequest {
    std::string nameSpace;     //!< empty: all namespaces
    std::string prometheusUrl; //!< empty: no telemetry
    std::string window = "1h"; //!< PromQL range of the telemetry (a whole number of seconds)
    HttpTimeouts prometheusTimeouts;
    SnapshotScenarioWriter::Options scenario;
};

//! The captured cluster and the scenario text written from it.
struct SnapshotScenario {
    ClusterSnapshot snapshot;
    std::string text;
};

//! Captures the cluster of `client` (captureSnapshot), with Prometheus telemetry per workload
//! when a URL is given (SnapshotTelemetry), and writes it as a scenario (SnapshotScenarioWriter).
//! LiveErrors of the clients and the writer pass through. The one path from a cluster to a
//! scenario: the CLI and the GUI both call it.
SnapshotScenario captureSnapshotScenario(KubeClient& client, const SnapshotRequest& request);

} // namespace orrery::live
