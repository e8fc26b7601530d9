#include "policy/param_set.h"

#include "model/units.h"
#include "policy/param_text.h"

#include <stdexcept>

namespace orrery::policy {
namespace {

const std::string& lookup(const std::map<std::string, std::string>& values, std::string_view name)
{
    const auto it = values.find(std::string(name));
    if (it == values.end())
        throw std::out_of_range("ParamSet: no parameter '" + std::string(name) + "'");
    return it->second;
}

[[noreturn]] void throwNotA(std::string_view name, const std::string& value, const char* what)
{
    throw std::invalid_argument("ParamSet: parameter '" + std::string(name) + "' = '" + value + "' is not "
                                + what);
}

} // namespace

std::int64_t ParamSet::getInt(std::string_view name) const
{
    const std::string& value = lookup(m_values, name);
    if (const auto parsed = parseParamInt(value))
        return *parsed;
    throwNotA(name, value, "an integer");
}

double ParamSet::getDouble(std::string_view name) const
{
    const std::string& value = lookup(m_values, name);
    if (const auto parsed = parseParamDouble(value))
        return *parsed;
    throwNotA(name, value, "a number");
}

bool ParamSet::getBool(std::string_view name) const
{
    const std::string& value = lookup(m_values, name);
    if (const auto parsed = parseParamBool(value))
        return *parsed;
    throwNotA(name, value, "true or false");
}

const std::string& ParamSet::getString(std::string_view name) const
{
    return lookup(m_values, name);
}

sim::SimTime ParamSet::getDuration(std::string_view name) const
{
    const std::string& value = lookup(m_values, name);
    if (const auto parsed = model::parseDuration(value))
        return *parsed;
    throwNotA(name, value, "a duration");
}

std::string ParamSet::toString() const
{
    std::string out = "{";
    bool first = true;
    for (const auto& [name, value] : m_values) {
        if (!first)
            out += ", ";
        first = false;
        out += name + '=' + value;
    }
    return out + '}';
}

} // namespace orrery::policy
