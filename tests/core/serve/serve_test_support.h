#pragma once
// The steady Social Network scenario every orrery_serve test serves.
#include "model/diagnostic.h"
#include "model/scenario.h"
#include "scenario/scenario_loader.h"

#include <QtGlobal>

namespace orrery::testing {

inline model::Scenario socialNetworkScenario()
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    const auto result = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml", options);
    if (!result.ok())
        qFatal("%s", model::formatAll(result.diagnostics).c_str());
    return *result.scenario;
}

} // namespace orrery::testing
