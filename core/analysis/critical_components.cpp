#include "analysis/critical_components.h"

#include "analysis/critical_path.h"
#include "analysis/pearson.h"
#include "analysis/sample_summary.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace orrery::analysis {
namespace {

using trace::NameId;

constexpr double kNsPerMs = 1e6;

//! A component: a service (instance = kAll) or one of its instances.
constexpr NameId kAll = ~NameId{0};

struct ComponentKey {
    NameId service = 0;
    NameId instance = kAll;
    friend bool operator==(const ComponentKey&, const ComponentKey&) = default;
};

struct ComponentKeyHash {
    std::size_t operator()(const ComponentKey& key) const
    {
        return (static_cast<std::size_t>(key.service) << 32) ^ key.instance;
    }
};

//! What one component accumulated over the traces of one request type.
struct Accumulator {
    std::vector<std::pair<std::size_t, double>> onPathMs;  // (trace ordinal, T_i), at most one per trace
    std::vector<double> offPathMs;                          // summed span durations, per trace with spans
};

//! One request type's traces while they are being analysed.
struct TypeState {
    std::vector<double> criticalPathMs;  // T_CP per analysed trace
    std::unordered_map<ComponentKey, Accumulator, ComponentKeyHash> components;
    std::map<std::vector<std::uint64_t>, std::pair<std::size_t, std::size_t>> paths;  // → (count, first seen)
};

void addToTrace(std::unordered_map<ComponentKey, double, ComponentKeyHash>& sums, ComponentKey key, double value)
{
    sums[key] += value;
    sums[ComponentKey{key.service, kAll}] += value;
}

void analyzeTrace(const trace::Trace& trace, TypeState& state)
{
    const CriticalPath path = criticalPath(trace);
    if (path.spans.empty())
        return;
    const std::size_t ordinal = state.criticalPathMs.size();
    std::int64_t totalNs = 0;
    std::unordered_map<ComponentKey, double, ComponentKeyHash> onPath;
    std::vector<std::uint64_t> steps;
    steps.reserve(path.spans.size());
    for (std::size_t k = 0; k < path.spans.size(); ++k) {
        const trace::Span& span = trace.spans[path.spans[k]];
        totalNs += path.selfNs[k];
        addToTrace(onPath, ComponentKey{span.service, span.instance}, static_cast<double>(path.selfNs[k]) / kNsPerMs);
        steps.push_back((static_cast<std::uint64_t>(span.service) << 32) | span.operation);
    }
    std::unordered_map<ComponentKey, double, ComponentKeyHash> present;
    for (const trace::Span& span : trace.spans)
        addToTrace(present, ComponentKey{span.service, span.instance}, static_cast<double>(span.durationNs) / kNsPerMs);

    state.criticalPathMs.push_back(static_cast<double>(totalNs) / kNsPerMs);
    for (const auto& [key, ms] : onPath)
        state.components[key].onPathMs.emplace_back(ordinal, ms);
    for (const auto& [key, ms] : present)
        state.components[key].offPathMs.push_back(ms);
    const std::size_t firstSeen = state.paths.size();
    ++state.paths.try_emplace(std::move(steps), 0, firstSeen).first->second.first;
}

ComponentStats componentStats(const Accumulator& accumulator, const std::vector<double>& criticalPathMs)
{
    ComponentStats stats;
    stats.onCriticalPath = !accumulator.onPathMs.empty();
    std::vector<double> samples;
    if (stats.onCriticalPath) {
        std::vector<double> dense(criticalPathMs.size(), 0.0);  // T_i: 0 where not on the path
        for (const auto& [ordinal, ms] : accumulator.onPathMs) {
            dense[ordinal] = ms;
            samples.push_back(ms);
        }
        stats.relativeImportance = pearson(dense, criticalPathMs);
    } else {
        samples = accumulator.offPathMs;
    }
    std::sort(samples.begin(), samples.end());
    stats.samples = samples.size();
    if (!samples.empty()) {
        stats.p50Ms = quantileOfSorted(samples, 0.50);
        stats.p99Ms = quantileOfSorted(samples, 0.99);
        stats.congestionIntensity = stats.p50Ms > 0.0 ? stats.p99Ms / stats.p50Ms : 0.0;
    }
    return stats;
}

bool moreRelevant(const ComponentStats& a, const ComponentStats& b)
{
    if (a.onCriticalPath != b.onCriticalPath)
        return a.onCriticalPath;
    if (a.relativeImportance != b.relativeImportance)
        return a.relativeImportance > b.relativeImportance;
    if (a.congestionIntensity != b.congestionIntensity)
        return a.congestionIntensity > b.congestionIntensity;
    if (a.service != b.service)
        return a.service < b.service;
    return a.instance < b.instance;
}

RequestTypeReport finish(const std::string& name, TypeState& state, const trace::NameTable& names)
{
    RequestTypeReport report;
    report.requestType = name;
    report.traceCount = state.criticalPathMs.size();
    std::vector<double> sorted = state.criticalPathMs;
    std::sort(sorted.begin(), sorted.end());
    report.p50Ms = quantileOfSorted(sorted, 0.50);
    report.p99Ms = quantileOfSorted(sorted, 0.99);

    std::vector<std::pair<std::vector<std::uint64_t>, std::pair<std::size_t, std::size_t>>> paths(
        state.paths.begin(), state.paths.end());
    std::sort(paths.begin(), paths.end(), [](const auto& a, const auto& b) {
        return a.second.first != b.second.first ? a.second.first > b.second.first : a.second.second < b.second.second;
    });
    for (const auto& [steps, seen] : paths) {
        PathFrequency frequency;
        frequency.count = seen.first;
        frequency.share = static_cast<double>(seen.first) / static_cast<double>(report.traceCount);
        for (const std::uint64_t step : steps) {
            frequency.steps.push_back(PathStep{names.name(static_cast<NameId>(step >> 32)),
                                               names.name(static_cast<NameId>(step & 0xffffffffU))});
        }
        report.paths.push_back(std::move(frequency));
    }

    for (const auto& [key, accumulator] : state.components) {
        ComponentStats stats = componentStats(accumulator, state.criticalPathMs);
        stats.service = names.name(key.service);
        if (key.instance == kAll) {
            report.services.push_back(std::move(stats));
        } else {
            stats.instance = names.name(key.instance);
            report.instances.push_back(std::move(stats));
        }
    }
    std::sort(report.services.begin(), report.services.end(), moreRelevant);
    std::sort(report.instances.begin(), report.instances.end(), moreRelevant);
    return report;
}

} // namespace

CriticalPathReport analyzeTraces(const trace::TraceSet& traces)
{
    CriticalPathReport report;
    std::map<std::string, TypeState> types;  // ordered by name
    for (const trace::Trace& trace : traces.traces) {
        if (trace.spans.empty())
            continue;
        TypeState& state = types[traces.names.name(trace.requestType)];
        const std::size_t before = state.criticalPathMs.size();
        analyzeTrace(trace, state);
        if (state.criticalPathMs.size() > before) {
            ++report.traceCount;
            report.spanCount += trace.spans.size();
        }
    }
    for (auto& [name, state] : types) {
        if (!state.criticalPathMs.empty())
            report.requestTypes.push_back(finish(name, state, traces.names));
    }
    return report;
}

} // namespace orrery::analysis
