#pragma once
#include "model/diagnostic.h"
#include "scenario/line_index.h"

#include <optional>
#include <string>
#include <string_view>

namespace orrery::scenario {

//! Checks that `text` is UTF-8 that YAML may contain before it is handed to yaml-cpp: no NUL
//! bytes, no control characters other than tab, line feed and carriage return, no invalid or
//! overlong UTF-8, no UTF-16. Returns a diagnostic at the first bad byte, or nothing.
std::optional<model::Diagnostic> checkText(std::string_view text, const std::string& fileName, const LineIndex& lines);

} // namespace orrery::scenario
