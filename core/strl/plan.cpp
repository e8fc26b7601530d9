#include "strl/plan.h"

namespace orrery::strl {

std::vector<const PlannedLeaf*> Plan::leavesOf(int job) const
{
    std::vector<const PlannedLeaf*> result;
    for (const PlannedLeaf& leaf : leaves) {
        if (leaf.job == job)
            result.push_back(&leaf);
    }
    return result;
}

} // namespace orrery::strl
