#pragma once
#include "store/ids.h"

#include <utility>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::app {

//! A stored series' samples as chart points: (simulated seconds, value), in time order.
[[nodiscard]] std::vector<std::pair<double, double>> storedSeriesPoints(const store::Project& project, store::StoredSeriesId id);

} // namespace orrery::app
