#pragma once
#include "policy/control_resource.h"
#include "policy/observation.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace orrery::control_gym {

//! Which numbers of a policy::Observation a fixed-shape observation vector holds, in which order
//! and units (docs/python.md, "Observations"). Per target slot: present, replicas, pending
//! replicas, limit and usage of each observed resource (cores, GiB, GiB/s, cache ways, MHz),
//! arrival rates, p50/p99 and SLO latency (ms), SLO maintenance, the critical-component figures,
//! node cores, evaluation and the kind's named features; then the period's global figures
//! (end-to-end p99, SLO violation rate, completed and dropped requests, request mix). Which
//! resources, features and request types appear is fixed from a probe observation, so the shape
//! never changes within an environment. Non-finite values are written as 0.
class ObservationLayout {
public:
    ObservationLayout() = default;
    //! `resources`: limits and usages to include besides those any target of `probe` reports.
    ObservationLayout(const policy::Observation& probe, std::size_t slots, const std::vector<policy::ControlResource>& resources);

    [[nodiscard]] std::size_t slotCount() const { return m_slots; }
    [[nodiscard]] std::size_t perTarget() const { return m_targetNames.size(); }
    [[nodiscard]] std::size_t dimension() const { return m_slots * perTarget() + m_globalNames.size(); }
    [[nodiscard]] const std::vector<std::string>& targetFeatureNames() const { return m_targetNames; }
    [[nodiscard]] const std::vector<std::string>& globalFeatureNames() const { return m_globalNames; }
    //! Every entry's name: "slot<i>.<feature>" then the global names.
    [[nodiscard]] std::vector<std::string> names() const;

    //! Writes one target's block (perTarget() values); a null target writes zeros (a free slot).
    void encodeTarget(const policy::TargetObservation* target, std::span<float> out) const;
    //! Writes the global block (globalFeatureNames().size() values).
    void encodeGlobal(const policy::Observation& observation, std::span<float> out) const;

private:
    std::size_t m_slots = 0;
    std::vector<policy::ControlResource> m_resources;
    std::vector<std::string> m_features;    //!< TargetObservation::features keys
    std::size_t m_requestTypes = 0;
    std::vector<std::string> m_targetNames;
    std::vector<std::string> m_globalNames;
};

} // namespace orrery::control_gym
