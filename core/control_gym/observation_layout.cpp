#include "control_gym/observation_layout.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace orrery::control_gym {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

//! Limits and usages in units an agent can take in one float: bytes as GiB, bytes/s as GiB/s.
double inAgentUnits(policy::ControlResource resource, double value)
{
    switch (resource) {
    case policy::ControlResource::MemoryBandwidth:
    case policy::ControlResource::DiskIo:
    case policy::ControlResource::Network:
    case policy::ControlResource::Memory:
        return value / kGiB;
    default:
        return value;
    }
}

float finite(double value) { return std::isfinite(value) ? static_cast<float>(value) : 0.0f; }

} // namespace

ObservationLayout::ObservationLayout(const policy::Observation& probe, std::size_t slots,
                                     const std::vector<policy::ControlResource>& resources)
    : m_slots(slots)
    , m_requestTypes(probe.requestComposition.size())
{
    std::set<std::size_t> observed;
    for (const policy::ControlResource resource : resources)
        observed.insert(policy::indexOf(resource));
    std::set<std::string> features;
    for (const policy::TargetObservation& target : probe.targets) {
        for (std::size_t r = 0; r < policy::kControlResourceCount; ++r) {
            if (target.limit[r] != 0 || target.usage[r] != 0)
                observed.insert(r);
        }
        for (const auto& [key, value] : target.features)
            features.insert(key);
    }
    for (const std::size_t r : observed)
        m_resources.push_back(static_cast<policy::ControlResource>(r));
    m_features.assign(features.begin(), features.end());

    m_targetNames = {"present", "replicas", "pending_replicas"};
    for (const policy::ControlResource resource : m_resources) {
        m_targetNames.push_back("limit." + std::string(policy::toString(resource)));
        m_targetNames.push_back("usage." + std::string(policy::toString(resource)));
    }
    for (const char* name : {"arrival_rate", "previous_arrival_rate", "p50_ms", "p99_ms", "slo_ms", "slo_maintenance",
                             "critical", "relative_importance", "congestion_intensity", "node_cores", "evaluation"})
        m_targetNames.emplace_back(name);
    for (const std::string& key : m_features)
        m_targetNames.push_back("feature." + key);

    m_globalNames = {"end_to_end_p99_ms", "slo_violation_rate", "completed_requests", "dropped_requests"};
    for (std::size_t i = 0; i < m_requestTypes; ++i)
        m_globalNames.push_back("request_share." + std::to_string(i));
}

std::vector<std::string> ObservationLayout::names() const
{
    std::vector<std::string> out;
    out.reserve(dimension());
    for (std::size_t slot = 0; slot < m_slots; ++slot) {
        for (const std::string& name : m_targetNames)
            out.push_back("slot" + std::to_string(slot) + "." + name);
    }
    out.insert(out.end(), m_globalNames.begin(), m_globalNames.end());
    return out;
}

void ObservationLayout::encodeTarget(const policy::TargetObservation* target, std::span<float> out) const
{
    std::fill(out.begin(), out.end(), 0.0f);
    if (!target)
        return;
    std::size_t i = 0;
    out[i++] = 1.0f;
    out[i++] = finite(target->replicas);
    out[i++] = finite(target->pendingReplicas);
    for (const policy::ControlResource resource : m_resources) {
        out[i++] = finite(inAgentUnits(resource, target->limit[policy::indexOf(resource)]));
        out[i++] = finite(inAgentUnits(resource, target->usage[policy::indexOf(resource)]));
    }
    out[i++] = finite(target->arrivalRate);
    out[i++] = finite(target->previousArrivalRate);
    out[i++] = finite(target->p50LatencyMs);
    out[i++] = finite(target->p99LatencyMs);
    out[i++] = finite(target->sloLatencyMs);
    out[i++] = finite(target->sloMaintenance);
    out[i++] = target->critical ? 1.0f : 0.0f;
    out[i++] = finite(target->relativeImportance);
    out[i++] = finite(target->congestionIntensity);
    out[i++] = finite(target->nodeCores);
    out[i++] = finite(target->evaluation.value_or(0.0));
    for (const std::string& key : m_features) {
        const auto found = target->features.find(key);
        out[i++] = found == target->features.end() ? 0.0f : finite(found->second);
    }
}

void ObservationLayout::encodeGlobal(const policy::Observation& observation, std::span<float> out) const
{
    std::fill(out.begin(), out.end(), 0.0f);
    out[0] = finite(observation.endToEndP99Ms);
    out[1] = finite(observation.sloViolationRate);
    out[2] = finite(static_cast<double>(observation.completedRequests));
    out[3] = finite(static_cast<double>(observation.droppedRequests));
    for (std::size_t i = 0; i < m_requestTypes && i < observation.requestComposition.size(); ++i)
        out[4 + i] = finite(observation.requestComposition[i]);
}

} // namespace orrery::control_gym
