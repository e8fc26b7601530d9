#pragma once
#include "aware/multidimensional_config.h"
#include "autoscaling/vpa_recommender.h"
#include "policy/control_action.h"
#include "policy/observation.h"
#include "sim/sim_time.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace orrery::aware {

//! The default recommender of AWARE's multidimensional Pod autoscaler (seed 001 §5.4.1, Fig. 5.7:
//! "implemented in the recommender mostly by importing HPA and VPA libraries"), the fallback of
//! the lifecycle's OFFLINE stage (§5.3.4) and the `hpa-vpa` baseline. Each call, per target:
//!  1. vertical (VPA): the period's usage goes into VpaRecommender; the CPU and memory limits are
//!     set to the recommendation when a current limit lies outside the recommended bounds, or the
//!     summed relative change exceeds updateThreshold and the last resize is minLifetime old;
//!  2. horizontal (HPA): replicas = hpaReplicas(ready, unready, CPU usage / the CPU limit in
//!     force after step 1, targetCpuUtilization, tolerance), clamped to [minReplicas,
//!     maxReplicas]. Judging utilization against the new limit is what makes the two one
//!     decision rather than two controllers fighting over the same metric.
//! No stabilization windows or rate limits (kube-hpa has them): the fallback acts on every call.
class MultidimensionalRecommender {
public:
    explicit MultidimensionalRecommender(MultidimensionalConfig config);

    //! The actions for this period: SetLimit (CPU, memory) and SetReplicas, only where they change
    //! something, in target order.
    std::vector<policy::ControlAction> recommend(const policy::Observation& observation);

    [[nodiscard]] const MultidimensionalConfig& config() const { return m_config; }
    [[nodiscard]] const autoscaling::VpaRecommender& vpa() const { return m_vpa; }

private:
    MultidimensionalConfig m_config;
    autoscaling::VpaRecommender m_vpa;
    std::map<std::string, sim::SimTime, std::less<>> m_lastResize; //!< per target: last resize, or first seen
};

} // namespace orrery::aware
