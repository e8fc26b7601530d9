#pragma once
#include "model/compute_kind.h"
#include "model/resources.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::policy {

//! One observed execution of a placed unit: what it was, where it ran, how long it took.
//! Simulations (and later live clusters) produce them; trainable placement policies learn from them.
struct PlacementSample {
    std::string service;
    std::string dependsOn;
    model::Resources request;  //!< as declared
    std::int64_t diskBytes = 0;
    model::ComputeKind compute = model::ComputeKind::Cpu; //!< what executed it
    std::string deviceModel;   //!< model of that accelerator ("" on CPU)
    double latencySeconds = 0.0;
    //! Contention on its node when it was placed (ClusterView::pressure): CPU and memory-bandwidth
    //! utilization, 0 where the simulation models no contention.
    double nodeCpuUtilization = 0.0;
    double nodeMemoryBandwidthUtilization = 0.0;
};

//! What a trainable placement plugin learns from.
struct PlacementTrainingSet {
    std::vector<PlacementSample> samples;
    std::uint64_t seed = 0; //!< for any randomness in training (splits, sampling)
};

//! What training returns: the model as opaque bytes (stored in the project and handed back to
//! the factory in PolicyContext::model), figures of merit, and a human-readable report.
struct TrainingResult {
    std::vector<std::uint8_t> model;
    std::vector<std::pair<std::string, double>> metrics; //!< e.g. {"heldout_accuracy", 0.94}
    std::string report;
    std::string error; //!< non-empty when training failed
};

} // namespace orrery::policy
