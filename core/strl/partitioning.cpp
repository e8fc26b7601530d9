#include "strl/partitioning.h"

#include <algorithm>
#include <map>

namespace orrery::strl {

Partitioning::Partitioning(const std::vector<NodeAttributes>& nodes, const EquivalenceSetTable& table,
                           const std::vector<std::string>& setNames)
    : m_setNames(setNames), m_setClasses(setNames.size()), m_nodeClass(nodes.size(), -1)
{
    std::vector<const NodeFilter*> filters;
    filters.reserve(setNames.size());
    for (const std::string& name : setNames)
        filters.push_back(table.find(name));
    std::map<std::vector<bool>, int> classOfSignature;
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        std::vector<bool> signature(filters.size(), false);
        bool inAny = false;
        for (std::size_t s = 0; s < filters.size(); ++s) {
            signature[s] = filters[s] && filters[s]->matches(nodes[n]);
            inAny = inAny || signature[s];
        }
        if (!inAny)
            continue;
        auto [it, added] = classOfSignature.try_emplace(signature, static_cast<int>(m_classNodes.size()));
        if (added) {
            m_classNodes.emplace_back();
            for (std::size_t s = 0; s < signature.size(); ++s) {
                if (signature[s])
                    m_setClasses[s].push_back(it->second);
            }
        }
        m_classNodes[static_cast<std::size_t>(it->second)].push_back(static_cast<int>(n));
        m_nodeClass[n] = it->second;
    }
}

const std::vector<int>& Partitioning::classesOf(const std::string& name) const
{
    static const std::vector<int> kNone;
    const auto it = std::find(m_setNames.begin(), m_setNames.end(), name);
    return it == m_setNames.end() ? kNone : m_setClasses[static_cast<std::size_t>(it - m_setNames.begin())];
}

} // namespace orrery::strl
