#pragma once
#include <string_view>
#include "env/policy_models.h"
#include "env/run_result.h"
#include "model/scenario.h"
#include "policy/placement_sample.h"
#include "sim/engine.h"
#include "sim/run_control.h"
#include "sim/run_recorder.h"

#include <functional>
#include <memory>
#include <stdexcept>

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::trace {
class SpanSink;
}

namespace orrery::env {

//! The annotation a run records for each of its workloads at time 0, target "<kind>/<name>"
//! ("model-serving/llm", "Microservices/social-network"): what the run is made of.
inline constexpr std::string_view kRunWorkloadAnnotation = "run.workload";
//! Annotations whose kind starts with this describe what the run is made of (run.workload, a
//! kind's run.serving.model, …), not something that happened: event lists leave them out.
inline constexpr std::string_view kRunStructureAnnotationPrefix = "run.";

//! Thrown when a scenario cannot be simulated as configured (unknown plugin, invalid parameters).
class SimulationSetupError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

//! One deterministic run of a scenario: builds the cluster, the workloads' drivers and the
//! policies from the registry, runs the event loop to the horizon and records everything.
//!
//! The same scenario and seed give byte-identical records (unless the scenario charges measured
//! decision cost). Random streams: each workload's generator owns its arrival and work streams
//! (common random numbers across policies); each policy has its own.
class Simulation {
public:
    //! Resolves policies now so configuration errors surface before a run is recorded. `models`
    //! supplies trained parameters to trainable plugins, by plugin id.
    Simulation(const model::Scenario& scenario, const policy::PluginRegistry& registry,
               const PolicyModels& models = {});
    ~Simulation();
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    //! Receives every completed task's execution (what, where, how long): training data for
    //! trainable placement policies. Set before run().
    void setPlacementSampleSink(std::function<void(const policy::PlacementSample&)> sink);
    //! Receives the spans of Microservices workloads (in batches; not owned; nullptr = none).
    //! Set before run().
    void setSpanSink(trace::SpanSink* sink);

    //! Runs to the horizon (or until `control` cancels). Call once. Never throws for run-time failures: a
    //! policy error ends the run as Failed, with the message recorded.
    RunResult run(sim::RunRecorder& recorder, sim::RunControl* control = nullptr,
                  const sim::ProgressCallback& progress = {});

    //! The policy choices as recorded with the run: decision point → "plugin {params}".
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> policyDescriptions() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::env
