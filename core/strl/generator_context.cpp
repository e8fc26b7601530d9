#include "strl/generator_context.h"

#include <set>

namespace orrery::strl {

void GeneratorContext::defineSets(EquivalenceSetTable& table) const
{
    table.define(allNodesSet(), NodeFilter{});
    NodeFilter gpu;
    gpu.accelerator = AcceleratorFilter::Gpu;
    table.define(gpuNodesSet(), gpu);
    for (const std::string& rack : racks) {
        NodeFilter filter;
        filter.labels[rackLabel] = rack;
        table.define(rackSet(rack), filter);
    }
}

std::vector<std::string> GeneratorContext::racksOf(const std::vector<NodeAttributes>& nodes, const std::string& rackLabel)
{
    std::set<std::string> racks;
    for (const NodeAttributes& node : nodes) {
        const auto it = node.labels.find(rackLabel);
        if (it != node.labels.end())
            racks.insert(it->second);
    }
    return {racks.begin(), racks.end()};
}

} // namespace orrery::strl
