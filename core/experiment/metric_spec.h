#pragma once
#include "model/diagnostic.h"

#include <string>

namespace orrery::experiment {

//! A run metric an experiment compares (`spec.metrics[i]`), e.g. "job.completion_time.mean".
struct MetricSpec {
    std::string name;
    model::SourceLocation location;
};

} // namespace orrery::experiment
