#pragma once
#include "experiment/experiment.h"
#include "model/diagnostic.h"

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::experiment {

//! Checks the policy choices the experiment's runs will use against the loaded plugins: each
//! arm's choices (located in the experiment file) and the scenario's own choices at decision
//! points some arm leaves to it (located in the scenario file): the plugin exists, provides the
//! decision point, and its parameters pass the plugin's schema. The experiment's counterpart of
//! `orrery run`'s scenario check; empty when everything can run.
model::Diagnostics checkExperimentPolicies(const Experiment& experiment, const policy::PluginRegistry& registry);

} // namespace orrery::experiment
