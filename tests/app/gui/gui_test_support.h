#pragma once
// Shared setup of the GUI tests: isolated settings and data directories, statically registered
// plugins, and projects holding recorded runs.
#include "policy/plugin_registry.h"
#include "store/ids.h"

#include <QString>

#include <string>

namespace orrery::testing {

//! Test-mode standard paths (QSettings and AppDataLocation under ~/.qttest) for an application
//! named after the test, with its settings cleared. Call from initTestCase().
void isolateSettings(const QString& testName);

//! A registry with every plugin of the build registered statically.
const policy::PluginRegistry& pluginRegistry();

//! The demo scenario stretched to 8000 simulated hours (about ten seconds of simulation), so
//! a test has time to watch, pause and cancel it.
std::string longScenarioText();

//! Simulates the demo scenario with `seed` into the project at `projectPath`, as `orrery demo`
//! would, and returns the recorded run's id.
store::RunId recordDemoRun(const QString& projectPath, std::uint64_t seed);

} // namespace orrery::testing
