#pragma once
#include "appgen/application.h"
#include "appgen/segment_catalog.h"
#include "sim/sim_time.h"

#include <string>

namespace orrery::appgen {

//! How generated scenarios are set up around an application (docs/workload-generator.md).
struct ScenarioSettings {
    sim::SimTime horizon = 60 * sim::kSecond;
    sim::SimTime samplePeriod = 5 * sim::kSecond;
    sim::SimTime networkLatency = 100 * sim::kMicrosecond; //!< one way, per call between services
    //! SLO = sloMultiple × unloaded latency: p99/median of one log-normal(σ 0.3) call is
    //! e^(2.326·0.3) = 2.01, plus seed 001 §4.4's 15 % relaxation.
    double sloMultiple = 2.3;
};

//! Writes an Application as a ServiceGraph file and a `kind: Microservices` scenario using it;
//! both are pure functions of the application, the catalog and the settings.
class ApplicationWriter {
public:
    ApplicationWriter(const SegmentCatalog& catalog, ScenarioSettings settings = {});

    //! The ServiceGraph text: one service per segment occurrence, the tree as calls, request
    //! types "full" (every service, children called in turn) and "path" when the app has one.
    [[nodiscard]] std::string graphYaml(const Application& app) const;
    //! The scenario text; `graphReference` is what its `graph:` field says (a path relative to
    //! the scenario file, such as ../graphs/app-0000.yaml).
    [[nodiscard]] std::string scenarioYaml(const Application& app, const std::string& graphReference) const;

    //! Median latency of a request type with no queueing: the work of the services it visits
    //! plus the network latency there and back of every call between services.
    [[nodiscard]] sim::SimTime unloadedLatency(const Application& app, bool pathType) const;
    //! The SLO of a request type (sloMultiple × unloadedLatency, rounded up to 1 µs).
    [[nodiscard]] sim::SimTime slo(const Application& app, bool pathType) const;

    [[nodiscard]] const ScenarioSettings& settings() const { return m_settings; }

private:
    const SegmentCatalog& m_catalog;
    ScenarioSettings m_settings;
};

} // namespace orrery::appgen
