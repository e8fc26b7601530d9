#pragma once
#include "strl/equivalence_set_table.h"

#include <string>
#include <vector>

namespace orrery::strl {

//! The nodes split into disjoint classes by the equivalence sets in use (TetriSched's
//! partitions): two nodes share a class exactly when every set holds both or neither. A set is
//! then a union of classes, and supply is counted per class.
class Partitioning {
public:
    //! Classes of `nodes` under the sets named `setNames` (each must be defined in `table`).
    //! Nodes in none of the sets belong to no class. Classes are numbered by their first node.
    Partitioning(const std::vector<NodeAttributes>& nodes, const EquivalenceSetTable& table,
                 const std::vector<std::string>& setNames);

    [[nodiscard]] int classCount() const { return static_cast<int>(m_classNodes.size()); }
    //! Node indices of class `c`, ascending.
    [[nodiscard]] const std::vector<int>& nodesOf(int c) const { return m_classNodes.at(static_cast<std::size_t>(c)); }
    //! Classes whose union is the set `name`, ascending; empty for a set not given.
    [[nodiscard]] const std::vector<int>& classesOf(const std::string& name) const;
    //! The class of node `node`, or -1.
    [[nodiscard]] int classOfNode(int node) const { return m_nodeClass.at(static_cast<std::size_t>(node)); }

private:
    std::vector<std::string> m_setNames;
    std::vector<std::vector<int>> m_setClasses; //!< parallel to m_setNames
    std::vector<std::vector<int>> m_classNodes;
    std::vector<int> m_nodeClass;
};

} // namespace orrery::strl
