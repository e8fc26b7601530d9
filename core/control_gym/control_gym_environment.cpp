#include "control_gym/control_gym_environment.h"

#include "env/workload_kind_runtimes.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::control_gym {

ControlGymEnvironment::ControlGymEnvironment(const model::Scenario& scenario, ControlGymOptions options)
    : m_scenarioName(scenario.name)
    , m_options(std::move(options))
{
    if (!(m_options.deadBand >= 0) || m_options.deadBand >= 1)
        throw std::invalid_argument("dead band " + std::to_string(m_options.deadBand) + " is not in [0, 1)");
    const env::ControlEnvironmentTraits traits = env::controlEnvironmentTraits(scenario, m_options.environment);
    m_kind = traits.kind;
    m_knobNames = m_options.knobs.empty() ? traits.knobs : m_options.knobs;
    if (m_knobNames.empty())
        throw std::invalid_argument("no knobs to control: name at least one (replicas, cpu, memory, …)");
    std::vector<policy::ControlResource> resources;
    for (const std::string& name : m_knobNames) {
        if (name == "replicas") {
            m_knobs.push_back({true, policy::ControlResource::Cpu});
            continue;
        }
        const auto resource = policy::controlResourceFromString(name);
        if (!resource)
            throw std::invalid_argument("unknown knob '" + name
                                        + "': use replicas, cpu, memory-bandwidth, llc, disk-io, network, memory or gpu-frequency");
        m_knobs.push_back({false, *resource});
        resources.push_back(*resource);
    }
    if (std::any_of(m_knobNames.begin(), m_knobNames.end(),
                    [&](const std::string& name) { return std::count(m_knobNames.begin(), m_knobNames.end(), name) > 1; }))
        throw std::invalid_argument("a knob is named twice");
    m_environment = env::makeControlEnvironment(scenario, m_options.environment);
    const policy::Observation probe = m_environment->reset(scenario.seed);
    const std::size_t slots = m_options.maxTargets > 0 ? m_options.maxTargets
                                                       : std::max(traits.targetCapacity, probe.targets.size());
    if (slots == 0)
        throw std::invalid_argument("the workload has no control targets");
    m_slots = TargetSlots(slots);
    m_layout = ObservationLayout(probe, slots, resources);
}

ControlGymEnvironment::~ControlGymEnvironment() = default;

std::string ControlGymEnvironment::id() const { return "orrery/" + m_scenarioName; }

std::size_t ControlGymEnvironment::observationDimension() const { return m_layout.dimension(); }

gym::ActionSpace ControlGymEnvironment::actionSpace() const
{
    gym::ActionSpace space;
    const std::size_t dimension = m_slots.size() * m_knobs.size();
    space.low.assign(dimension, -1.0f);
    space.high.assign(dimension, 1.0f);
    return space;
}

std::uint32_t ControlGymEnvironment::maxEpisodeSteps() const
{
    return static_cast<std::uint32_t>(m_options.environment.stepsPerEpisode);
}

std::vector<float> ControlGymEnvironment::encode(policy::Observation observation)
{
    m_last = std::move(observation); // kept for controlActions(); moved, the targets' maps are not copied
    const policy::Observation& last = m_last;
    m_byslot = m_slots.assign(last.targets);
    const std::vector<std::size_t>& byslot = m_byslot;
    std::vector<float> out(m_layout.dimension());
    const std::size_t block = m_layout.perTarget();
    for (std::size_t slot = 0; slot < byslot.size(); ++slot) {
        const policy::TargetObservation* target = byslot[slot] == TargetSlots::kFree ? nullptr : &last.targets[byslot[slot]];
        m_layout.encodeTarget(target, std::span<float>(out).subspan(slot * block, block));
    }
    m_layout.encodeGlobal(last, std::span<float>(out).subspan(byslot.size() * block));
    m_info.timeSeconds = sim::toSeconds(last.time);
    m_info.slotTargets = m_slots.names();
    m_info.unobservedTargets = m_slots.unobserved();
    return out;
}

std::vector<float> ControlGymEnvironment::resetTask(std::uint64_t seed)
{
    m_slots.clear();
    m_info = {};
    return encode(m_environment->reset(seed));
}

std::vector<policy::ControlAction> ControlGymEnvironment::controlActions(std::span<const float> action) const
{
    std::vector<policy::ControlAction> out;
    if (action.size() != m_slots.size() * m_knobs.size())
        throw std::invalid_argument(id() + ": action has " + std::to_string(action.size()) + " values, expected "
                                    + std::to_string(m_slots.size() * m_knobs.size()));
    for (std::size_t slot = 0; slot < m_byslot.size(); ++slot) {
        if (m_byslot[slot] == TargetSlots::kFree)
            continue;
        const policy::TargetObservation* target = &m_last.targets[m_byslot[slot]];
        for (std::size_t k = 0; k < m_knobs.size(); ++k) {
            const float raw = action[slot * m_knobs.size() + k];
            const double a = std::isfinite(raw) ? std::clamp(static_cast<double>(raw), -1.0, 1.0) : 0.0;
            const double factor = std::exp2(a);
            if (m_knobs[k].replicas) {
                const std::int32_t current = target->replicas + target->pendingReplicas;
                const auto wanted = std::max<std::int32_t>(1, static_cast<std::int32_t>(std::lround(current * factor)));
                if (current > 0 && wanted != current)
                    out.push_back(policy::ControlAction::setReplicas(target->name, wanted));
                continue;
            }
            double current = target->limit[policy::indexOf(m_knobs[k].resource)];
            if (current <= 0 && m_knobs[k].resource == policy::ControlResource::Cpu)
                current = target->nodeCores; // unlimited on a known node: it may use the whole node
            if (current <= 0) // unlimited or unknown: nothing to scale from
                continue;
            const double wanted = current * factor;
            if (std::abs(wanted / current - 1.0) > m_options.deadBand)
                out.push_back(policy::ControlAction::setLimit(target->name, m_knobs[k].resource, wanted));
        }
    }
    return out;
}

gym::StepResult ControlGymEnvironment::stepTask(std::span<const float> action)
{
    const std::vector<policy::ControlAction> actions = controlActions(action);
    policy::StepResult step = m_environment->step(actions);
    gym::StepResult out;
    out.observation = encode(std::move(step.observation));
    out.reward = step.reward;
    out.terminated = step.done && !step.truncated;
    out.truncated = step.truncated;
    m_info.actionsSent = static_cast<std::uint32_t>(actions.size());
    m_info.actionsApplied = m_info.actionsConverted = m_info.actionsRejected = 0;
    m_info.rejections.clear();
    for (const policy::ActionOutcome& outcome : step.outcomes) {
        switch (outcome.status) {
        case policy::ActionOutcome::Status::Applied: ++m_info.actionsApplied; break;
        case policy::ActionOutcome::Status::Converted: ++m_info.actionsConverted; break;
        case policy::ActionOutcome::Status::Rejected:
            ++m_info.actionsRejected;
            m_info.rejections.push_back(outcome.requested.target + ": " + outcome.reason);
            break;
        }
    }
    return out;
}

} // namespace orrery::control_gym
