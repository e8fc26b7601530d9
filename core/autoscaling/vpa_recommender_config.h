#pragma once
#include "sim/sim_time.h"

namespace orrery::autoscaling {

//! The VPA recommender's knobs (kubernetes/autoscaler vertical-pod-autoscaler flags); defaults
//! are Kubernetes'. Shared by the kube-vpa plugin and the hpa-vpa / aware fallback.
struct VpaRecommenderConfig {
    double targetPercentile = 0.9;
    double lowerPercentile = 0.5;
    double upperPercentile = 0.95;
    double safetyMargin = 0.15;                       //!< --recommendation-margin-fraction
    sim::SimTime halfLife = 24 * sim::kHour;          //!< histogram decay; 0 = none
    sim::SimTime memoryInterval = 24 * sim::kHour;    //!< --memory-aggregation-interval
    double minCpuCores = 0.025;                       //!< --pod-recommendation-min-cpu-millicores 25
    double minMemoryBytes = 262144000;                //!< --pod-recommendation-min-memory-mb 250
    bool confidenceScaling = true;                    //!< widen the bounds while the history is short
    double oomBumpUpRatio = 1.2;                      //!< --oom-bump-up-ratio
    double oomMinBumpUpBytes = 100.0 * 1024 * 1024;   //!< --oom-min-bump-up-bytes (100 MiB)
};

} // namespace orrery::autoscaling
