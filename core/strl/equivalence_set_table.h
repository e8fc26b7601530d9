#pragma once
#include "strl/node_filter.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::strl {

//! The named equivalence sets STRL leaves refer to, each defined by a node filter.
class EquivalenceSetTable {
public:
    //! Adds or replaces the set `name`.
    void define(const std::string& name, NodeFilter filter);
    [[nodiscard]] bool contains(const std::string& name) const { return m_filters.count(name) > 0; }
    //! The filter of `name`, or nullptr.
    [[nodiscard]] const NodeFilter* find(const std::string& name) const;
    //! Defined names in sorted order.
    [[nodiscard]] std::vector<std::string> names() const;
    //! Indices (into `nodes`) of the nodes in set `name`, ascending; empty for an unknown set.
    [[nodiscard]] std::vector<int> members(const std::string& name, const std::vector<NodeAttributes>& nodes) const;

private:
    std::map<std::string, NodeFilter> m_filters;
};

} // namespace orrery::strl
