#pragma once
#include "model/diagnostic.h"
#include "model/scenario.h"

#include <optional>

namespace orrery::scenario {

//! What loading a scenario gives: the scenario when the file is valid, and every problem found
//! (in file order). `scenario` is set exactly when `diagnostics` is empty.
struct LoadResult {
    std::optional<model::Scenario> scenario;
    model::Diagnostics diagnostics;

    [[nodiscard]] bool ok() const { return scenario.has_value(); }
};

} // namespace orrery::scenario
