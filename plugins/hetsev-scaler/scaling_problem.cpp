#include "scaling_problem.h"

#include "strl/cbc_solver.h"
#include "strl/milp_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace orrery::plugins::hetsev {
namespace {

double launchWeight(const ScalingProblem& problem, const InstanceType& type)
{
    return type.price * problem.lambda * type.launchSeconds;
}

//! How many more replicas of a `memoryBytes` model fit into `freeBytes` (unbounded without memory data).
int memoryRoom(double freeBytes, double memoryBytes, double typeMemory)
{
    if (typeMemory <= 0 || memoryBytes <= 0)
        return std::numeric_limits<int>::max();
    return freeBytes <= 0 ? 0 : static_cast<int>(std::floor(freeBytes / memoryBytes + 1e-9));
}

double throughputOf(const ServiceDemand& service, const std::vector<int>& counts)
{
    double total = 0;
    for (std::size_t t = 0; t < counts.size(); ++t)
        total += service.throughput[t] * counts[t];
    return total;
}

} // namespace

double planCost(const ScalingProblem& problem, const std::vector<std::vector<int>>& counts)
{
    double cost = 0;
    for (std::size_t s = 0; s < problem.services.size(); ++s) {
        for (std::size_t t = 0; t < problem.types.size(); ++t) {
            const int change = counts[s][t] - problem.services[s].current[t];
            cost += problem.types[t].price * change + launchWeight(problem, problem.types[t]) * std::max(change, 0);
        }
    }
    return cost;
}

int lowerBound(const ScalingProblem& problem, std::size_t s, std::size_t t)
{
    const ServiceDemand& service = problem.services[s];
    const int floor = service.floor.empty() ? 0 : service.floor[t];
    return service.mayScaleIn ? floor : std::max(floor, service.current[t]);
}

int upperBound(const ScalingProblem& problem, std::size_t s, std::size_t t)
{
    const ServiceDemand& service = problem.services[s];
    const InstanceType& type = problem.types[t];
    int upper = problem.onePerDevice ? type.devices
                                     : std::min(memoryRoom(type.memoryBytes * type.devices, service.memoryBytes, type.memoryBytes),
                                                type.devices * 64);
    // Constraint (4) applies to newly launched instances: none on a type that misses the SLO.
    if (!service.meetsSlo[t] || service.throughput[t] <= 0)
        upper = std::min(upper, service.current[t]);
    return std::max(upper, lowerBound(problem, s, t));
}

ScalingPlan solveExact(const ScalingProblem& problem, double timeLimitSeconds)
{
    const auto started = std::chrono::steady_clock::now();
    const std::size_t types = problem.types.size();
    strl::MilpModel milp;
    // Unmet demand costs more than covering it with the dearest way of adding throughput.
    double dearest = 0, slowest = std::numeric_limits<double>::infinity();
    for (const auto& service : problem.services)
        for (std::size_t t = 0; t < types; ++t)
            if (service.throughput[t] > 0) {
                dearest = std::max(dearest, problem.types[t].price + launchWeight(problem, problem.types[t]));
                slowest = std::min(slowest, service.throughput[t]);
            }
    const double penalty = std::isfinite(slowest) ? 1e4 * (dearest + 1) / slowest : 1e4;

    std::vector<std::vector<int>> count(problem.services.size(), std::vector<int>(types, -1));
    std::vector<int> slack(problem.services.size(), -1);
    std::vector<std::vector<std::pair<int, double>>> memoryRows(types);
    for (std::size_t s = 0; s < problem.services.size(); ++s) {
        const ServiceDemand& service = problem.services[s];
        std::vector<std::pair<int, double>> served, atLeastOne;
        for (std::size_t t = 0; t < types; ++t) {
            const InstanceType& type = problem.types[t];
            const std::string suffix = service.name + "@" + type.name;
            // Maximise: the objective is negated.
            const int n = milp.addColumn("n_" + suffix, lowerBound(problem, s, t), upperBound(problem, s, t), true, -type.price);
            count[s][t] = n;
            const double weight = launchWeight(problem, type);
            if (weight > 0) {
                const int launched = milp.addColumn("launch_" + suffix, 0, strl::MilpModel::kInfinity, false, -weight);
                milp.addRow("launch_" + suffix, {{launched, 1.0}, {n, -1.0}}, -service.current[t], strl::MilpModel::kInfinity);
            }
            served.emplace_back(n, service.throughput[t]);
            atLeastOne.emplace_back(n, 1.0);
            if (type.memoryBytes > 0)
                memoryRows[t].emplace_back(n, service.memoryBytes);
        }
        slack[s] = milp.addColumn("unmet_" + service.name, 0, std::max(0.0, service.demand), false, -penalty);
        served.emplace_back(slack[s], 1.0);
        milp.addRow("throughput_" + service.name, std::move(served), service.demand, strl::MilpModel::kInfinity);
        int most = 0;
        for (std::size_t t = 0; t < types; ++t)
            most += upperBound(problem, s, t);
        if (most >= 1) // at least one replica per model (none when it has none and may get none)
            milp.addRow("one_" + service.name, std::move(atLeastOne), 1, strl::MilpModel::kInfinity);
    }
    for (std::size_t t = 0; t < types; ++t) {
        if (!memoryRows[t].empty())
            milp.addRow("memory_" + problem.types[t].name, std::move(memoryRows[t]), -strl::MilpModel::kInfinity,
                        problem.types[t].memoryBytes * problem.types[t].devices);
    }

    const double buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const strl::MilpSolution solution = strl::solveWithCbc(milp, timeLimitSeconds, 1);
    ScalingPlan plan;
    plan.status = strl::toString(solution.status);
    plan.counts.assign(problem.services.size(), std::vector<int>(types, 0));
    for (std::size_t s = 0; s < problem.services.size(); ++s) {
        for (std::size_t t = 0; t < types; ++t)
            plan.counts[s][t] = solution.hasSolution()
                ? static_cast<int>(std::lround(solution.values[static_cast<std::size_t>(count[s][t])]))
                : problem.services[s].current[t];
        plan.unmetDemand += std::max(0.0, problem.services[s].demand - throughputOf(problem.services[s], plan.counts[s]));
    }
    plan.cost = planCost(problem, plan.counts);
    // Building the model and CBC's own time, not the wait for CBC while another cell solves.
    plan.seconds = buildSeconds + solution.seconds;
    return plan;
}

ScalingPlan solveHeuristic(const ScalingProblem& problem)
{
    const auto started = std::chrono::steady_clock::now();
    const std::size_t types = problem.types.size();
    ScalingPlan plan;
    plan.status = "heuristic";
    // Memory in use per type by every service's current replicas; updated as services change.
    std::vector<double> used(types, 0);
    for (const auto& service : problem.services)
        for (std::size_t t = 0; t < types; ++t)
            used[t] += service.memoryBytes * service.current[t];
    for (std::size_t s = 0; s < problem.services.size(); ++s) {
        const ServiceDemand& service = problem.services[s];
        std::vector<int> n(types);
        for (std::size_t t = 0; t < types; ++t) {
            n[t] = std::clamp(service.current[t], lowerBound(problem, s, t), upperBound(problem, s, t));
            used[t] += service.memoryBytes * (n[t] - service.current[t]);
        }
        double capacity = throughputOf(service, n);
        if (capacity < service.demand) {
            // Scale out: the instance selection policy picks the type of least objective among
            // those that meet the SLO and have room, counting how many it needs to cover the deficit.
            while (capacity < service.demand) {
                const double deficit = service.demand - capacity;
                int best = -1, bestCount = 0;
                bool bestCovers = false;
                double bestCost = 0, bestAdded = 0;
                for (std::size_t t = 0; t < types; ++t) {
                    const InstanceType& type = problem.types[t];
                    const int room = std::min(upperBound(problem, s, t) - n[t],
                                              memoryRoom(type.memoryBytes * type.devices - used[t], service.memoryBytes, type.memoryBytes));
                    if (room <= 0 || service.throughput[t] <= 0)
                        continue;
                    int wanted = static_cast<int>(std::ceil(deficit / service.throughput[t] - 1e-9));
                    const bool covers = wanted <= room;
                    wanted = std::min(wanted, room);
                    const double cost = (type.price + launchWeight(problem, type)) * wanted;
                    const double added = wanted * service.throughput[t];
                    const bool better = best < 0 || (covers && !bestCovers)
                        || (covers == bestCovers && (covers ? cost < bestCost : added > bestAdded || (added == bestAdded && cost < bestCost)));
                    if (better) {
                        best = static_cast<int>(t);
                        bestCount = wanted;
                        bestCovers = covers;
                        bestCost = cost;
                        bestAdded = added;
                    }
                }
                if (best < 0)
                    break;
                n[static_cast<std::size_t>(best)] += bestCount;
                used[static_cast<std::size_t>(best)] += service.memoryBytes * bestCount;
                capacity = throughputOf(service, n);
            }
        } else if (service.mayScaleIn) {
            // Scale in: while the rest still carry W, destroy the dearest instance (the largest
            // saving); running instances are never switched to a cheaper type.
            for (;;) {
                int replicas = 0;
                for (const int c : n)
                    replicas += c;
                int victim = -1;
                for (std::size_t t = 0; t < types; ++t) {
                    if (n[t] <= lowerBound(problem, s, t) || replicas <= 1 || capacity - service.throughput[t] < service.demand)
                        continue;
                    const auto v = static_cast<std::size_t>(victim);
                    if (victim < 0 || problem.types[t].price > problem.types[v].price
                        || (problem.types[t].price == problem.types[v].price && service.throughput[t] < service.throughput[v]))
                        victim = static_cast<int>(t);
                }
                if (victim < 0)
                    break;
                --n[static_cast<std::size_t>(victim)];
                used[static_cast<std::size_t>(victim)] -= service.memoryBytes;
                capacity = throughputOf(service, n);
            }
        }
        plan.unmetDemand += std::max(0.0, service.demand - capacity);
        plan.counts.push_back(std::move(n));
    }
    plan.cost = planCost(problem, plan.counts);
    plan.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return plan;
}

} // namespace orrery::plugins::hetsev
