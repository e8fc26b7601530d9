#pragma once
#include "aware/multidimensional_recommender.h"
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <vector>

namespace orrery::plugins {

//! The hpa-vpa baseline (seed 001 §5.3.4, §5.4.1): AWARE's multidimensional recommender —
//! VPA's CPU and memory limits, then HPA's replicas judged against the new CPU limit — as a
//! control policy of its own. The same code is the aware plugin's OFFLINE fallback.
class HpaVpaPolicy : public policy::ControlPolicy {
public:
    explicit HpaVpaPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    orrery::aware::MultidimensionalRecommender m_recommender;
};

} // namespace orrery::plugins
