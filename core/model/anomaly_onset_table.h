#pragma once
#include "model/anomaly_spec.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace orrery::model {

//! Where each anomaly starts to matter for each service (seed 001 §3.3.2): the intensity at which
//! injecting it into the service first triggers SLO violations (`start`), and the one at which
//! more than 80 % of the requests fail or the injector has taken the whole resource (`end`, 1 when
//! never). Found by kinds::microservices::sweepAnomalyOnsets, stored as a file (`kind: AnomalyOnsets`,
//! docs/scenario-format.md) and read by random campaigns with `intensity: {from: onset, ...}`.
struct AnomalyOnset {
    double start = 1.0;
    double end = 1.0;
    bool harmful = false; //!< false: no violations even at intensity 1 (start = end = 1)
};

struct AnomalyOnsetTable {
    std::string scenario;          //!< the scenario the sweep ran on (its metadata.name)
    std::uint64_t seed = 0;
    sim::SimTime window = 0;       //!< how long each probe injected
    double violationIncrease = 0;  //!< the criterion: failed share above the unharmed run's
    std::map<std::pair<AnomalyKind, std::string>, AnomalyOnset> onsets; //!< by (kind, service)

    [[nodiscard]] std::optional<AnomalyOnset> find(AnomalyKind kind, const std::string& service) const
    {
        const auto it = onsets.find({kind, service});
        return it == onsets.end() ? std::nullopt : std::optional<AnomalyOnset>(it->second);
    }
};

} // namespace orrery::model
