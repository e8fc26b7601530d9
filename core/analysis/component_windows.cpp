#include "analysis/component_windows.h"

#include "analysis/critical_components.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

namespace orrery::analysis {
namespace {

//! Start of the trace's root span (the earliest span when it has no root).
std::int64_t traceStartNs(const trace::Trace& trace)
{
    std::int64_t earliest = std::numeric_limits<std::int64_t>::max();
    for (const trace::Span& span : trace.spans) {
        if (span.relation == trace::SpanRelation::Root)
            return span.startNs;
        earliest = std::min(earliest, span.startNs);
    }
    return earliest;
}

//! Floor division, so windows of negative times (never in simulations) still tile the line.
std::int64_t windowIndex(std::int64_t timeNs, std::int64_t windowNs)
{
    const std::int64_t quotient = timeNs / windowNs;
    return (timeNs % windowNs != 0 && timeNs < 0) ? quotient - 1 : quotient;
}

struct Aggregate {
    std::string service;
    double riWeighted = 0.0;
    double ciWeighted = 0.0;
    std::size_t samples = 0;
};

bool targets(const InjectedAnomaly& anomaly, const std::string& service, const std::string& instance)
{
    return anomaly.target == instance || anomaly.target == service;
}

} // namespace

ComponentWindowSet buildComponentWindows(const trace::TraceSet& traces, const std::vector<InjectedAnomaly>& anomalies,
                                         const ComponentWindowsConfig& config)
{
    if (config.windowNs <= 0)
        throw std::invalid_argument("component windows: the window length must be positive");
    if (!(config.minOverlapShare >= 0.0 && config.minOverlapShare <= 1.0))
        throw std::invalid_argument("component windows: minOverlapShare must be in [0, 1]");

    ComponentWindowSet result;
    // Names the traces know, so anomalies on nodes or request types are told apart.
    std::set<std::string> knownTargets;
    std::map<std::int64_t, std::vector<std::size_t>> byWindow;
    for (std::size_t t = 0; t < traces.traces.size(); ++t) {
        const trace::Trace& trace = traces.traces[t];
        if (trace.spans.empty())
            continue;
        byWindow[windowIndex(traceStartNs(trace), config.windowNs)].push_back(t);
        for (const trace::Span& span : trace.spans) {
            knownTargets.insert(traces.names.name(span.service));
            knownTargets.insert(traces.names.name(span.instance));
        }
    }
    std::vector<bool> resolved(anomalies.size(), false);
    for (std::size_t a = 0; a < anomalies.size(); ++a) {
        resolved[a] = knownTargets.count(anomalies[a].target) > 0;
        if (!resolved[a])
            ++result.unresolvedAnomalies;
    }

    for (const auto& [index, members] : byWindow) {
        ComponentWindow window;
        window.startNs = index * config.windowNs;
        window.endNs = window.startNs + config.windowNs;
        const auto minOverlapNs = static_cast<double>(config.windowNs) * config.minOverlapShare;
        for (std::size_t a = 0; a < anomalies.size(); ++a) {
            const std::int64_t overlapNs = std::min(anomalies[a].endNs, window.endNs)
                - std::max(anomalies[a].startNs, window.startNs);
            if (resolved[a] && overlapNs > 0 && static_cast<double>(overlapNs) >= minOverlapNs)
                window.anomalies.push_back(a);
        }

        trace::TraceSet subset;
        subset.names = traces.names;
        subset.traces.reserve(members.size());
        for (const std::size_t t : members)
            subset.traces.push_back(traces.traces[t]);
        const CriticalPathReport report = analyzeTraces(subset);
        window.traceCount = report.traceCount;
        for (const RequestTypeReport& type : report.requestTypes) {
            const auto slo = config.sloMsByRequestType.find(type.requestType);
            if (slo != config.sloMsByRequestType.end() && type.p99Ms > slo->second)
                window.sloViolated = true;
        }

        std::map<std::string, Aggregate> perInstance;  // by instance name: deterministic order
        for (const RequestTypeReport& type : report.requestTypes) {
            for (const ComponentStats& stats : type.instances) {
                if (!stats.onCriticalPath)
                    continue;
                Aggregate& aggregate = perInstance[stats.instance];
                aggregate.service = stats.service;
                const auto weight = static_cast<double>(stats.samples);
                aggregate.riWeighted += weight * stats.relativeImportance;
                aggregate.ciWeighted += weight * stats.congestionIntensity;
                aggregate.samples += stats.samples;
            }
        }
        window.firstRow = result.rows.size();
        for (const auto& [instance, aggregate] : perInstance) {
            if (aggregate.samples == 0)
                continue;
            ComponentWindowRow row;
            row.window = result.windows.size();
            row.service = aggregate.service;
            row.instance = instance;
            const auto samples = static_cast<double>(aggregate.samples);
            row.relativeImportance = aggregate.riWeighted / samples;
            row.congestionIntensity = aggregate.ciWeighted / samples;
            row.samples = aggregate.samples;
            row.label = std::any_of(window.anomalies.begin(), window.anomalies.end(), [&](std::size_t a) {
                return targets(anomalies[a], row.service, row.instance);
            }) ? 1 : 0;
            window.positives += static_cast<std::size_t>(row.label);
            result.rows.push_back(std::move(row));
        }
        window.rowCount = result.rows.size() - window.firstRow;
        result.windows.push_back(std::move(window));
    }
    return result;
}

} // namespace orrery::analysis
