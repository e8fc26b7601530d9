#pragma once
#include "policy/control_action.h"
#include "policy/observation.h"
#include "policy/target_label.h"

#include <vector>

namespace orrery::policy {

//! Decision point "control" (docs/architecture.md §4): called every control period with an Observation,
//! returns the actions to take (possibly none). Used by HPA/VPA/AIMD baselines and learned agents
//! alike, in simulation and against a live cluster (through policy::Environment).
class ControlPolicy {
public:
    virtual ~ControlPolicy() = default;
    virtual std::vector<ControlAction> decide(const Observation& observation) = 0;
    //! The class each target is in after the last decide(), for the views (runs record changes
    //! as `policy.label` annotations). Policies without classes keep the default: none.
    [[nodiscard]] virtual std::vector<TargetLabel> targetLabels() const { return {}; }
};

} // namespace orrery::policy
