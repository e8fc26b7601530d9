#pragma once
#include "autoscaling/vpa_recommender_config.h"
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::aware {

//! The knobs of MultidimensionalRecommender: HPA's (utilization target on CPU, tolerance,
//! replica bounds) and VPA's (recommender and updater). Defaults suit minutes-long simulations:
//! no confidence scaling (an hour of history would otherwise keep VPA from lowering any limit)
//! and a minimum lifetime of one minute instead of VPA's 12 h.
struct MultidimensionalConfig {
    double targetCpuUtilization = 0.7; //!< AwareProfile targets.cpuUtilization (HPA's averageUtilization / 100)
    double tolerance = 0.1;            //!< --horizontal-pod-autoscaler-tolerance
    std::int32_t minReplicas = 1;
    std::int32_t maxReplicas = 10;
    bool verticalCpu = true;           //!< VPA resizes CPU limits
    bool verticalMemory = true;        //!< VPA resizes memory limits
    double updateThreshold = 0.1;      //!< --pod-update-threshold
    sim::SimTime minLifetime = 60 * sim::kSecond;
    autoscaling::VpaRecommenderConfig vpa;
};

} // namespace orrery::aware
