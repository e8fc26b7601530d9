#include "tetrisched_policy.h"

#include "node_assigner.h"
#include "strl_inputs.h"
#include "strl/strl_compiler.h"
#include "strl/strl_planner.h"

#include <algorithm>

namespace orrery::plugins::tetrisched {
namespace {

strl::PlanOptions planOptions(const TetriSchedOptions& options, sim::SimTime now)
{
    strl::PlanOptions plan;
    plan.now = now;
    plan.slotLength = options.slotLength;
    plan.windowSlots = std::max(1, options.windowSlots);
    plan.timeLimitSeconds = options.timeLimitSeconds;
    return plan;
}

//! One job at a time in submission order, each in its own MILP over the nodes the earlier ones
//! left: a job planned to start later holds its nodes from now until it ends (a reservation the
//! one-job MILP can see), so later jobs cannot take them meanwhile.
void planGreedily(const policy::BatchRequest& request, const StrlInputs& inputs, const TetriSchedOptions& options,
                  policy::BatchDecision& decision)
{
    strl::ClusterState cluster = inputs.cluster;
    for (std::size_t i = 0; i < request.pending.size(); ++i) {
        const strl::Plan plan = strl::planStrl({inputs.pendingJob(request, i)}, inputs.sets, cluster, planOptions(options, request.now));
        decision.solveSeconds += plan.solveSeconds;
        decision.timedOut = decision.timedOut || plan.status == strl::SolveStatus::TimeLimit || plan.status == strl::SolveStatus::NoSolution;
        const std::size_t before = decision.plan.size();
        assignPlan(plan, {request.pending[i].id}, {inputs.nodeCaps[i]}, cluster.busyUntil, request.now, decision);
        for (std::size_t p = before; p < decision.plan.size(); ++p) {
            const policy::PlannedPlacement& placement = decision.plan[p];
            for (const std::uint32_t node : placement.nodes)
                cluster.busyUntil[node] = std::max(cluster.busyUntil[node], placement.start + placement.duration);
        }
    }
}

} // namespace

TetriSchedPolicy::TetriSchedPolicy(TetriSchedOptions options)
    : m_options(options)
{
}

policy::BatchDecision TetriSchedPolicy::plan(const policy::BatchRequest& request, const policy::ClusterView& view)
{
    policy::BatchDecision decision;
    if (request.pending.empty())
        return decision;
    const StrlInputs inputs = StrlInputs::of(request, view, m_options.slotLength, m_options.windowSlots);
    if (m_options.mode == TetriSchedOptions::Mode::Greedy) {
        planGreedily(request, inputs, m_options, decision);
        decision.solverStatus = "greedy";
        return decision;
    }
    std::vector<strl::PendingJob> jobs;
    std::vector<std::uint64_t> ids;
    std::vector<std::int32_t> nodes;
    for (std::size_t i = 0; i < request.pending.size(); ++i) {
        jobs.push_back(inputs.pendingJob(request, i));
        ids.push_back(request.pending[i].id);
        nodes.push_back(inputs.nodeCaps[i]);
    }
    const strl::PlanOptions options = planOptions(m_options, request.now);
    const strl::CompiledProgram program = strl::compileStrl(jobs, inputs.sets, inputs.cluster, options);
    decision.milpColumns = static_cast<std::int32_t>(program.model.columns().size());
    decision.milpRows = static_cast<std::int32_t>(program.model.rows().size());
    if (static_cast<std::int64_t>(program.model.columns().size()) > m_options.maxMilpColumns) {
        decision.fallback = true;
        decision.solverStatus = "too large (" + std::to_string(decision.milpColumns) + " columns); greedy";
        planGreedily(request, inputs, m_options, decision);
        return decision;
    }
    const strl::Plan plan = strl::planStrl(jobs, inputs.sets, inputs.cluster, options);
    decision.solveSeconds = plan.solveSeconds;
    decision.solverStatus = strl::toString(plan.status);
    decision.timedOut = plan.status == strl::SolveStatus::TimeLimit || plan.status == strl::SolveStatus::NoSolution;
    if (plan.status != strl::SolveStatus::Optimal && plan.status != strl::SolveStatus::TimeLimit) {
        decision.fallback = true;
        decision.solverStatus += "; greedy";
        planGreedily(request, inputs, m_options, decision);
        return decision;
    }
    assignPlan(plan, ids, nodes, inputs.cluster.busyUntil, request.now, decision);
    return decision;
}

} // namespace orrery::plugins::tetrisched
