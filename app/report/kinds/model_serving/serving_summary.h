#pragma once
#include "store/ids.h"
#include "store/project.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! One device of a model-serving run as the fleet views see it (issue 17): its GPU model and its
//! pool's price per hour (as the run recorded them, `run.serving.device`) and its `serving.<device>.replicas`
//! samples (replicas holding its memory, every control period).
struct ServingFleetDevice {
    std::string name;
    std::string gpuType;
    double pricePerHour = 0;
    std::vector<std::pair<double, double>> replicas; //!< (simulated s, replicas), x ascending
};

//! The fleet of a model-serving run: its devices in the cluster's node order and their GPU types.
struct ServingFleet {
    bool isServing = false;
    bool autoscaling = false;
    std::vector<ServingFleetDevice> devices; //!< those with a replicas series (deviceSeries: on)
    std::vector<std::string> gpuTypes;       //!< distinct, in order of first device
    //! The fleet views apply: more than one GPU type, or replicas that come and go.
    [[nodiscard]] bool heterogeneousOrAutoscaled() const { return autoscaling || gpuTypes.size() > 1; }
};

//! Reads the fleet of run `runId` from what the run recorded (`run.serving.*` annotations: GPU
//! models, prices, autoscaling) and each device's replica series; no scenario is parsed. Empty
//! when the run served no models, or was stored by a build that did not record its fleet.
ServingFleet servingFleet(const store::Project& project, store::RunId runId);

//! The cumulative cost (USD) of each GPU type of `fleet` (same order as gpuTypes) at every
//! replica sample time: a device holding a replica at a sample is paid its pool's price for the
//! control period ending there, as the run's `serving.cost` counts it, so the types' sum at the
//! last sample is the run's cost.
std::vector<std::vector<std::pair<double, double>>> servingCostByGpuType(const ServingFleet& fleet);

//! 1 − `serving.slo_attainment` per control period (the share of requests finished in the
//! period that missed their SLO or were dropped); empty when the run has no such series.
std::vector<std::pair<double, double>> servingSloViolations(const store::Project& project, store::RunId runId);

//! The "Model serving" section of a run summary (issue 16): the devices' power over the run
//! (total and per device) and each device's p99 latency ÷ SLO per control period, as inline SVG
//! line charts, from the `serving.*` series; for a fleet of several GPU types or with
//! autoscaling (issue 17) the cost over time by GPU type (stacked); and the SLO violations per
//! control period. Empty when the run served no models. At most `maxDevices` devices get a line.
std::string servingSummaryHtml(const store::Project& project, store::RunId runId, std::size_t maxDevices = 8);

} // namespace orrery::app
