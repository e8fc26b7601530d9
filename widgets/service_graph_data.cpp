#include "widgets/service_graph_data.h"

#include "model/service_graph.h"

#include <algorithm>

namespace orrery::widgets {

int ServiceGraphData::indexOf(const QString& name) const
{
    const auto found = std::find_if(services.begin(), services.end(),
                                    [&name](const Service& service) { return service.name == name; });
    return found == services.end() ? -1 : static_cast<int>(found - services.begin());
}

void ServiceGraphData::setCriticalPathSequence(const std::vector<QString>& path)
{
    criticalPath.clear();
    criticalCalls.clear();
    for (const QString& service : path) {
        if (criticalPath.empty() || criticalPath.back() != service)
            criticalPath.push_back(service);
    }
    for (std::size_t i = 1; i < criticalPath.size(); ++i) {
        const int caller = indexOf(criticalPath[i - 1]);
        const int callee = indexOf(criticalPath[i]);
        const bool isCall = std::any_of(calls.begin(), calls.end(), [caller, callee](const Call& call) {
            return call.caller == caller && call.callee == callee;
        });
        if (isCall)
            criticalCalls.emplace_back(criticalPath[i - 1], criticalPath[i]);
    }
}

ServiceGraphData serviceGraphData(const model::ServiceGraph& graph)
{
    ServiceGraphData data;
    data.title = QString::fromStdString(graph.name);
    data.services.reserve(graph.size());
    for (const model::ServiceProfile& profile : graph.services()) {
        ServiceGraphData::Service service;
        service.name = QString::fromStdString(profile.name);
        service.description = QString::fromStdString(profile.description);
        data.services.push_back(std::move(service));
    }
    data.calls.reserve(graph.calls().size());
    for (const model::ServiceCall& call : graph.calls())
        data.calls.push_back({static_cast<int>(call.caller), static_cast<int>(call.callee), {}, {}});
    return data;
}

} // namespace orrery::widgets
