#include "policy/param_schema.h"

#include "model/did_you_mean.h"
#include "model/units.h"
#include "policy/param_text.h"
#include "policy/plugin_error.h"

#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace orrery::policy {
namespace {

constexpr std::uint32_t kMaxParams = 256;

//! The inclusive bounds of a numeric parameter, either side possibly open.
struct Bounds {
    bool hasMin = false;
    bool hasMax = false;
    double min = 0.0;
    double max = 0.0;
};

Bounds boundsOf(const OrreryParamSpec& spec)
{
    Bounds bounds;
    if (spec.minValue == 0.0 && spec.maxValue == 0.0)
        return bounds;
    bounds.hasMin = std::isfinite(spec.minValue);
    bounds.hasMax = std::isfinite(spec.maxValue);
    bounds.min = spec.minValue;
    bounds.max = spec.maxValue;
    return bounds;
}

bool isNumeric(std::uint32_t type)
{
    return type == ORRERY_PARAM_INT || type == ORRERY_PARAM_DOUBLE || type == ORRERY_PARAM_DURATION;
}

std::string boundText(double value, std::uint32_t type)
{
    return formatParamNumber(value) + (type == ORRERY_PARAM_DURATION ? "s" : "");
}

//! "in [1, 64]", ">= 1", "<= 64" or "".
std::string rangeText(const OrreryParamSpec& spec)
{
    const Bounds bounds = boundsOf(spec);
    if (bounds.hasMin && bounds.hasMax)
        return "in [" + boundText(bounds.min, spec.type) + ", " + boundText(bounds.max, spec.type) + "]";
    if (bounds.hasMin)
        return ">= " + boundText(bounds.min, spec.type);
    if (bounds.hasMax)
        return "<= " + boundText(bounds.max, spec.type);
    return {};
}

bool inRange(const OrreryParamSpec& spec, double value)
{
    const Bounds bounds = boundsOf(spec);
    return (!bounds.hasMin || value >= bounds.min) && (!bounds.hasMax || value <= bounds.max);
}

std::vector<std::string> splitChoices(const char* choices)
{
    std::vector<std::string> out;
    if (choices == nullptr)
        return out;
    std::string current;
    for (const char* c = choices;; ++c) {
        if (*c == '|' || *c == '\0') {
            out.push_back(current);
            current.clear();
            if (*c == '\0')
                break;
        } else {
            current += *c;
        }
    }
    return out;
}

//! "expected an integer in [1, 64], got 0"; text that does not even parse is quoted.
std::string expectedNumber(const OrreryParamSpec& spec, const char* noun, std::string_view value, bool parsed)
{
    // Appended piece by piece: GCC 12's -Wrestrict misfires on "literal" + std::string&& at -O3.
    std::string out = "expected ";
    out += noun;
    if (const std::string range = rangeText(spec); !range.empty())
        out += ' ' + range;
    out += ", got ";
    if (parsed) {
        out += value;
    } else {
        out += '\'';
        out += value;
        out += '\'';
    }
    return out;
}

bool isIdentifier(std::string_view name)
{
    if (name.empty())
        return false;
    const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (!alpha(name.front()))
        return false;
    for (const char c : name) {
        if (!alpha(c) && !digit(c))
            return false;
    }
    return true;
}

std::string joined(const std::vector<std::string>& words, const char* separator)
{
    std::string out;
    for (const auto& word : words)
        out += (out.empty() ? "" : separator) + word;
    return out;
}

std::string canonicalValue(const OrreryParamSpec& spec, const std::string& value)
{
    if (spec.type == ORRERY_PARAM_BOOL) {
        if (const auto parsed = parseParamBool(value))
            return *parsed ? "true" : "false";
    }
    return value;
}

} // namespace

std::string paramTypeName(std::uint32_t type)
{
    switch (type) {
    case ORRERY_PARAM_INT:
        return "int";
    case ORRERY_PARAM_DOUBLE:
        return "double";
    case ORRERY_PARAM_BOOL:
        return "bool";
    case ORRERY_PARAM_STRING:
        return "string";
    case ORRERY_PARAM_ENUM:
        return "enum";
    case ORRERY_PARAM_DURATION:
        return "duration";
    default:
        return "unknown";
    }
}

std::string describeParamValues(const OrreryParamSpec& spec)
{
    if (spec.type == ORRERY_PARAM_ENUM)
        return std::string("one of: ") + (spec.choices != nullptr ? spec.choices : "");
    const std::string range = isNumeric(spec.type) ? rangeText(spec) : std::string();
    return paramTypeName(spec.type) + (range.empty() ? "" : " " + range);
}

std::string checkParamValue(const OrreryParamSpec& spec, std::string_view value)
{
    switch (spec.type) {
    case ORRERY_PARAM_INT: {
        const auto parsed = parseParamInt(value);
        if (!parsed || !inRange(spec, static_cast<double>(*parsed)))
            return expectedNumber(spec, "an integer", value, parsed.has_value());
        return {};
    }
    case ORRERY_PARAM_DOUBLE: {
        const auto parsed = parseParamDouble(value);
        if (!parsed || !inRange(spec, *parsed))
            return expectedNumber(spec, "a number", value, parsed.has_value());
        return {};
    }
    case ORRERY_PARAM_BOOL:
        if (!parseParamBool(value))
            return "expected true or false, got '" + std::string(value) + "'";
        return {};
    case ORRERY_PARAM_STRING:
        return {};
    case ORRERY_PARAM_ENUM: {
        const std::vector<std::string> choices = splitChoices(spec.choices);
        for (const auto& choice : choices) {
            if (choice == value)
                return {};
        }
        return "expected one of: " + joined(choices, "|") + ", got '" + std::string(value) + "'"
            + model::didYouMean(value, choices);
    }
    case ORRERY_PARAM_DURATION: {
        std::string error; // the scenario parser's own wording, so both read alike
        const auto parsed = model::parseDuration(value, &error);
        if (!parsed)
            return !error.empty() ? error
                                  : "expected a duration with a unit such as 250ms, 10s or 2h, got '"
                    + std::string(value) + "'";
        if (!inRange(spec, sim::toSeconds(*parsed)))
            return expectedNumber(spec, "a duration", value, true);
        return {};
    }
    default:
        return "parameter has unknown type " + std::to_string(spec.type);
    }
}

std::string schemaProblem(const OrreryPluginDescriptor& descriptor)
{
    if (descriptor.paramCount == 0)
        return {};
    if (descriptor.params == nullptr)
        return "declares " + std::to_string(descriptor.paramCount) + " parameters but no parameter table";
    if (descriptor.paramCount > kMaxParams)
        return "declares " + std::to_string(descriptor.paramCount) + " parameters (at most "
            + std::to_string(kMaxParams) + ")";
    std::set<std::string> seen;
    for (std::uint32_t i = 0; i < descriptor.paramCount; ++i) {
        const OrreryParamSpec& spec = descriptor.params[i];
        if (spec.name == nullptr || *spec.name == '\0')
            return "parameter #" + std::to_string(i + 1) + " has no name";
        const std::string name = spec.name;
        const std::string prefix = "parameter '" + name + "' ";
        if (!isIdentifier(name))
            return prefix + "does not have an identifier as its name (expected letters, digits and '_')";
        if (!seen.insert(name).second)
            return prefix + "is declared twice";
        if (spec.type > ORRERY_PARAM_DURATION)
            return prefix + "has unknown type " + std::to_string(spec.type);
        if (spec.type == ORRERY_PARAM_ENUM) {
            if (spec.choices == nullptr || *spec.choices == '\0')
                return prefix + "is an enum without choices";
            for (const auto& choice : splitChoices(spec.choices)) {
                if (choice.empty())
                    return prefix + "has an empty choice in '" + spec.choices + "'";
            }
        }
        if (isNumeric(spec.type)) {
            const bool badRange = std::isnan(spec.minValue) || std::isnan(spec.maxValue)
                || spec.minValue == HUGE_VAL || spec.maxValue == -HUGE_VAL || spec.minValue > spec.maxValue;
            if (badRange)
                return prefix + "has an invalid range [" + formatParamNumber(spec.minValue) + ", "
                    + formatParamNumber(spec.maxValue) + "]";
        }
        if (spec.defaultValue != nullptr) {
            const std::string problem = checkParamValue(spec, spec.defaultValue);
            if (!problem.empty())
                return prefix + "has an invalid default '" + spec.defaultValue + "': " + problem;
        }
    }
    return {};
}

model::Diagnostics validateParams(const OrreryPluginDescriptor& descriptor, const model::PolicyChoice& choice)
{
    std::vector<std::string> known;
    std::map<std::string, const OrreryParamSpec*> specs;
    for (std::uint32_t i = 0; i < descriptor.paramCount && descriptor.params != nullptr; ++i) {
        known.emplace_back(descriptor.params[i].name);
        specs.emplace(descriptor.params[i].name, &descriptor.params[i]);
    }
    const std::string pluginId = descriptor.id != nullptr ? descriptor.id : "";
    const std::string base = choice.fieldPath.empty() ? std::string("params") : choice.fieldPath + ".params";

    model::Diagnostics diagnostics;
    std::map<std::string, const model::SourceLocation*> given;
    for (const auto& param : choice.params) {
        const std::string fieldPath = base + '.' + param.name;
        const auto report = [&](std::string message) {
            diagnostics.push_back({param.location, fieldPath, std::move(message)});
        };
        const auto spec = specs.find(param.name);
        if (spec == specs.end()) {
            if (known.empty())
                report("unknown parameter '" + param.name + "': plugin '" + pluginId + "' takes no parameters");
            else
                report("unknown parameter '" + param.name + "' for plugin '" + pluginId + "'"
                       + model::didYouMean(param.name, known) + "; known parameters: " + joined(known, ", "));
            continue;
        }
        const auto [previous, inserted] = given.emplace(param.name, &param.location);
        if (!inserted) {
            const int line = previous->second->line;
            report("parameter '" + param.name + "' is given more than once"
                   + (line > 0 ? " (first at line " + std::to_string(line) + ")" : std::string()));
            continue;
        }
        std::string problem = checkParamValue(*spec->second, param.value);
        if (!problem.empty())
            report(std::move(problem));
    }
    return diagnostics;
}

ParamSet resolveParams(const OrreryPluginDescriptor& descriptor, const model::PolicyChoice& choice)
{
    const model::Diagnostics diagnostics = validateParams(descriptor, choice);
    if (!diagnostics.empty()) {
        std::string text = model::formatAll(diagnostics);
        if (!text.empty() && text.back() == '\n')
            text.pop_back();
        throw PluginError(text);
    }
    ParamSet params;
    std::map<std::string, const OrreryParamSpec*> specs;
    for (std::uint32_t i = 0; i < descriptor.paramCount && descriptor.params != nullptr; ++i) {
        const OrreryParamSpec& spec = descriptor.params[i];
        specs.emplace(spec.name, &spec);
        if (spec.defaultValue != nullptr)
            params.set(spec.name, canonicalValue(spec, spec.defaultValue));
    }
    for (const auto& param : choice.params)
        params.set(param.name, canonicalValue(*specs.at(param.name), param.value));
    return params;
}

} // namespace orrery::policy
