#include "live/snapshot_scenario_writer.h"

#include "live/live_error.h"
#include "live/snapshot_node_pools.h"
#include "live/snapshot_workloads.h"
#include "model/units.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace orrery::live {
namespace {

constexpr std::int64_t kFloorMillicores = 1;          // BatchJobs need cpu > 0
constexpr std::int64_t kFloorMemoryBytes = 1 << 20;   // and memory > 0: 1Mi
constexpr std::size_t kNodesListed = 10;

//! A YAML double-quoted scalar.
std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", u);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

//! Text safe inside a YAML comment (one line).
std::string commentText(const std::string& text)
{
    std::string out;
    for (const char c : text)
        out += (c == '\n' || c == '\r') ? ' ' : c;
    return out;
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string latency(double seconds)
{
    const auto ns = static_cast<std::int64_t>(std::llround(seconds * 1e6)) * 1000; // whole microseconds
    return ns > 0 ? model::formatDuration(ns) : "<1us";
}

std::string listed(const std::vector<std::string>& names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size() && i < kNodesListed; ++i)
        text += (i ? ", " : "") + names[i];
    if (names.size() > kNodesListed)
        text += " and " + std::to_string(names.size() - kNodesListed) + " more";
    return text;
}

std::string resourcesText(const model::Resources& r)
{
    std::string text = "cpu " + model::formatMillicores(r.millicores) + ", memory " + model::formatBytes(r.memoryBytes);
    if (const auto gpus = r.deviceCount(model::DeviceKind::Gpu); gpus > 0)
        text += ", nvidia.com/gpu " + std::to_string(gpus);
    return text;
}

void writePool(std::ostringstream& out, const SnapshotNodePool& pool)
{
    const std::string first = "Node " + pool.nodeNames.front();
    out << "      # " << pool.nodeNames.size() << (pool.nodeNames.size() == 1 ? " node: " : " identical nodes: ")
        << commentText(listed(pool.nodeNames)) << "\n";
    out << "      # status.capacity: " << resourcesText(pool.capacity) << "; the pool holds status.allocatable"
        << (pool.allocatableFromCapacity ? " (missing, so status.capacity)" : "") << "\n";
    if (!pool.zones.empty()) {
        std::string zones;
        for (const auto& zone : pool.zones)
            zones += (zones.empty() ? "" : ", ") + zone;
        out << "      # zones (not modelled): " << commentText(zones) << "\n";
    }
    for (const auto& taint : pool.taints)
        out << "      # taint (not modelled: scenarios have no taints): " << commentText(taint.key + "=" + taint.value + ":" + taint.effect)
            << "\n";
    if (!pool.notSchedulable.empty())
        out << "      # cordoned or not Ready (still counted): " << commentText(listed(pool.notSchedulable)) << "\n";
    out << "      - name: " << pool.name << "\n";
    out << "        count: " << pool.nodeNames.size() << "\n";
    const char* field = pool.allocatableFromCapacity ? "status.capacity" : "status.allocatable";
    out << "        cpu: " << model::formatMillicores(pool.allocatable.millicores) << "   # " << commentText(first) << " " << field
        << ".cpu\n";
    out << "        memory: " << model::formatBytes(pool.allocatable.memoryBytes) << "   # " << commentText(first) << " " << field
        << ".memory\n";
    if (!pool.labels.empty()) {
        out << "        labels:   # metadata.labels common to the pool (hostname, zone and region left out)\n";
        for (const auto& [key, value] : pool.labels)
            out << "          " << quoted(key) << ": " << quoted(value) << "\n";
    }
    if (const auto gpus = pool.allocatable.deviceCount(model::DeviceKind::Gpu); gpus > 0) {
        out << "        devices:\n";
        out << "          - kind: gpu\n";
        out << "            model: " << quoted(pool.gpuModel) << "   # " << commentText(pool.gpuModelSource) << "\n";
        out << "            count: " << gpus << "   # " << commentText(first) << " " << field << "[\"nvidia.com/gpu\"]\n";
    }
}

void writeTelemetry(std::ostringstream& out, const ClusterSnapshot& snapshot, const SnapshotWorkload& workload)
{
    const auto it = snapshot.telemetry.find(workload.key());
    if (snapshot.prometheusUrl.empty())
        return;
    const std::string prefix = "    # Prometheus over " + snapshot.window + " (not modelled by BatchJobs): ";
    if (it == snapshot.telemetry.end()) {
        out << prefix << "no series for these pods\n";
        return;
    }
    const WorkloadTelemetry& t = it->second;
    if (t.requestsPerSecond)
        out << prefix << number(*t.requestsPerSecond) << " requests/s (sum of rate(http_requests_total))\n";
    if (t.cpuCoresPerPod)
        out << prefix << "CPU " << number(*t.cpuCoresPerPod) << " cores per pod over " << t.podsWithCpuSeries
            << " pods (rate(container_cpu_usage_seconds_total))\n";
    if (t.latencyP50Seconds) {
        out << prefix << "latency p50 " << latency(*t.latencyP50Seconds);
        if (t.latencyP90Seconds)
            out << ", p90 " << latency(*t.latencyP90Seconds);
        if (t.latencyP99Seconds)
            out << ", p99 " << latency(*t.latencyP99Seconds);
        out << " (histogram_quantile over http_request_duration_seconds_bucket)\n";
    }
}

} // namespace

std::string SnapshotScenarioWriter::write(const ClusterSnapshot& snapshot, const Options& options)
{
    if (snapshot.nodes.empty())
        throw LiveError(LiveError::Kind::Protocol, "NodeList: no nodes; a scenario needs at least one node pool");
    const std::vector<SnapshotNodePool> pools = groupNodePools(snapshot.nodes);
    const std::vector<SnapshotWorkload> workloads = groupWorkloads(snapshot);

    std::string name = options.name.empty() ? scenarioName("snapshot-" + (snapshot.contextName.empty() ? "cluster" : snapshot.contextName))
                                            : scenarioName(options.name);
    if (name.empty())
        name = "snapshot";
    const std::string where = snapshot.nameSpace.empty() ? "all namespaces" : "namespace " + snapshot.nameSpace;

    std::ostringstream out;
    out << "# Written by `orrery live snapshot` from Kubernetes context " << quoted(snapshot.contextName) << " ("
        << commentText(snapshot.server) << "), " << commentText(where) << ", at " << commentText(snapshot.capturedAt) << ".\n"
        << "# Each value's comment names the API object and field (or the PromQL) it came from. Not in the\n"
        << "# scenario format, so only in comments: taints, zones, HPAs, limits and Prometheus telemetry;\n"
        << "# docs/live-clusters.md, \"Snapshot -> scenario\", says what is dropped and why.\n"
        << "apiVersion: orrery.dev/v1\n"
        << "kind: Scenario\n"
        << "metadata:\n"
        << "  name: " << name << "\n"
        << "  description: " << quoted("Snapshot of " + (snapshot.contextName.empty() ? snapshot.server : snapshot.contextName) + ", " +
                                       where + ", " + snapshot.capturedAt)
        << "\n"
        << "spec:\n"
        << "  seed: " << options.seed << "\n"
        << "  horizon: " << options.horizon << "\n"
        << "  cluster:\n"
        << "    pools:   # " << snapshot.nodes.size() << " nodes (NodeList) in " << pools.size() << " pools\n";
    for (const auto& pool : pools)
        writePool(out, pool);

    out << "  workloads:   # one BatchJobs per controller: its pods arrive at the start and hold their requests\n"
        << "               # for the whole horizon, so a placement policy places today's pods on today's nodes\n";
    std::set<std::string> usedNames;
    std::set<std::string> hpasUsed;
    std::size_t written = 0;
    std::ostringstream skipped;
    for (const auto& workload : workloads) {
        const std::string title = workload.kind + " " + workload.nameSpace + "/" + workload.name;
        const int count = !workload.podNames.empty() ? static_cast<int>(workload.podNames.size()) : workload.desiredReplicas.value_or(0);
        if (count <= 0) {
            skipped << "  # skipped " << commentText(title) << ": spec.replicas is 0 and no pods run\n";
            continue;
        }
        model::Resources request = workload.request;
        const bool cpuFloored = request.millicores <= 0;
        const bool memoryFloored = request.memoryBytes <= 0;
        request.millicores = std::max(request.millicores, kFloorMillicores);
        request.memoryBytes = std::max(request.memoryBytes, kFloorMemoryBytes);
        bool fits = false;
        for (const auto& pool : pools)
            fits = fits || pool.allocatable.covers(request);
        if (!fits) {
            skipped << "  # skipped " << commentText(title) << ": its request (" << resourcesText(request)
                    << ") fits on no node, so its pods could never run\n";
            continue;
        }
        std::string base = scenarioName(workload.nameSpace + "-" + workload.name, 56);
        if (base.empty())
            base = "workload";
        std::string workloadName = base;
        for (int n = 2; usedNames.count(workloadName) != 0; ++n)
            workloadName = base + "-" + std::to_string(n);
        usedNames.insert(workloadName);

        out << "    # " << commentText(title) << ": " << count << " pod" << (count == 1 ? "" : "s");
        if (!workload.podNames.empty()) {
            std::string nodes;
            for (const auto& [node, pods] : workload.podsPerNode)
                nodes += (nodes.empty() ? "" : ", ") + (node.empty() ? std::string("unscheduled") : node) + " " + std::to_string(pods);
            out << " Running or Pending (on " << commentText(nodes) << ")";
        } else {
            out << " from spec.replicas (no pods listed)";
        }
        if (workload.desiredReplicas && !workload.podNames.empty())
            out << "; Deployment spec.replicas " << *workload.desiredReplicas;
        out << "\n";
        if (workload.limit.millicores > 0 || workload.limit.memoryBytes > 0)
            out << "    # limits per pod (not modelled by BatchJobs): " << resourcesText(workload.limit) << "\n";
        if (workload.hpa) {
            hpasUsed.insert(workload.hpa->meta.nameSpace + "/" + workload.hpa->meta.name);
            out << "    # HorizontalPodAutoscaler " << commentText(workload.hpa->meta.nameSpace + "/" + workload.hpa->meta.name)
                << " (not modelled: BatchJobs do not scale): minReplicas " << workload.hpa->minReplicas << ", maxReplicas "
                << workload.hpa->maxReplicas;
            if (workload.hpa->targetCpuUtilizationPercent)
                out << ", targetCPUUtilizationPercentage " << *workload.hpa->targetCpuUtilizationPercent;
            out << "\n";
        }
        writeTelemetry(out, snapshot, workload);
        out << "    - name: " << workloadName << "\n"
            << "      kind: BatchJobs\n"
            << "      arrivalRate: 1000/s   # every pod arrives within the first moments\n"
            << "      maxJobs: " << count << "\n"
            << "      request:   # per pod: " << commentText(workload.requestSource)
            << (workload.podsDiffer ? " (pods differ: the largest of each resource)" : "") << "\n"
            << "        cpu: " << model::formatMillicores(request.millicores)
            << (cpuFloored ? "   # requests.cpu unset (BestEffort); 1m so the scenario is valid" : "") << "\n"
            << "        memory: " << model::formatBytes(request.memoryBytes)
            << (memoryFloored ? "   # requests.memory unset (BestEffort); 1Mi so the scenario is valid" : "") << "\n";
        if (const auto gpus = request.deviceCount(model::DeviceKind::Gpu); gpus > 0)
            out << "        gpu: " << gpus << "   # requests[\"nvidia.com/gpu\"]\n";
        out << "      duration: " << options.horizon << "   # long-running: held for the whole horizon\n";
        ++written;
    }
    for (const auto& hpa : snapshot.hpas) {
        if (hpasUsed.count(hpa.meta.nameSpace + "/" + hpa.meta.name) == 0)
            skipped << "  # HorizontalPodAutoscaler " << commentText(hpa.meta.nameSpace + "/" + hpa.meta.name) << " targets "
                    << commentText(hpa.targetKind + " " + hpa.targetName) << ", which this snapshot does not hold\n";
    }
    if (written == 0)
        throw LiveError(LiveError::Kind::Protocol, "PodList: no Running or Pending pods and no Deployments in " + where +
                                                       " that fit a node; a scenario needs at least one workload");
    out << skipped.str();
    out << "  # policies: none, so placement is first-fit; try e.g. policies: {placement: {plugin: kube}}\n";
    return out.str();
}

} // namespace orrery::live
