#include "model/service_graph.h"

#include <algorithm>
#include <stdexcept>

namespace orrery::model {

ComputeKindSet ServiceProfile::computeOptions() const
{
    ComputeKindSet options = 0;
    for (int i = 0; i < kComputeKindCount; ++i) {
        if (latencyOn[i] > 0)
            options |= bitOf(static_cast<ComputeKind>(i));
    }
    return options;
}

Resources ServiceProfile::requestOnDeclared() const
{
    return requestOn(request, declaredCompute);
}

MemoryFootprint ServiceProfile::memoryFootprint() const
{
    if (memory.any())
        return memory;
    // ASSUMPTION (docs/model.md, "Memory"): with no measured footprint, a service keeps half
    // its memory request in anonymous pages, a quarter in hot file pages, and 64 KiB per call
    // in service, so the request covers the working set with a quarter to spare.
    MemoryFootprint derived;
    derived.anonymousBytes = request.memoryBytes / 2;
    derived.fileBytes = request.memoryBytes / 4;
    derived.perCallBytes = request.memoryBytes > 0 ? std::int64_t{64} << 10 : 0;
    return derived;
}

std::size_t ServiceGraph::addService(ServiceProfile service)
{
    const std::size_t index = m_services.size();
    if (!m_index.emplace(service.name, index).second)
        throw std::invalid_argument("ServiceGraph::addService: duplicate service '" + service.name + "'");
    m_services.push_back(std::move(service));
    m_callees.emplace_back();
    m_callers.emplace_back();
    return index;
}

void ServiceGraph::addCall(std::size_t caller, std::size_t callee, SourceLocation location)
{
    if (caller >= m_services.size() || callee >= m_services.size())
        throw std::out_of_range("ServiceGraph::addCall: no such service");
    if (hasCall(caller, callee))
        throw std::invalid_argument("ServiceGraph::addCall: duplicate call " + m_services[caller].name + " -> "
                                    + m_services[callee].name);
    m_calls.push_back({caller, callee, std::move(location)});
    m_callees[caller].push_back(callee);
    m_callers[callee].push_back(caller);
}

std::optional<std::size_t> ServiceGraph::indexOf(std::string_view serviceName) const
{
    const auto it = m_index.find(std::string(serviceName));
    if (it == m_index.end())
        return std::nullopt;
    return it->second;
}

bool ServiceGraph::hasCall(std::size_t caller, std::size_t callee) const
{
    const auto& out = m_callees.at(caller);
    return std::find(out.begin(), out.end(), callee) != out.end();
}

std::vector<std::size_t> ServiceGraph::findCycle() const
{
    // Iterative depth-first search with colours; a grey successor closes a cycle.
    enum class Colour : std::uint8_t { White, Grey, Black };
    std::vector<Colour> colour(m_services.size(), Colour::White);
    std::vector<std::size_t> parent(m_services.size(), 0);
    for (std::size_t start = 0; start < m_services.size(); ++start) {
        if (colour[start] != Colour::White)
            continue;
        std::vector<std::pair<std::size_t, std::size_t>> stack{{start, 0}}; // (node, next callee slot)
        colour[start] = Colour::Grey;
        while (!stack.empty()) {
            auto& [node, slot] = stack.back();
            if (slot == m_callees[node].size()) {
                colour[node] = Colour::Black;
                stack.pop_back();
                continue;
            }
            const std::size_t next = m_callees[node][slot++];
            if (colour[next] == Colour::Grey) {
                std::vector<std::size_t> cycle{next};
                for (std::size_t at = node; at != next; at = parent[at])
                    cycle.push_back(at);
                cycle.push_back(next);
                std::reverse(cycle.begin(), cycle.end());
                return cycle;
            }
            if (colour[next] == Colour::White) {
                colour[next] = Colour::Grey;
                parent[next] = node;
                stack.emplace_back(next, 0);
            }
        }
    }
    return {};
}

} // namespace orrery::model
