#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::policy {

//! How parameter values are spelled: YAML 1.2 core-schema scalars, shared by ParamSet's
//! getters and the schema validation so both accept exactly the same text.

//! "42", "-7", "+3". No hex, no separators, no fractions; nullopt on overflow.
std::optional<std::int64_t> parseParamInt(std::string_view text);
//! "0.5", "1e-3", ".5", "2"; finite values only.
std::optional<double> parseParamDouble(std::string_view text);
//! "true"/"True"/"TRUE" and "false"/"False"/"FALSE".
std::optional<bool> parseParamBool(std::string_view text);

//! Shortest text that reads back as `value` ("1", "0.25", "1e+20").
std::string formatParamNumber(double value);

} // namespace orrery::policy
