// `orrery analyze FILE|DIR... | --project P --run ID [--json OUT] [--top N]`: critical paths and
// critical components (seed 001 Alg. 3.1, 3.2) of trace files (Jaeger, OTLP or Zipkin JSON, any
// number, or every trace file of a directory) or of a run's recorded spans (docs/trace-analysis.md).
#include "cli/status_line.h"
#include "cli/commands.h"
#include "ops/project_run_traces.h"

#include "analysis/critical_components.h"
#include "analysis/critical_path.h"
#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "store/project.h"
#include "store/store_error.h"
#include "trace/trace_import.h"
#include "trace/trace_merge.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery analyze FILE|DIR... | --project FILE.orrery --run ID  [--json OUT] [--top N]";
constexpr std::uint64_t kDefaultTop = 5;
//! RI is a Pearson correlation over the traces of a type: with fewer than 3 points it is 0 or
//! ±1 whatever the data. CI is p99/p50 of a component's samples: one sample makes it 1.
constexpr std::size_t kMinTracesForRi = 3;
constexpr std::size_t kMinSamplesForCi = 2;

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

std::string samplesText(std::size_t count)
{
    return "n/a (" + std::to_string(count) + (count == 1 ? " sample)" : " samples)");
}

void printComponents(const std::vector<analysis::ComponentStats>& components, std::size_t top, bool instances,
                     std::size_t traceCount)
{
    const std::size_t shown = std::min(top, components.size());
    std::size_t width = instances ? 8 : 7;
    std::vector<std::string> ri(shown);
    std::vector<std::string> ci(shown);
    std::size_t riWidth = 7;
    std::size_t ciWidth = 7;
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& c = components[i];
        width = std::max(width, (instances ? instanceLabel(c) : c.service).size());
        ri[i] = traceCount >= kMinTracesForRi ? fixed(c.relativeImportance) : samplesText(traceCount);
        ci[i] = c.samples >= kMinSamplesForCi ? fixed(c.congestionIntensity, 2) : samplesText(c.samples);
        riWidth = std::max(riWidth, ri[i].size());
        ciWidth = std::max(ciWidth, ci[i].size());
    }
    auto right = [](const std::string& text, std::size_t columns) {
        return std::string(columns > text.size() ? columns - text.size() : 0, ' ') + text;
    };
    std::cout << "    " << pad(instances ? "instance" : "service", width + 2) << right("RI", riWidth) << "  "
              << right("CI", ciWidth) << "   p50 ms   p99 ms  samples  on path\n";
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& c = components[i];
        std::string name = instances ? instanceLabel(c) : c.service;
        char row[160];
        std::snprintf(row, sizeof row, "  %7.3f  %7.3f  %7zu  %s", c.p50Ms, c.p99Ms, c.samples, c.onCriticalPath ? "yes" : "no");
        std::cout << "    " << pad(name, width + 2) << right(ri[i], riWidth) << "  " << right(ci[i], ciWidth) << row << '\n';
    }
}

//! The first trace of `type` whose critical path is the dominant one, with that path.
std::optional<std::pair<const trace::Trace*, analysis::CriticalPath>>
exampleTrace(const trace::TraceSet& traces, const analysis::RequestTypeReport& type)
{
    if (type.paths.empty())
        return std::nullopt;
    const auto& steps = type.paths.front().steps;
    for (const trace::Trace& t : traces.traces) {
        if (t.spans.empty() || traces.names.name(t.requestType) != type.requestType)
            continue;
        analysis::CriticalPath path = analysis::criticalPath(t);
        if (path.spans.size() != steps.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; i < steps.size() && same; ++i) {
            const trace::Span& span = t.spans[path.spans[i]];
            same = traces.names.name(span.service) == steps[i].service && traces.names.name(span.operation) == steps[i].operation;
        }
        if (same)
            return std::make_pair(&t, std::move(path));
    }
    return std::nullopt;
}

//! The dominant critical path of one example trace, one hop a line in time order, with each
//! hop's own time on the path and its span's duration (its subtree).
void printHops(const trace::TraceSet& traces, const analysis::RequestTypeReport& type)
{
    const auto example = exampleTrace(traces, type);
    if (!example)
        return;
    const trace::Trace& t = *example->first;
    const analysis::CriticalPath& path = example->second;
    std::vector<std::size_t> order(path.spans.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return t.spans[path.spans[a]].startNs < t.spans[path.spans[b]].startNs;
    });
    const std::int64_t origin = t.spans[path.spans.front()].startNs;
    std::cout << "  dominant critical path hop by hop (trace " << t.id.hex() << ", in time order):\n"
              << "     start ms    own ms  subtree ms  service:operation\n";
    for (const std::size_t i : order) {
        const trace::Span& span = t.spans[path.spans[i]];
        char row[96];
        std::snprintf(row, sizeof row, "    %9.3f  %8.3f  %10.3f  ", static_cast<double>(span.startNs - origin) / 1e6,
                      static_cast<double>(path.selfNs[i]) / 1e6, static_cast<double>(span.durationNs) / 1e6);
        std::cout << row << traces.names.name(span.service) << ':' << traces.names.name(span.operation) << '\n';
    }
}

void printReport(const analysis::CriticalPathReport& report, const trace::TraceSet& traces, const std::string& source,
                 std::size_t top)
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
        printHops(traces, type);
        std::cout << "  critical components (RI = PCC(T_i, T_CP), CI = p99/p50 of T_i):\n";
        if (type.traceCount < kMinTracesForRi) {
            std::cout << "    (RI needs at least " << kMinTracesForRi << " traces of a type and CI at least "
                      << kMinSamplesForCi << " samples of a component; this type has " << type.traceCount << " trace"
                      << (type.traceCount == 1 ? "" : "s") << ")\n";
        }
        printComponents(type.services, top, false, type.traceCount);
        if (type.instances.size() != type.services.size() ||
            std::any_of(type.instances.begin(), type.instances.end(), [](const auto& c) { return c.instance != c.service; })) {
            std::cout << "  per instance:\n";
            printComponents(type.instances, top, true, type.traceCount);
        }
    }
}

nlohmann::ordered_json componentsJson(const std::vector<analysis::ComponentStats>& components, bool instances,
                                      std::size_t traceCount)
{
    auto list = nlohmann::ordered_json::array();
    for (const auto& c : components) {
        nlohmann::ordered_json item{{"service", c.service}};
        if (instances)
            item["instance"] = c.instance;
        // null where the figure cannot be measured (too few traces or samples; see the text report).
        item["relativeImportance"] = traceCount >= kMinTracesForRi ? nlohmann::ordered_json(c.relativeImportance) : nlohmann::ordered_json();
        item["congestionIntensity"] = c.samples >= kMinSamplesForCi ? nlohmann::ordered_json(c.congestionIntensity) : nlohmann::ordered_json();
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
                         {"services", componentsJson(type.services, false, type.traceCount)},
                         {"instances", componentsJson(type.instances, true, type.traceCount)}});
    }
    nlohmann::ordered_json document{{"source", source},
                                    {"traces", report.traceCount},
                                    {"spans", report.spanCount},
                                    {"requestTypes", std::move(types)}};
    return document.dump(2) + '\n';
}


//! Trace files of the arguments: a file as given, a directory's *.json, *.jsonl and
//! *.ndjson files (recursively, in name order).
std::vector<std::string> traceFiles(const std::vector<std::string>& arguments, std::string& error)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    for (const std::string& argument : arguments) {
        std::error_code code;
        if (!fs::is_directory(argument, code)) {
            files.push_back(argument);  // a missing file is reported by the reader
            continue;
        }
        std::vector<std::string> found;
        for (fs::recursive_directory_iterator it(argument, code), end; !code && it != end; it.increment(code)) {
            const std::string extension = it->path().extension().string();
            if (it->is_regular_file(code) && (extension == ".json" || extension == ".jsonl" || extension == ".ndjson"))
                found.push_back(it->path().string());
        }
        if (code) {
            error = argument + ": cannot list the directory: " + code.message();
            return {};
        }
        if (found.empty()) {
            error = argument + ": is a directory with no trace files (*.json, *.jsonl, *.ndjson)";
            return {};
        }
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

//! Reads `files` into `traces`, with a progress line on stderr when there are several.
bool readAll(const std::vector<std::string>& files, trace::TraceSet& traces)
{
    const bool progress = files.size() > 1;
    std::cerr.flush(); // the status line writes to stderr's FILE*
    StatusLine status;
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (progress) {
            status.update("reading " + std::to_string(i + 1) + "/" + std::to_string(files.size()) + ": " +
                          std::to_string(traces.spanCount()) + " spans, " + std::to_string(bytes / 1'000'000) + " MB so far");
        }
        trace::TraceImportStats stats;
        try {
            trace::TraceImportLimits limits;  // the span cap covers all the files together
            limits.spansAlreadyRead = traces.spanCount();
            trace::TraceSet read = trace::readTraceFile(files[i], &stats, limits);
            bytes += stats.bytes;
            trace::appendTraces(traces, std::move(read));
        } catch (const trace::TraceReadError& error) {
            status.breakLine();
            std::cerr << error.what() << '\n';
            return false;
        }
        if (stats.orphanSpans > 0) {
            status.breakLine();
            std::cerr << files[i] << ": " << stats.orphanSpans << " spans reference a parent absent from their trace; kept as roots\n";
        }
    }
    if (progress) {
        status.finish("read " + std::to_string(files.size()) + " files: " + std::to_string(traces.traces.size()) + " traces, " +
                      std::to_string(traces.spanCount()) + " spans, " + std::to_string(bytes / 1'000'000) + " MB");
    }
    return true;
}

} // namespace

int runAnalyzeCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"json", "top", "project", "run"}, {});
    const auto top = line.unsignedValue("top").value_or(kDefaultTop);
    const auto projectPath = line.value("project");
    if (top == 0)
        return badInput("--top must be at least 1");
    if (projectPath.has_value() == !line.positionals().empty())
        return badInput(std::string("give trace files or directories, or --project with --run\n") + kUsage);

    trace::TraceSet traces;
    std::string source;
    if (projectPath) {
        const auto runId = line.unsignedValue("run");
        if (!runId)
            return badInput(std::string("--project needs --run ID\n") + kUsage);
        std::string error;
        try {
            auto loaded = projectRunTraces(*projectPath, *runId, error);
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
        std::string error;
        const std::vector<std::string> files = traceFiles(line.positionals(), error);
        if (!error.empty())
            return badInput(error);
        source = files.size() == 1 && line.positionals().size() == 1 && files.front() == line.positionals().front()
            ? files.front()
            : std::to_string(files.size()) + " files (" + line.positionals().front()
                + (line.positionals().size() > 1 ? ", …" : "") + ')';
        if (!readAll(files, traces))
            return kExitBadInput;
    }

    const analysis::CriticalPathReport report = analysis::analyzeTraces(traces);
    if (report.traceCount == 0)
        return badInput(source + ": no traces to analyze");
    printReport(report, traces, source, static_cast<std::size_t>(top));
    if (const auto out = line.value("json")) {
        const std::string error = writeFileAtomically(*out, reportJson(report, source, static_cast<std::size_t>(top)));
        if (!error.empty())
            return badInput(error);
    }
    return kExitOk;
}

} // namespace orrery::app
