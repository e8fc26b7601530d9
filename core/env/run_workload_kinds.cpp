#include "env/run_workload_kinds.h"

#include "env/simulation.h"

#include <algorithm>

namespace orrery::env {

std::optional<std::vector<std::string>> workloadKindsOf(const std::vector<sim::RunAnnotation>& annotations)
{
    std::optional<std::vector<std::string>> kinds;
    for (const sim::RunAnnotation& annotation : annotations) {
        if (annotation.kind != kRunWorkloadAnnotation)
            continue;
        if (!kinds)
            kinds.emplace();
        std::string kind = annotation.target.substr(0, annotation.target.find('/'));
        if (std::find(kinds->begin(), kinds->end(), kind) == kinds->end())
            kinds->push_back(std::move(kind));
    }
    return kinds;
}

} // namespace orrery::env
