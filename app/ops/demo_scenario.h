#pragma once
#include <string_view>

namespace orrery::app {

//! resources/scenarios/demo.yaml, compiled into the binary so `orrery demo` runs from anywhere.
std::string_view demoScenarioText();

} // namespace orrery::app
