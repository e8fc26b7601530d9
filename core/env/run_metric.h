#pragma once
#include <string>
#include <vector>

namespace orrery::env {

//! One scalar result of a run, in the order it was recorded.
struct RunMetric {
    std::string name;
    double value = 0.0;
    std::string unit;
};

using RunMetrics = std::vector<RunMetric>;

} // namespace orrery::env
