#include "live/snapshot_scenario.h"

#include "live/prometheus_client.h"
#include "live/snapshot_capture.h"
#include "live/snapshot_telemetry.h"
#include "live/snapshot_workloads.h"

namespace orrery::live {

SnapshotScenario captureSnapshotScenario(KubeClient& client, const SnapshotRequest& request)
{
    SnapshotScenario result;
    result.snapshot = captureSnapshot(client, request.nameSpace);
    if (!request.prometheusUrl.empty()) {
        PrometheusClient prometheus(request.prometheusUrl, request.prometheusTimeouts);
        result.snapshot.prometheusUrl = request.prometheusUrl;
        result.snapshot.window = request.window;
        result.snapshot.telemetry =
            SnapshotTelemetry::capture(prometheus, request.window, request.nameSpace, groupWorkloads(result.snapshot));
    }
    result.text = SnapshotScenarioWriter::write(result.snapshot, request.scenario);
    return result;
}

} // namespace orrery::live
