#include "experiment/sweep_spec.h"

#include <array>
#include <utility>

namespace orrery::experiment {
namespace {

constexpr std::array<std::pair<SweepParameter, std::string_view>, 3> kNames{{
    {SweepParameter::Jobs, "jobs"},
    {SweepParameter::Nodes, "nodes"},
    {SweepParameter::ArrivalRate, "arrivalRate"},
}};

} // namespace

std::string_view toString(SweepParameter parameter)
{
    for (const auto& [value, name] : kNames) {
        if (value == parameter)
            return name;
    }
    return "?";
}

std::optional<SweepParameter> sweepParameterFromString(std::string_view text)
{
    for (const auto& [value, name] : kNames) {
        if (name == text)
            return value;
    }
    return std::nullopt;
}

std::vector<std::string> sweepParameterNames()
{
    std::vector<std::string> names;
    for (const auto& entry : kNames)
        names.emplace_back(entry.second);
    return names;
}

} // namespace orrery::experiment
