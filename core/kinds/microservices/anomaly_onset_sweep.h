#pragma once
#include "model/anomaly_onset_table.h"
#include "model/scenario.h"
#include "policy/plugin_registry.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace orrery::kinds::microservices {

//! How sweepAnomalyOnsets probes (docs/model.md, "Anomalies from the onset of harm").
struct AnomalyOnsetSweepOptions {
    sim::SimTime window = 10 * sim::kSecond; //!< each probe injects for this long, from t = 0
    //! Harm starts where the failed share (requests not completed within their SLO: violations,
    //! drops and requests still in flight at the end) exceeds the unharmed run's by this much.
    double violationIncrease = 0.05;
    double failedForEnd = 0.8;  //!< seed 001 §3.3.2's end-point: "over 80% of user requests" fail
    int bisections = 7;         //!< intensity found to within 2^-7
    std::vector<model::AnomalyKind> kinds;  //!< empty: every kind but workload-variation
    std::vector<std::string> services;      //!< empty: every service of the first Microservices workload
    model::AnomalyScope scope = model::AnomalyScope::Node;
    //! Called after each (kind, service) pair with pairs done, pairs in all and the pair's name;
    //! returning false cancels (the table holds the pairs done).
    std::function<bool(std::size_t, std::size_t, const std::string&)> progress;
};

//! Seed 001 §3.3.2's start- and end-points for every (anomaly kind, service) of the scenario's
//! first Microservices workload: one injection of the kind into the service (all its instances)
//! at a probed intensity for the window, bisected between 0 and 1 on the failed share of
//! requests. The scenario's own anomalies and control policy are left out of the probes; its
//! seed is kept, so every probe sees the same requests. Throws std::invalid_argument when the
//! scenario has no Microservices workload or names an unknown service.
model::AnomalyOnsetTable sweepAnomalyOnsets(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                                            const AnomalyOnsetSweepOptions& options = {});

//! The failed share of one probe: `kind` at `intensity` on `service` for the window (intensity 0:
//! the unharmed run). Exposed for tests and reports.
double probeFailedShare(const model::Scenario& scenario, const policy::PluginRegistry& registry, model::AnomalyKind kind,
                        const std::string& service, double intensity, const AnomalyOnsetSweepOptions& options);

} // namespace orrery::kinds::microservices
