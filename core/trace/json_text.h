#pragma once
#include <string>
#include <string_view>

namespace orrery::trace {

//! Appends `text` to `out` as a JSON string literal (quoted, escaped).
void appendJsonString(std::string& out, std::string_view text);

} // namespace orrery::trace
