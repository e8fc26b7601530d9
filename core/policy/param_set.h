#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace orrery::policy {

//! A plugin's parameters after validation against its schema: every declared parameter with a
//! default is present (defaults filled in), optional ones without a default only when written
//! (check contains()), and each parses as its declared type.
class ParamSet {
public:
    void set(std::string name, std::string value) { m_values[std::move(name)] = std::move(value); }

    [[nodiscard]] bool contains(std::string_view name) const { return m_values.find(std::string(name)) != m_values.end(); }
    //! Typed getters; throw std::out_of_range for an undeclared name (a plugin bug, not user input).
    [[nodiscard]] std::int64_t getInt(std::string_view name) const;
    [[nodiscard]] double getDouble(std::string_view name) const;
    [[nodiscard]] bool getBool(std::string_view name) const;
    [[nodiscard]] const std::string& getString(std::string_view name) const;
    [[nodiscard]] sim::SimTime getDuration(std::string_view name) const;

    //! Canonical "{a=1, b=x}" text, sorted by name; recorded with each run.
    [[nodiscard]] std::string toString() const;
    [[nodiscard]] const std::map<std::string, std::string>& values() const { return m_values; }

private:
    std::map<std::string, std::string> m_values;
};

} // namespace orrery::policy
