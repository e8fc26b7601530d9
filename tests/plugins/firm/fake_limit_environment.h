#pragma once
// A tiny deterministic environment for FIRM's tests: one critical target "svc" whose latency
// falls as its CPU limit rises. Demand is 2 cores (other resources 0.5 units); the SLO is met
// from a CPU limit of 2 on, and utilisation RU/RLT falls above demand, so FIRM's reward
// (α 0.3) peaks at CPU limit 2 and the other limits at or below 0.5 — from base limits of 1:
// actor outputs 0.5 for CPU and ≤ −0.5 for the rest. Actions apply at once.
#include "firm_state.h"
#include "policy/environment.h"

#include <algorithm>
#include <memory>

namespace orrery::testing {

class FakeLimitEnvironment final : public policy::Environment {
public:
    static constexpr double kCpuDemand = 2.0;
    static constexpr double kOtherDemand = 0.5;
    static constexpr double kSloMs = 50.0;

    //! `doneAfter` > 0: the episode ends (early termination) after that many steps.
    //! `siblings`: it can make siblings for parallel rollouts (makeSibling), and then its latency
    //! also depends on the episode seed, so environments stepped side by side differ.
    explicit FakeLimitEnvironment(int doneAfter = 0, bool siblings = false) : m_doneAfter(doneAfter), m_siblings(siblings) {}

    [[nodiscard]] std::unique_ptr<policy::Environment> makeSibling() const override
    {
        return m_siblings ? std::make_unique<FakeLimitEnvironment>(m_doneAfter, true) : nullptr;
    }

    policy::Observation reset(std::uint64_t seed) override
    {
        m_seeds.push_back(seed);
        m_seed = seed;
        m_steps = 0;
        m_limits.fill(1.0);
        return observe();
    }

    policy::StepResult step(std::span<const policy::ControlAction> actions) override
    {
        for (const auto& action : actions) {
            if (action.kind == policy::ControlAction::Kind::SetLimit && action.target == "svc")
                m_limits[policy::indexOf(action.resource)] = action.value;
        }
        ++m_steps;
        policy::StepResult result;
        result.observation = observe();
        result.reward = plugins::firm::firmReward(result.observation.targets.front(), 0.3);
        result.done = m_doneAfter > 0 && m_steps >= m_doneAfter;
        return result;
    }

    [[nodiscard]] const std::vector<std::uint64_t>& seeds() const { return m_seeds; }
    [[nodiscard]] int steps() const { return m_steps; }

private:
    policy::Observation observe() const
    {
        policy::Observation o;
        policy::TargetObservation t;
        t.name = "svc";
        t.replicas = 1;
        t.critical = true;
        t.arrivalRate = t.previousArrivalRate = 100;
        for (std::size_t i = 0; i < policy::kControlResourceCount; ++i) {
            t.limit[i] = m_limits[i];
            const double demand = i == policy::indexOf(policy::ControlResource::Cpu) ? kCpuDemand : kOtherDemand;
            t.usage[i] = std::min(m_limits[i], demand);
        }
        const double cpu = m_limits[policy::indexOf(policy::ControlResource::Cpu)];
        t.p99LatencyMs = (100.0 + (m_siblings ? static_cast<double>(m_seed % 5) * 10.0 : 0.0)) / cpu;
        t.sloLatencyMs = kSloMs;
        t.sloMaintenance = std::min(1.0, kSloMs / t.p99LatencyMs);
        o.targets.push_back(t);
        o.requestComposition = {0.7, 0.3};
        return o;
    }

    int m_doneAfter;
    bool m_siblings;
    std::uint64_t m_seed = 0;
    int m_steps = 0;
    policy::PerControlResource<double> m_limits{};
    std::vector<std::uint64_t> m_seeds;
};

} // namespace orrery::testing
