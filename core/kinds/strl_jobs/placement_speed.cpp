#include "kinds/strl_jobs/placement_speed.h"

#include <set>

namespace orrery::kinds::strl_jobs {
namespace {

std::string rackOf(const strl::NodeAttributes& node, const std::string& rackLabel)
{
    const auto it = node.labels.find(rackLabel);
    return it == node.labels.end() ? std::string() : it->second;
}

} // namespace

double slowdownOn(const JobClass& jobClass, const std::vector<std::uint32_t>& nodes,
                  const std::vector<strl::NodeAttributes>& attributes, const std::string& rackLabel)
{
    switch (jobClass.type) {
    case strl::JobType::Gpu:
        for (const std::uint32_t node : nodes) {
            if (attributes[node].gpus == 0)
                return jobClass.slowdown;
        }
        return 1.0;
    case strl::JobType::Mpi: {
        if (nodes.empty())
            return 1.0;
        const std::string first = rackOf(attributes[nodes.front()], rackLabel);
        for (const std::uint32_t node : nodes) {
            if (first.empty() || rackOf(attributes[node], rackLabel) != first)
                return jobClass.slowdown;
        }
        return 1.0;
    }
    case strl::JobType::Availability:
    case strl::JobType::Slo:
    case strl::JobType::BestEffort:
        return 1.0;
    }
    return 1.0;
}

int racksSpanned(const std::vector<std::uint32_t>& nodes, const std::vector<strl::NodeAttributes>& attributes,
                 const std::string& rackLabel)
{
    std::set<std::string> racks;
    for (const std::uint32_t node : nodes) {
        const std::string rack = rackOf(attributes[node], rackLabel);
        if (!rack.empty())
            racks.insert(rack);
    }
    return static_cast<int>(racks.size());
}

} // namespace orrery::kinds::strl_jobs
