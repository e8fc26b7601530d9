#pragma once
#include "store/project.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::app {

//! The newest stored model of `plugin` trained on `scenarioName` with `seed` (a checkpoint or a
//! final model) that `accept` takes (all of them when it is empty).
std::optional<store::ModelSummary> newestModelOf(const store::Project& project, const std::string& plugin,
                                                 const std::string& scenarioName, std::uint64_t seed,
                                                 const std::function<bool(const store::ModelSummary&)>& accept = {});

//! A model's metric by name, if it has one.
std::optional<double> modelMetric(const store::ModelSummary& model, std::string_view name);

} // namespace orrery::app
