#pragma once
// A plugin's parameter schema (its OrreryParamSpec table) checked two ways: the schema itself
// when a plugin is registered (a malformed one is a plugin bug), and a scenario's or
// experiment's parameters against it (user input, reported like the scenario parser does:
// file:line:column, field path, what was expected).
//
// Conventions for OrreryParamSpec (also documented in policy/plugin_export.h):
//  - minValue/maxValue are inclusive bounds for INT, DOUBLE and DURATION (seconds); an open side
//    is ±HUGE_VAL; min == max == 0 means "no range".
//  - defaultValue is written as in YAML; nullptr declares an optional parameter without a
//    default, absent from the resolved ParamSet unless given.
//  - Values: INT "42"; DOUBLE "0.5", "1e-3"; BOOL true/false (also True/TRUE/False/FALSE);
//    STRING anything; ENUM one of the '|'-separated choices (case-sensitive); DURATION with a
//    unit, "250ms" (model::parseDuration).
#include "model/diagnostic.h"
#include "model/policy_choice.h"
#include "policy/param_set.h"
#include "policy/plugin_descriptor.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace orrery::policy {

//! "int", "double", "bool", "string", "enum", "duration" (or "unknown").
std::string paramTypeName(std::uint32_t type);

//! The accepted values in words, for listings: "int in [1, 64]", "one of: index|reverse",
//! "duration >= 0.001s", "bool".
std::string describeParamValues(const OrreryParamSpec& spec);

//! What is wrong with `value` for `spec` ("expected an integer in [1, 64], got 0"), or "" when
//! it is acceptable.
std::string checkParamValue(const OrreryParamSpec& spec, std::string_view value);

//! What is wrong with the descriptor's parameter table (missing names, duplicates, unknown
//! types, enums without choices, bad ranges, defaults that fail their own type or range), or ""
//! when it is well-formed.
std::string schemaProblem(const OrreryPluginDescriptor& descriptor);

//! Checks `choice.params` against the plugin's schema: unknown names (with "did you mean" and
//! the known names), names given twice, values of the wrong type or out of range. Each problem
//! is reported at the parameter's location with field path `<choice.fieldPath>.params.<name>`.
//! Does not check `choice.plugin` (PluginRegistry::validate does).
model::Diagnostics validateParams(const OrreryPluginDescriptor& descriptor, const model::PolicyChoice& choice);

//! The validated parameters with defaults filled in (booleans spelled "true"/"false").
//! Throws PluginError carrying the formatted diagnostics if validateParams finds problems.
ParamSet resolveParams(const OrreryPluginDescriptor& descriptor, const model::PolicyChoice& choice);

} // namespace orrery::policy
