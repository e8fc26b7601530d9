#pragma once
#include "store/ids.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::store {

//! Figures of merit of a trained model, e.g. {"heldout_accuracy", 0.94}. Stored as canonical
//! JSON, so they read back sorted by name.
using ModelMetrics = std::vector<std::pair<std::string, double>>;

//! A trained policy model as the project keeps it (table `models`, docs/project-file.md): the
//! plugin's opaque bytes plus where they came from and how good they are.
struct StoredModel {
    ModelId id = 0;           //!< assigned by Project::saveModel
    std::string plugin;       //!< plugin id that trained it and reads it, e.g. "octopus"
    std::string createdAt;    //!< ISO-8601 UTC; assigned by Project::saveModel
    std::string scenarioName; //!< scenario whose simulated traces it was trained on
    std::uint64_t seed = 0;   //!< seed of that run (and of the training split)
    std::int64_t sampleCount = 0;
    std::vector<std::uint8_t> bytes;
    ModelMetrics metrics;
    std::string report;       //!< the plugin's human-readable training report
};

//! One row of the model list: a StoredModel without its bytes and report.
struct ModelSummary {
    ModelId id = 0;
    std::string plugin;
    std::string createdAt;
    std::string scenarioName;
    std::uint64_t seed = 0;
    std::int64_t sampleCount = 0;
    std::int64_t byteCount = 0;
    ModelMetrics metrics;
};

//! A stored model a run's policy used (table `run_models`): model_id is empty when no stored
//! model had exactly those bytes (models passed in from elsewhere) or that model was deleted.
struct RunModel {
    std::string plugin;
    std::optional<ModelId> modelId;
    std::string sha256; //!< of the bytes the policy was given
};

} // namespace orrery::store
