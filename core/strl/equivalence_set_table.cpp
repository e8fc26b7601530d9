#include "strl/equivalence_set_table.h"

namespace orrery::strl {

void EquivalenceSetTable::define(const std::string& name, NodeFilter filter)
{
    m_filters[name] = std::move(filter);
}

const NodeFilter* EquivalenceSetTable::find(const std::string& name) const
{
    const auto it = m_filters.find(name);
    return it == m_filters.end() ? nullptr : &it->second;
}

std::vector<std::string> EquivalenceSetTable::names() const
{
    std::vector<std::string> result;
    result.reserve(m_filters.size());
    for (const auto& entry : m_filters)
        result.push_back(entry.first);
    return result;
}

std::vector<int> EquivalenceSetTable::members(const std::string& name, const std::vector<NodeAttributes>& nodes) const
{
    std::vector<int> result;
    const NodeFilter* filter = find(name);
    if (!filter)
        return result;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (filter->matches(nodes[i]))
            result.push_back(static_cast<int>(i));
    }
    return result;
}

} // namespace orrery::strl
