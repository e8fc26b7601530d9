#pragma once
#include "model/scenario.h"

#include <stdexcept>
#include <string>

namespace orrery::python {

//! A loaded scenario as Python holds it (orrery.Scenario).
struct ScenarioHandle {
    model::Scenario scenario;
};

//! A scenario file that does not load: the message lists every diagnostic (file:line:column: field: what).
struct ScenarioError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
//! A run or environment that cannot be set up (an unknown plugin, a workload without control).
struct SimulationError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

//! Throws ScenarioError.
ScenarioHandle loadScenarioHandle(const std::string& path);

} // namespace orrery::python
