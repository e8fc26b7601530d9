#include "env/reference_control_policies.h"

#include <cmath>

namespace orrery::env {

const char* toString(ReferenceControl reference)
{
    switch (reference) {
    case ReferenceControl::HoldAtBase:
        return "hold-at-base";
    case ReferenceControl::Random:
        return "random";
    case ReferenceControl::NoControl:
        break;
    }
    return "no-control";
}

namespace {

class NoControlPolicy final : public policy::ControlPolicy {
public:
    std::vector<policy::ControlAction> decide(const policy::Observation&) override { return {}; }
};

} // namespace

policy::ControlPolicyPtr makeReferenceControl(ReferenceControl reference, std::uint64_t seed)
{
    const policy::ControlDeleter owned{[](policy::ControlPolicy* policy) { delete policy; }};
    switch (reference) {
    case ReferenceControl::HoldAtBase:
        return {new HoldAtBasePolicy, owned};
    case ReferenceControl::Random:
        return {new RandomControlPolicy(seed), owned};
    case ReferenceControl::NoControl:
        break;
    }
    return {new NoControlPolicy, owned};
}

std::vector<policy::ControlAction> HoldAtBasePolicy::decide(const policy::Observation& observation)
{
    std::vector<policy::ControlAction> actions;
    for (const auto& target : observation.targets) {
        const auto& base = m_base.try_emplace(target.name, target).first->second;
        for (std::size_t r = 0; r < policy::kControlResourceCount; ++r) {
            if (base.limit[r] > 0 && target.limit[r] != base.limit[r])
                actions.push_back(policy::ControlAction::setLimit(target.name, static_cast<policy::ControlResource>(r),
                                                                 base.limit[r]));
        }
        if (base.replicas > 0 && target.replicas + target.pendingReplicas != base.replicas)
            actions.push_back(policy::ControlAction::setReplicas(target.name, base.replicas));
    }
    return actions;
}

RandomControlPolicy::RandomControlPolicy(std::uint64_t seed) : m_rng(seed, "reference-control.random") {}

std::vector<policy::ControlAction> RandomControlPolicy::decide(const policy::Observation& observation)
{
    static const double kLogScale = std::log(4.0);
    std::vector<policy::ControlAction> actions;
    for (const auto& target : observation.targets) {
        const auto& base = m_base.try_emplace(target.name, target.limit).first->second;
        for (const auto resource : {policy::ControlResource::Cpu, policy::ControlResource::Memory}) {
            const double limit = base[policy::indexOf(resource)];
            if (limit > 0)
                actions.push_back(policy::ControlAction::setLimit(
                    target.name, resource, limit * std::exp(m_rng.uniform(-kLogScale, kLogScale))));
        }
    }
    return actions;
}

} // namespace orrery::env
