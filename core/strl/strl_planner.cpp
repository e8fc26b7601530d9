#include "strl/strl_planner.h"

#include "strl/cbc_solver.h"
#include "strl/strl_compiler.h"

#include <cmath>

namespace orrery::strl {

Plan planStrl(const std::vector<PendingJob>& jobs, const EquivalenceSetTable& sets, const ClusterState& cluster,
              const PlanOptions& options)
{
    const CompiledProgram program = compileStrl(jobs, sets, cluster, options);
    Plan plan;
    plan.problems = program.problems;
    plan.columns = static_cast<int>(program.model.columns().size());
    plan.rows = static_cast<int>(program.model.rows().size());
    for (int c = 0; c < program.partitioning->classCount(); ++c)
        plan.classNodes.push_back(program.partitioning->nodesOf(c));
    const MilpSolution solution = solveWithCbc(program.model, options.timeLimitSeconds, options.randomSeed);
    plan.status = solution.status;
    plan.solveSeconds = solution.seconds;
    if (!solution.hasSolution())
        return plan;
    plan.value = solution.objective;
    for (const CompiledLeaf& leaf : program.leaves) {
        if (!leaf.inWindow || solution.values[static_cast<std::size_t>(leaf.indicator)] < 0.5)
            continue;
        PlannedLeaf planned;
        planned.job = leaf.job;
        planned.jobName = jobs[static_cast<std::size_t>(leaf.job)].name;
        planned.leafIndex = leaf.leafIndex;
        planned.leaf = leaf.leaf;
        planned.firstSlot = leaf.firstSlot;
        planned.endSlot = leaf.endSlot;
        for (const auto& [cls, column] : leaf.classColumns) {
            const int count = static_cast<int>(std::lround(solution.values[static_cast<std::size_t>(column)]));
            if (count > 0)
                planned.classCounts.emplace_back(cls, count);
        }
        plan.leaves.push_back(std::move(planned));
    }
    return plan;
}

} // namespace orrery::strl
