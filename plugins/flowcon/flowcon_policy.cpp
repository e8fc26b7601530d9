#include "flowcon_policy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::plugins {
namespace {

const char* labelOf(FlowConClass cls)
{
    switch (cls) {
    case FlowConClass::New: return "NL";
    case FlowConClass::Watching: return "WL";
    case FlowConClass::Completing: return "CL";
    }
    return "?";
}

} // namespace

FlowConParams FlowConParams::from(const policy::ParamSet& params)
{
    FlowConParams p;
    p.intervalSeconds = params.getDouble("interval");
    p.maxIntervalSeconds = params.getDouble("maxInterval");
    p.floorFactor = params.getDouble("floorFactor");
    p.relativeProgress = params.getBool("relativeProgress");
    return p;
}

FlowConPolicy::FlowConPolicy(const policy::PolicyContext& context)
    : FlowConPolicy(FlowConParams::from(context.params))
{
}

FlowConPolicy::FlowConPolicy(FlowConParams params)
    : m_params(params)
{
}

const FlowConWorker* FlowConPolicy::worker(const std::string& node) const
{
    const auto it = m_workers.find(node);
    return it == m_workers.end() ? nullptr : &it->second.lists;
}

double FlowConPolicy::intervalSeconds(const std::string& node) const
{
    const auto it = m_workers.find(node);
    return it == m_workers.end() ? m_params.intervalSeconds : it->second.intervalSeconds;
}

std::vector<policy::ControlAction> FlowConPolicy::decide(const policy::Observation& observation)
{
    const sim::SimTime now = observation.time;
    std::map<std::string, std::vector<const policy::TargetObservation*>> byNode;
    for (const policy::TargetObservation& target : observation.targets) {
        if (!target.node.empty())
            byNode[target.node].push_back(&target);
    }
    // A periodic observation covers every worker (an alert, period 0, only the worker that
    // changed): a known worker absent from it has no containers left.
    if (observation.period > 0) {
        for (auto& [node, state] : m_workers) {
            if (!byNode.contains(node)) {
                state.lists.syncMembers({});
                state.placedSinceReport = 0;
            }
        }
    }
    std::vector<policy::ControlAction> actions;
    m_lastLabels.clear();
    for (const auto& [node, targets] : byNode) {
        auto [it, inserted] = m_workers.try_emplace(node, WorkerState{FlowConWorker(m_params.floorFactor), m_params.intervalSeconds, 0, 0});
        WorkerState& state = it->second;
        state.placedSinceReport = 0; // the worker's report is in
        std::vector<std::string> names;
        for (const auto* target : targets)
            names.push_back(target->name);
        // Alg. 2: a change in the worker's containers resets itval and runs Alg. 1 at once.
        const bool changed = state.lists.syncMembers(names);
        if (changed)
            state.intervalSeconds = m_params.intervalSeconds;
        for (const auto* target : targets) {
            FlowConWorker::Container& c = state.lists.container(target->name);
            if (!target->evaluation) {
                c.reportsEvaluation = false;
                m_flagged.insert(target->name);
                continue;
            }
            c.reportsEvaluation = true;
            const double e = *target->evaluation;
            auto [m, first] = m_measurements.try_emplace(target->name, Measurement{e, e, now});
            if (first || now <= m->second.at)
                continue;
            // Eq. 1: P = |ΔE| / Δt; Eq. 2: G = P / R with R the mean cores used in the interval.
            double progress = std::abs(e - m->second.last) / sim::toSeconds(now - m->second.at);
            if (m_params.relativeProgress)
                progress /= std::max(std::abs(m->second.first), 1e-12);
            const double cores = std::max(target->usage[policy::indexOf(policy::ControlResource::Cpu)], 1e-3);
            c.growth = progress / cores;
            m->second.last = e;
            m->second.at = now;
        }
        const bool run = changed || now >= state.nextRun;
        if (run) {
            state.lists.updateThreshold();
            if (state.lists.updateLimits())
                state.intervalSeconds = std::min(state.intervalSeconds * 2.0, m_params.maxIntervalSeconds); // line 17
            state.nextRun = now + sim::fromSeconds(state.intervalSeconds);
        }
        for (const auto* target : targets) {
            const FlowConWorker::Container& c = state.lists.container(target->name);
            m_lastLabels.push_back({target->name, c.reportsEvaluation ? std::string(labelOf(c.cls)) : std::string("flagged")});
        }
        if (!run)
            continue;
        for (const auto* target : targets) {
            const double share = state.lists.container(target->name).limitShare;
            const double cores = share >= 1.0 ? 0.0 : share * target->nodeCores;
            const double current = target->limit[policy::indexOf(policy::ControlResource::Cpu)];
            if (std::abs(cores - current) > 1e-9)
                actions.push_back(policy::ControlAction::setLimit(target->name, policy::ControlResource::Cpu, share >= 1.0 ? target->nodeCores : cores));
        }
    }
    // Containers gone from every worker: forget their measurements.
    if (m_measurements.size() > 2 * observation.targets.size() + 64) {
        std::set<std::string> live;
        for (const auto& target : observation.targets)
            live.insert(target.name);
        for (auto it = m_measurements.begin(); it != m_measurements.end();)
            it = live.contains(it->first) || observation.targets.empty() ? std::next(it) : m_measurements.erase(it);
    }
    return actions;
}

policy::PlacementDecision FlowConPolicy::place(const policy::PendingUnit& /*unit*/, const policy::ClusterView& cluster)
{
    // Alg. 4 lines 2–5: a worker whose containers are all in CL (an empty one counts), fewest first.
    std::int64_t best = -1;
    std::size_t bestCount = std::numeric_limits<std::size_t>::max();
    double bestScore = std::numeric_limits<double>::infinity();
    std::size_t bestContainers = std::numeric_limits<std::size_t>::max();
    std::int64_t bestScored = -1;
    for (std::uint32_t n = 0; n < cluster.nodeCount(); ++n) {
        const auto it = m_workers.find(cluster.node(n).name);
        if (it == m_workers.end()) {
            if (bestCount > 0) {
                best = n;
                bestCount = 0;
            }
            continue;
        }
        const WorkerState& state = it->second;
        const FlowConWorker& lists = state.lists;
        const std::size_t containers = lists.containers().size() + state.placedSinceReport;
        if (containers == 0 || (state.placedSinceReport == 0 && lists.allCompleting())) {
            const std::size_t completing = lists.count(FlowConClass::Completing);
            if (completing < bestCount) {
                best = n;
                bestCount = completing;
            }
            continue;
        }
        // Lines 6–10.
        const double nl = static_cast<double>(lists.count(FlowConClass::New) + state.placedSinceReport + 1);
        const double score = nl * lists.growthSum(FlowConClass::New)
            + static_cast<double>(lists.count(FlowConClass::Watching)) * lists.growthSum(FlowConClass::Watching)
            + static_cast<double>(lists.count(FlowConClass::Completing)) * lists.growthSum(FlowConClass::Completing);
        if (score < bestScore || (score == bestScore && containers < bestContainers)) {
            bestScore = score;
            bestContainers = containers;
            bestScored = n;
        }
    }
    const std::int64_t chosen = best >= 0 ? best : bestScored;
    if (chosen < 0)
        return policy::PlacementDecision::defer();
    const std::string& name = cluster.node(static_cast<std::uint32_t>(chosen)).name;
    auto [it, inserted] = m_workers.try_emplace(name, WorkerState{FlowConWorker(m_params.floorFactor), m_params.intervalSeconds, 0, 0});
    ++it->second.placedSinceReport;
    return policy::PlacementDecision::onNode(static_cast<std::uint32_t>(chosen));
}

} // namespace orrery::plugins
