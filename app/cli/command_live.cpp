// `orrery live …`: read-only views of real clusters (kubeconfig contexts, nodes, pods),
// Prometheus queries and snapshots of a cluster written as a scenario. Unreachable servers fail within 10 s (exit 1); bad kubeconfig or
// arguments exit 2 with the file, context and field.
#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/live_context_options.h"

#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "live/snapshot_scenario.h"
#include "live_experiment/live_experiment_runner.h"
#include "store/store_error.h"
#include "model/units.h"
#include "scenario/scenario_loader.h"

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace orrery::app {
namespace {

constexpr const char* kLiveUsage = R"(usage: orrery live SUBCOMMAND [OPTIONS]

  contexts [--kubeconfig F]                     list kubeconfig contexts (current one marked *)
  nodes [--context C] [--kubeconfig F]          list the nodes of a cluster
  pods [--namespace N|--all-namespaces] [--context C] [--kubeconfig F]
                                                list pods (default: the context's namespace)
  query PROMQL --prometheus URL [--range 1h --step 15s]
                                                run an instant (or range) PromQL query
  snapshot --out S.yaml [--namespace N] [--context C] [--kubeconfig F]
           [--prometheus URL [--window 1h]] [--horizon 1h] [--name NAME]
                                                write the cluster (default: all namespaces) as a
                                                scenario for `orrery run` (docs/live-clusters.md)
  restore --project P --namespace N [--context C] [--kubeconfig F]
                                                put back what an interrupted live experiment
                                                changed, from the project's restore points

Kubeconfig: --kubeconfig, else KUBECONFIG (files merged, first wins), else ~/.kube/config.
Requests give up after --timeout (default 10s; connecting: 5s at most).
)";

//! A left-aligned text table.
void printTable(const std::vector<std::vector<std::string>>& rows)
{
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()));
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i)
            line += i + 1 == row.size() ? row[i] : row[i] + std::string(widths[i] - row[i].size() + 3, ' ');
        std::cout << line << '\n';
    }
}

int contexts(const CommandLine& line)
{
    const live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(line.value("kubeconfig").value_or("")));
    const auto& config = resolver.config();
    std::vector<std::vector<std::string>> rows{{"CURRENT", "NAME", "CLUSTER", "USER", "NAMESPACE", "AUTH", "SERVER"}};
    for (const auto& [name, context] : config.contexts) {
        const auto cluster = config.clusters.find(context.cluster);
        std::string server = cluster == config.clusters.end() ? "(cluster not found)" : cluster->second.server;
        if (cluster != config.clusters.end() && cluster->second.insecureSkipTlsVerify)
            server += "  (insecure: TLS not verified)";
        rows.push_back({name == config.currentContext ? "*" : "", name, context.cluster, context.user,
                        context.nameSpace.empty() ? "default" : context.nameSpace, live::toString(resolver.authKindOf(name)),
                        server});
    }
    printTable(rows);
    return kExitOk;
}

int nodes(const CommandLine& line)
{
    live::KubeClient client(resolveLiveContext(line), liveTimeouts(line));
    const auto list = client.listNodes();
    std::vector<std::vector<std::string>> rows{{"NAME", "STATUS", "CPU", "MEMORY", "GPUS", "PODS", "INSTANCE-TYPE", "ZONE"}};
    for (const auto& node : list.items) {
        rows.push_back({node.meta.name,
                        std::string(node.ready ? "Ready" : "NotReady") + (node.unschedulable ? ",SchedulingDisabled" : ""),
                        model::formatMillicores(node.allocatable.millicores), model::formatBytes(node.allocatable.memoryBytes),
                        std::to_string(node.allocatable.deviceCount(model::DeviceKind::Gpu)), std::to_string(node.podCapacity),
                        node.instanceType, node.zone});
    }
    printTable(rows);
    return kExitOk;
}

int pods(const CommandLine& line)
{
    const live::ResolvedContext context = resolveLiveContext(line);
    const std::string nameSpace = line.flag("all-namespaces") ? "" : line.value("namespace").value_or(context.nameSpace);
    live::KubeClient client(context, liveTimeouts(line));
    const auto list = client.listPods(nameSpace);
    std::vector<std::vector<std::string>> rows{{"NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "NODE"}};
    for (const auto& pod : list.items) {
        rows.push_back({pod.meta.nameSpace, pod.meta.name,
                        std::to_string(pod.readyContainers) + "/" + std::to_string(pod.containers.size()), pod.phase,
                        std::to_string(pod.restarts), pod.nodeName});
    }
    printTable(rows);
    return kExitOk;
}

std::string formatValue(double value)
{
    std::ostringstream out;
    out << std::setprecision(10) << value;
    return out.str();
}

int query(const CommandLine& line)
{
    if (line.positionals().size() != 2)
        throw UsageError{"query takes one PromQL expression (quote it), e.g. orrery live query 'up' --prometheus URL"};
    const auto url = line.value("prometheus");
    if (!url)
        throw UsageError{"query needs --prometheus URL (e.g. http://localhost:9090)"};
    const std::string& promql = line.positionals()[1];
    live::PrometheusClient client(*url, liveTimeouts(line));
    live::PromResult result;
    if (const auto range = line.value("range")) {
        std::string error;
        const auto rangeNs = model::parseDuration(*range, &error);
        if (!rangeNs)
            throw UsageError{"--range: " + error};
        const auto stepNs = model::parseDuration(line.value("step").value_or("15s"), &error);
        if (!stepNs || *stepNs <= 0)
            throw UsageError{"--step: " + (error.empty() ? "must be positive" : error)};
        const double endS = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
        result = client.queryRange(promql, endS - static_cast<double>(*rangeNs) / 1e9, endS, static_cast<double>(*stepNs) / 1e9);
    } else {
        result = client.query(promql);
    }
    for (const auto& warning : result.warnings)
        std::cerr << "warning: " << warning << '\n';
    if (result.type == live::PromResult::Type::String) {
        std::cout << result.stringValue << '\n';
        return kExitOk;
    }
    for (const auto& series : result.series) {
        std::string labels;
        for (const auto& [name, value] : series.labels) {
            if (name != "__name__")
                labels += (labels.empty() ? "" : ",") + name + "=\"" + value + "\"";
        }
        const auto metric = series.labels.find("__name__");
        const std::string name = (metric != series.labels.end() ? metric->second : "") + (labels.empty() ? "" : "{" + labels + "}");
        if (result.type == live::PromResult::Type::Matrix) {
            std::cout << (name.empty() ? "{}" : name) << '\n';
            for (const auto& sample : series.samples)
                std::cout << "  " << std::fixed << std::setprecision(3) << sample.timestampS << std::defaultfloat << ' '
                          << formatValue(sample.value) << '\n';
        } else {
            std::cout << (name.empty() ? (result.type == live::PromResult::Type::Scalar ? "scalar" : "{}") : name) << ' '
                      << formatValue(series.samples.front().value) << '\n';
        }
    }
    return kExitOk;
}

//! A whole number of seconds as a duration, for PromQL ranges and scenario horizons.
std::string durationOption(const CommandLine& line, const std::string& name, const std::string& fallback)
{
    std::string error;
    const std::string text = line.value(name).value_or(fallback);
    const auto ns = model::parseDuration(text, &error);
    if (!ns)
        throw UsageError{"--" + name + ": " + error};
    if (*ns < 1'000'000'000 || *ns % 1'000'000'000 != 0)
        throw UsageError{"--" + name + ": expected a whole number of seconds, at least 1s, got \"" + text + "\""};
    return model::formatDuration(*ns);
}

int snapshot(const CommandLine& line)
{
    const auto out = line.value("out");
    if (!out || out->empty())
        throw UsageError{"snapshot needs --out FILE.yaml (the scenario to write)"};
    if (line.value("window") && !line.value("prometheus"))
        throw UsageError{"--window needs --prometheus URL"};
    live::SnapshotRequest request;
    request.window = durationOption(line, "window", "1h");
    request.scenario.horizon = durationOption(line, "horizon", "1h");
    request.scenario.name = line.value("name").value_or("");
    request.prometheusUrl = line.value("prometheus").value_or("");
    request.prometheusTimeouts = liveTimeouts(line);
    request.nameSpace = line.flag("all-namespaces") ? "" : line.value("namespace").value_or("");

    const auto started = std::chrono::steady_clock::now();
    live::KubeClient client(resolveLiveContext(line), liveTimeouts(line));
    const live::SnapshotScenario captured = live::captureSnapshotScenario(client, request);
    const live::ClusterSnapshot& snap = captured.snapshot;
    const std::string& text = captured.text;
    // What is written must be a scenario Orrery accepts; a failure here is a bug, and no file is written.
    const auto loaded = scenario::parseScenario(text, *out, scenario::ScenarioLoadOptions::defaults());
    if (!loaded.ok()) {
        std::cerr << "orrery live snapshot: internal error: the generated scenario is not valid:\n";
        for (const auto& diagnostic : loaded.diagnostics)
            std::cerr << diagnostic.format() << '\n';
        return kExitRunFailed;
    }
    if (const std::string error = writeFileAtomically(*out, text); !error.empty()) {
        std::cerr << "orrery live snapshot: " << error << '\n';
        return kExitRunFailed;
    }
    const auto& scenario = *loaded.scenario;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "wrote " << *out << ": " << snap.nodes.size() << " nodes in " << scenario.cluster.pools.size() << " pools, "
              << scenario.workloads.size() << " workloads from " << snap.pods.size() << " pods"
              << (snap.prometheusUrl.empty() ? "" : ", telemetry for " + std::to_string(snap.telemetry.size()) + " workloads")
              << " (" << std::fixed << std::setprecision(2) << seconds << " s)\n";
    return kExitOk;
}

} // namespace

//! `orrery live restore --project P --namespace N`: puts back what an interrupted live
//! experiment left changed, from the restore points stored in the project.
int restore(const CommandLine& line)
{
    const auto project = line.value("project");
    const auto nameSpace = line.value("namespace");
    if (!project || !nameSpace)
        throw UsageError{"restore needs --project FILE.orrery and --namespace N (the live experiment's)"};
    live::KubeClient client(resolveLiveContext(line), liveTimeouts(line));
    live::RestoreReport report;
    int points = 0;
    try {
        points = live_experiment::restorePendingPoints(*project, client, *nameSpace, "restored by orrery live restore", report);
    } catch (const store::StoreError& error) {
        std::cerr << "orrery live restore: " << error.what() << '\n';
        return kExitBadInput;
    }
    for (const std::string& error : report.errors)
        std::cerr << "orrery live restore: " << error << '\n';
    std::cout << (points == 0 ? "nothing to restore" : "restored " + std::to_string(points) + " restore point" + (points == 1 ? "" : "s"))
              << " for " << client.context().contextName << "/" << *nameSpace << " (" << report.patchesApplied << " patches)\n";
    return report.complete() ? kExitOk : kExitRunFailed;
}

int runLiveCommand(const std::vector<std::string>& args)
{
    if (args.empty() || args[0] == "help" || args[0] == "help") {
        std::cout << kLiveUsage;
        return args.empty() ? kExitBadInput : kExitOk;
    }
    const CommandLine line(args, {"kubeconfig", "context", "namespace", "prometheus", "range", "step", "timeout", "out",
                                  "window", "horizon", "name", "project"},
                           {"all-namespaces"});
    const std::string& sub = line.positionals().at(0);
    try {
        if (sub == "contexts")
            return contexts(line);
        if (sub == "nodes")
            return nodes(line);
        if (sub == "pods")
            return pods(line);
        if (sub == "query")
            return query(line);
        if (sub == "snapshot")
            return snapshot(line);
        if (sub == "restore")
            return restore(line);
    } catch (const live::LiveError& error) {
        std::cerr << "orrery live " << sub << ": " << error.what() << '\n';
        return error.kind() == live::LiveError::Kind::Config ? kExitBadInput : kExitRunFailed;
    }
    throw UsageError{"unknown subcommand '" + sub + "' (contexts, nodes, pods, query, snapshot, restore)"};
}

} // namespace orrery::app
