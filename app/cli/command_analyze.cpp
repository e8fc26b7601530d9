// `orrery analyze FILE.json | --project P --run ID [--json OUT] [--top N]`: critical paths and
// critical components (seed 001 Alg. 3.1, 3.2) of Jaeger traces or of a run's recorded spans
// (docs/trace-analysis.md).
#include "cli/commands.h"

#include "analysis/critical_components.h"
#include "cli/atomic_file.h"
#include "cli/command_line.h"
#include "store/project.h"
#include "store/store_error.h"
#include "trace/jaeger_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery analyze FILE.json | --project FILE.orrery --run ID  [--json OUT] [--top N]";
constexpr std::uint64_t kDefaultTop = 5;

int badInput(const std::string& message)
{
    std::cerr << "orrery analyze: " << message << '\n';
    return kExitBadInput;
}

std::string fixed(double value, int decimals = 3)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string pad(std::string text, std::size_t width)
{
    if (text.size() < width)
        text.append(width - text.size(), ' ');
    return text;
}

std::string pathText(const analysis::PathFrequency& path)
{
    std::string text;
    for (const auto& step : path.steps) {
        if (!text.empty())
            text += " > ";
        text += step.service + ':' + step.operation;
    }
    return text;
}

//! An instance as users name it: simulated instances ("text-service/0") already carry their
//! service; imported ones (a Jaeger hostname) get it prefixed.
std::string instanceLabel(const analysis::ComponentStats& component)
{
    if (component.instance.rfind(component.service + '/', 0) == 0)
        return component.instance;
    return component.service + '/' + component.instance;
}

void printComponents(const std::vector<analysis::ComponentStats>& components, std::size_t top, bool instances)
{
    std::size_t width = instances ? 8 : 7;
    for (std::size_t i = 0; i < std::min(top, components.size()); ++i)
        width = std::max(width, (instances ? instanceLabel(components[i]) : components[i].service).size());
    std::cout << "    " << pad(instances ? "instance" : "service", width + 2)
              << "    RI       CI   p50 ms   p99 ms  samples  on path\n";
    for (std::size_t i = 0; i < std::min(top, components.size()); ++i) {
        const auto& c = components[i];
        std::string name = instances ? instanceLabel(c) : c.service;
        char row[160];
        std::snprintf(row, sizeof row, "%7.3f  %7.2f  %7.3f  %7.3f  %7zu  %s", c.relativeImportance,
                      c.congestionIntensity, c.p50Ms, c.p99Ms, c.samples, c.onCriticalPath ? "yes" : "no");
        std::cout << "    " << pad(name, width + 2) << row << '\n';
    }
}

void printReport(const analysis::CriticalPathReport& report, const std::string& source, std::size_t top)
{
    std::cout << source << ": " << report.traceCount << " traces, " << report.spanCount << " spans, "
              << report.requestTypes.size() << " request type" << (report.requestTypes.size() == 1 ? "" : "s") << '\n';
    for (const auto& type : report.requestTypes) {
        std::cout << "\nrequest type " << type.requestType << ": " << type.traceCount << " traces, critical path p50 "
                  << fixed(type.p50Ms) << " ms, p99 " << fixed(type.p99Ms) << " ms\n";
        std::cout << "  dominant critical paths (" << type.paths.size() << " distinct):\n";
        for (std::size_t i = 0; i < std::min(top, type.paths.size()); ++i) {
            const auto& path = type.paths[i];
            std::cout << "    " << fixed(100.0 * path.share, 1) << "% (" << path.count << ")  " << pathText(path) << '\n';
        }
        std::cout << "  critical components (RI = PCC(T_i, T_CP), CI = p99/p50 of T_i):\n";
        printComponents(type.services, top, false);
        if (type.instances.size() != type.services.size() ||
            std::any_of(type.instances.begin(), type.instances.end(), [](const auto& c) { return c.instance != c.service; })) {
            std::cout << "  per instance:\n";
            printComponents(type.instances, top, true);
        }
    }
}

nlohmann::ordered_json componentsJson(const std::vector<analysis::ComponentStats>& components, bool instances)
{
    auto list = nlohmann::ordered_json::array();
    for (const auto& c : components) {
        nlohmann::ordered_json item{{"service", c.service}};
        if (instances)
            item["instance"] = c.instance;
        item["relativeImportance"] = c.relativeImportance;
        item["congestionIntensity"] = c.congestionIntensity;
        item["p50Ms"] = c.p50Ms;
        item["p99Ms"] = c.p99Ms;
        item["samples"] = c.samples;
        item["onCriticalPath"] = c.onCriticalPath;
        list.push_back(std::move(item));
    }
    return list;
}

std::string reportJson(const analysis::CriticalPathReport& report, const std::string& source, std::size_t top)
{
    nlohmann::ordered_json types = nlohmann::ordered_json::array();
    for (const auto& type : report.requestTypes) {
        auto paths = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < std::min(top, type.paths.size()); ++i) {
            auto steps = nlohmann::ordered_json::array();
            for (const auto& step : type.paths[i].steps)
                steps.push_back({{"service", step.service}, {"operation", step.operation}});
            paths.push_back({{"count", type.paths[i].count}, {"share", type.paths[i].share}, {"steps", std::move(steps)}});
        }
        types.push_back({{"requestType", type.requestType},
                         {"traces", type.traceCount},
                         {"p50Ms", type.p50Ms},
                         {"p99Ms", type.p99Ms},
                         {"distinctPaths", type.paths.size()},
                         {"paths", std::move(paths)},
                         {"services", componentsJson(type.services, false)},
                         {"instances", componentsJson(type.instances, true)}});
    }
    nlohmann::ordered_json document{{"source", source},
                                    {"traces", report.traceCount},
                                    {"spans", report.spanCount},
                                    {"requestTypes", std::move(types)}};
    return document.dump(2) + '\n';
}

//! The traces of `--project P --run ID`, or an error message.
std::optional<trace::TraceSet> projectTraces(const std::string& path, std::uint64_t runId, std::string& error)
{
    // Project::open would create a missing file; analysis only reads.
    if (!std::filesystem::exists(path)) {
        error = path + ": no such project file";
        return std::nullopt;
    }
    store::Project project = store::Project::open(path);
    const auto id = static_cast<store::RunId>(runId);
    if (!project.run(id)) {
        error = path + ": no run " + std::to_string(runId);
        return std::nullopt;
    }
    if (project.spanCount(id) == 0) {
        error = path + ": run " + std::to_string(runId)
            + " recorded no spans (only scenarios with request types produce traces)";
        return std::nullopt;
    }
    return project.loadTraces(id);
}

} // namespace

int runAnalyzeCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"json", "top", "project", "run"}, {});
    const auto top = line.unsignedValue("top").value_or(kDefaultTop);
    const auto projectPath = line.value("project");
    if (top == 0)
        return badInput("--top must be at least 1");
    if (projectPath.has_value() == !line.positionals().empty() || line.positionals().size() > 1)
        return badInput(std::string("give one trace file or --project with --run\n") + kUsage);

    trace::TraceSet traces;
    std::string source;
    if (projectPath) {
        const auto runId = line.unsignedValue("run");
        if (!runId)
            return badInput(std::string("--project needs --run ID\n") + kUsage);
        std::string error;
        try {
            auto loaded = projectTraces(*projectPath, *runId, error);
            if (!loaded)
                return badInput(error);
            traces = std::move(*loaded);
        } catch (const store::StoreError& storeError) {
            return badInput(storeError.what());
        }
        source = *projectPath + " run " + std::to_string(*runId);
    } else {
        if (line.value("run"))
            return badInput("--run needs --project");
        source = line.positionals().front();
        trace::JaegerImportStats stats;
        try {
            traces = trace::readJaegerFile(source, &stats);
        } catch (const trace::TraceReadError& error) {
            std::cerr << error.what() << '\n';
            return kExitBadInput;
        }
        if (stats.orphanSpans > 0)
            std::cerr << source << ": " << stats.orphanSpans << " spans reference a parent absent from their trace; "
                      << "kept as roots\n";
    }

    const analysis::CriticalPathReport report = analysis::analyzeTraces(traces);
    if (report.traceCount == 0)
        return badInput(source + ": no traces to analyze");
    printReport(report, source, static_cast<std::size_t>(top));
    if (const auto out = line.value("json")) {
        const std::string error = writeFileAtomically(*out, reportJson(report, source, static_cast<std::size_t>(top)));
        if (!error.empty())
            return badInput(error);
    }
    return kExitOk;
}

} // namespace orrery::app
