#pragma once
#include "model/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::experiment {

//! The scenario parameter a sweep varies (docs/experiment-format.md, "Sweeps").
enum class SweepParameter {
    Jobs,        //!< every workload's job count (BatchJobs maxJobs, a kind's KindSpec::setJobCount), set to the value
    Nodes,       //!< every pool's node count, multiplied by the value (a factor)
    ArrivalRate, //!< every workload's arrival rate, multiplied by the value (a factor)
};

//! "jobs", "nodes", "arrivalRate": the names the experiment file uses.
std::string_view toString(SweepParameter parameter);
std::optional<SweepParameter> sweepParameterFromString(std::string_view text);
//! Every parameter name, for messages.
std::vector<std::string> sweepParameterNames();

//! One value of a sweep, as written and as a number.
struct SweepPoint {
    double value = 0.0;
    std::string text; //!< as written, for tables and the project ("100", "0.5")
    model::SourceLocation location;
};

//! `spec.sweep`: one scenario parameter and the values it takes, in file order.
struct SweepSpec {
    SweepParameter parameter = SweepParameter::Jobs;
    std::vector<SweepPoint> points;
    model::SourceLocation location;
};

} // namespace orrery::experiment
