#pragma once
#include "scenario/load_result.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace orrery::scenario {

//! Scenario files larger than this are refused before parsing (a real one is a few kilobytes).
inline constexpr std::size_t kMaxScenarioFileBytes = 16 * 1024 * 1024;

//! At most this many diagnostics are returned, plus one saying how many more there were.
inline constexpr std::size_t kMaxDiagnostics = 100;

//! Reads and parses a scenario file. A file that cannot be found or read is a diagnostic too.
//! Never throws; reads the file and writes nothing. docs/scenario-format.md describes the format.
LoadResult loadScenarioFile(const std::string& path);

//! Parses scenario text; `fileNameForMessages` names the text in diagnostics and becomes
//! Scenario::sourceFile. Never throws.
LoadResult parseScenario(std::string_view text, const std::string& fileNameForMessages);

} // namespace orrery::scenario
