#pragma once
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "sensitivity_clusters.h"
#include "shared/serving_ledger.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::plugins {

//! μ-Serve's power-aware replica placement (seed 001 §6.3.1–6.3.2): replicas are grouped by
//! frequency sensitivity (Alg. 6.1, online) and each goes to a device that holds only its group
//! where one has room (Alg. 6.2's fitting score otherwise), so that a device's clock is not held
//! up by a more sensitive neighbour; a model spreads over at most `ct` devices (Alg. 6.2's CT).
//! See README.md for the tiers that order candidate devices.
class MuServePlacementPolicy : public policy::PlacementPolicy {
public:
    explicit MuServePlacementPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

    //! The sensitivity group each placed replica's device holds, per node (for tests and views).
    [[nodiscard]] const std::vector<int>& groupsOn(std::uint32_t node);
    [[nodiscard]] const SensitivityClusters& clusters() const { return m_clusters; }

private:
    SensitivityClusters m_clusters;
    ServingLedger m_ledger;
    double m_loadCap;
    int m_ct;
    int m_maxUnitsPerDevice;
    std::vector<std::vector<int>> m_groups;       //!< per node: groups of its replicas
    std::map<std::string, int> m_modelDevices;    //!< per model: devices holding a replica
};

} // namespace orrery::plugins
