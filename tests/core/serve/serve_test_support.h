#pragma once
// The steady Social Network scenario every orrery_serve test serves, and a watch stream's lines.
#include "kinds/microservices/microservices_kind.h"
#include "model/diagnostic.h"
#include "model/scenario.h"
#include "scenario/scenario_loader.h"

#include <nlohmann/json.hpp>

#include <QtGlobal>

#include <sstream>
#include <string>
#include <vector>

namespace orrery::testing {

inline model::Scenario socialNetworkScenario()
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    kinds::microservices::registerMicroservicesKind();
    const auto result = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml", options);
    if (!result.ok())
        qFatal("%s", model::formatAll(result.diagnostics).c_str());
    return *result.scenario;
}

//! The JSON objects of a watch stream's body, one per non-empty line.
inline std::vector<nlohmann::json> watchLines(const std::string& text)
{
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty())
            out.push_back(nlohmann::json::parse(line));
    return out;
}

} // namespace orrery::testing
