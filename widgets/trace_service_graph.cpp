#include "widgets/trace_service_graph.h"

#include "analysis/critical_components.h"
#include "analysis/critical_path.h"
#include "trace/trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace orrery::widgets {
namespace {

double p99(std::vector<double>& values)
{
    std::sort(values.begin(), values.end());
    const double rank = 0.99 * static_cast<double>(values.size() - 1);
    const auto low = static_cast<std::size_t>(std::floor(rank));
    const std::size_t high = std::min(low + 1, values.size() - 1);
    return values[low] + (values[high] - values[low]) * (rank - static_cast<double>(low));
}

} // namespace

ServiceGraphData serviceGraphFromTraces(const trace::TraceSet& traces, int chosen, const analysis::CriticalPath* path,
                                        const analysis::CriticalPathReport* report)
{
    ServiceGraphData data;
    std::unordered_map<trace::NameId, int> serviceIndex;
    std::vector<std::vector<double>> durationsMs;
    std::map<std::pair<int, int>, qint64> callCounts;
    std::int64_t firstNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastNs = std::numeric_limits<std::int64_t>::min();
    const auto indexOf = [&](trace::NameId service) {
        const auto [it, added] = serviceIndex.try_emplace(service, static_cast<int>(data.services.size()));
        if (added) {
            data.services.push_back({QString::fromStdString(traces.names.name(service)), {}, {}, {}, {}, {}, false});
            durationsMs.emplace_back();
        }
        return it->second;
    };
    std::unordered_map<trace::SpanId, const trace::Span*> byId;
    for (const trace::Trace& trace : traces.traces) {
        byId.clear();
        for (const trace::Span& span : trace.spans)
            byId.emplace(span.id, &span);
        for (const trace::Span& span : trace.spans) {
            const int service = indexOf(span.service);
            durationsMs[service].push_back(static_cast<double>(span.durationNs) / 1e6);
            firstNs = std::min(firstNs, span.startNs);
            lastNs = std::max(lastNs, span.endNs());
            const auto parent = span.parent != 0 ? byId.find(span.parent) : byId.end();
            if (parent != byId.end() && parent->second->service != span.service)
                ++callCounts[{indexOf(parent->second->service), service}];
        }
    }
    for (std::size_t i = 0; i < data.services.size(); ++i) {
        if (!durationsMs[i].empty())
            data.services[i].p99Ms = p99(durationsMs[i]);
    }
    const double windowSeconds = std::max(1e-3, static_cast<double>(lastNs - firstNs) / 1e9);
    for (const auto& [edge, count] : callCounts)
        data.calls.push_back({edge.first, edge.second, static_cast<double>(count) / windowSeconds, count});
    if (chosen >= 0 && chosen < static_cast<int>(traces.traces.size())) {
        data.title = QString::fromStdString(traces.names.name(traces.traces[chosen].requestType));
        if (path)
            applyCriticalPath(data, traces, chosen, *path);
        if (report)
            applyCriticalComponents(data, traces, chosen, *report);
    }
    return data;
}

void applyCriticalPath(ServiceGraphData& data, const trace::TraceSet& traces, int chosen,
                       const analysis::CriticalPath& path)
{
    data.criticalPath.clear();
    data.criticalCalls.clear();
    const trace::Trace& trace = traces.traces.at(static_cast<std::size_t>(chosen));
    std::unordered_map<trace::SpanId, const trace::Span*> onPath;
    for (const std::uint32_t index : path.spans)
        onPath.emplace(trace.spans.at(index).id, &trace.spans[index]);
    for (const std::uint32_t index : path.spans) {
        const trace::Span& span = trace.spans[index];
        const QString service = QString::fromStdString(traces.names.name(span.service));
        if (data.criticalPath.empty() || data.criticalPath.back() != service)
            data.criticalPath.push_back(service);
        const auto parent = span.parent != 0 ? onPath.find(span.parent) : onPath.end();
        if (parent == onPath.end() || parent->second->service == span.service)
            continue;
        std::pair<QString, QString> call(QString::fromStdString(traces.names.name(parent->second->service)), service);
        if (std::find(data.criticalCalls.begin(), data.criticalCalls.end(), call) == data.criticalCalls.end())
            data.criticalCalls.push_back(std::move(call));
    }
}

void applyCriticalComponents(ServiceGraphData& data, const trace::TraceSet& traces, int chosen,
                             const analysis::CriticalPathReport& report)
{
    const std::string& type = traces.names.name(traces.traces.at(static_cast<std::size_t>(chosen)).requestType);
    const auto found = std::find_if(report.requestTypes.begin(), report.requestTypes.end(),
                                    [&type](const analysis::RequestTypeReport& entry) { return entry.requestType == type; });
    if (found == report.requestTypes.end())
        return;
    std::vector<std::pair<double, int>> candidates;
    for (const analysis::ComponentStats& stats : found->services) {
        const int index = data.indexOf(QString::fromStdString(stats.service));
        if (index < 0)
            continue;
        data.services[index].relativeImportance = stats.relativeImportance;
        data.services[index].congestionIntensity = stats.congestionIntensity;
        data.services[index].criticalComponent = false;
        if (stats.onCriticalPath && stats.relativeImportance > 0.0)
            candidates.emplace_back(-stats.relativeImportance, index);
    }
    std::sort(candidates.begin(), candidates.end());
    for (std::size_t i = 0; i < candidates.size() && i < static_cast<std::size_t>(kCriticalComponentCount); ++i)
        data.services[candidates[i].second].criticalComponent = true;
}

} // namespace orrery::widgets
