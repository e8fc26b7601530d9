#include "hpa_vpa_policy.h"

#include "aware/multidimensional_params.h"

namespace orrery::plugins {

HpaVpaPolicy::HpaVpaPolicy(const policy::PolicyContext& context)
    : m_recommender(orrery::aware::multidimensionalConfigFrom(context.params))
{
}

std::vector<policy::ControlAction> HpaVpaPolicy::decide(const policy::Observation& observation)
{
    return m_recommender.recommend(observation);
}

} // namespace orrery::plugins
