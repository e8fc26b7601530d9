#include "experiment/scenario_variant.h"

#include "scenario/scenario_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <variant>

namespace orrery::experiment {
namespace {

int scaledCount(int count, double factor)
{
    const double scaled = std::round(static_cast<double>(count) * factor);
    return scaled < 1.0 ? 1 : static_cast<int>(std::min(scaled, 2e9));
}

std::string numberText(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

} // namespace

model::Scenario applySweep(model::Scenario scenario, SweepParameter parameter, double value)
{
    switch (parameter) {
    case SweepParameter::Jobs:
        for (auto& workload : scenario.workloads) {
            std::visit([&](auto& spec) {
                if constexpr (requires { spec.maxJobs; }) {
                    spec.maxJobs = static_cast<std::int64_t>(value);
                } else if constexpr (requires { spec.spec; }) {
                    std::unique_ptr<model::KindSpec> counted = spec.spec->clone(); // specs are shared between variants
                    if (counted->setJobCount(static_cast<std::int64_t>(value)))
                        spec.spec = std::move(counted);
                }
            }, workload);
        }
        break;
    case SweepParameter::Nodes:
        for (auto& pool : scenario.cluster.pools)
            pool.count = scaledCount(pool.count, value);
        break;
    case SweepParameter::ArrivalRate:
        for (auto& workload : scenario.workloads) {
            std::visit([&](auto& spec) {
                if constexpr (requires { spec.arrivalsPerSecond; }) {
                    spec.arrivalsPerSecond *= value;
                } else if constexpr (requires { spec.spec; }) {
                    std::unique_ptr<model::KindSpec> scaled = spec.spec->clone(); // specs are shared between variants
                    scaled->scaleArrivals(value);
                    spec.spec = std::move(scaled);
                }
            }, workload);
        }
        break;
    }
    return scenario;
}

std::string sweepProblem(const model::Scenario& scenario, SweepParameter parameter, double value)
{
    switch (parameter) {
    case SweepParameter::Jobs:
    case SweepParameter::ArrivalRate:
        for (const auto& workload : scenario.workloads) {
            std::string problem;
            std::visit([&](const auto& spec) {
                if (parameter == SweepParameter::Jobs) {
                    if constexpr (requires { spec.spec; }) {
                        if (!spec.spec->clone()->setJobCount(1))
                            problem = "workload '" + spec.name + "' has no job count to set";
                    } else if constexpr (!requires { spec.maxJobs; }) {
                        problem = "workload '" + spec.name + "' has no job count to set";
                    }
                } else {
                    double rate = -1.0; // -1: nothing to scale
                    if constexpr (requires { spec.arrivalsPerSecond; })
                        rate = spec.arrivalsPerSecond;
                    else if constexpr (requires { spec.spec; }) {
                        if (spec.spec->clone()->scaleArrivals(1.0))
                            rate = spec.spec->peakArrivalsPerSecond();
                    }
                    if (rate >= 0.0) {
                        if (rate * value > scenario::kMaxArrivalsPerSecond) {
                            problem = "workload '" + spec.name + "' would arrive at " + numberText(rate * value)
                                + "/s, more than the limit of " + numberText(scenario::kMaxArrivalsPerSecond) + "/s";
                        }
                    } else {
                        problem = "workload '" + spec.name + "' has no arrival rate to scale";
                    }
                }
            }, workload);
            if (!problem.empty())
                return problem;
        }
        return {};
    case SweepParameter::Nodes: {
        std::int64_t total = 0;
        for (const auto& pool : scenario.cluster.pools) {
            const int count = scaledCount(pool.count, value);
            if (count > scenario::kMaxPoolNodes) {
                return "pool '" + pool.name + "' would have " + std::to_string(count) + " nodes, more than the limit of "
                    + std::to_string(scenario::kMaxPoolNodes);
            }
            total += count;
        }
        if (total > scenario::kMaxClusterNodes) {
            return "the cluster would have " + std::to_string(total) + " nodes, more than the limit of "
                + std::to_string(scenario::kMaxClusterNodes);
        }
        return {};
    }
    }
    return {};
}

model::Scenario applyArm(model::Scenario scenario, const ArmSpec& arm)
{
    for (const auto& [point, choice] : arm.policies)
        scenario.policies[point] = choice;
    return scenario;
}

model::Scenario armScenario(const Experiment& experiment, std::size_t point, std::size_t arm)
{
    model::Scenario scenario = experiment.scenario;
    if (experiment.spec.sweep) {
        const SweepSpec& sweep = *experiment.spec.sweep;
        scenario = applySweep(std::move(scenario), sweep.parameter, sweep.points.at(point).value);
    }
    return applyArm(std::move(scenario), experiment.spec.arms.at(arm));
}

} // namespace orrery::experiment
