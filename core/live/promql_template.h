#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace orrery::live {

//! Fills a PromQL template: every `$name` whose name is a key of `values` becomes its value
//! (longest name first, so `$window` is not read as `$win`); other `$` text is left alone.
std::string expandPromql(const std::string& text, const std::map<std::string, std::string>& values);

//! A duration in nanoseconds as a PromQL range: whole seconds ("30s"), or milliseconds ("1500ms").
std::string promqlRange(std::int64_t nanoseconds);

} // namespace orrery::live
