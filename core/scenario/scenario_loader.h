#pragma once
#include "scenario/diagnostic_limit.h"
#include "scenario/load_result.h"
#include "scenario/scenario_load_options.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace orrery::scenario {

//! Scenario files larger than this are refused before parsing (a real one is a few kilobytes).
inline constexpr std::size_t kMaxScenarioFileBytes = 16 * 1024 * 1024;

//! Reads and parses a scenario file. A file that cannot be found or read is a diagnostic too.
//! Never throws; reads the file (and the service graphs it refers to) and writes nothing.
//! docs/scenario-format.md describes the format. `options` says where referenced resources are
//! found; the overload without it uses ScenarioLoadOptions::defaults().
LoadResult loadScenarioFile(const std::string& path, const ScenarioLoadOptions& options);
LoadResult loadScenarioFile(const std::string& path);

//! Parses scenario text; `fileNameForMessages` names the text in diagnostics and becomes
//! Scenario::sourceFile (relative references resolve against its directory unless
//! options.baseDirectory is set). Never throws.
LoadResult parseScenario(std::string_view text, const std::string& fileNameForMessages, const ScenarioLoadOptions& options);
LoadResult parseScenario(std::string_view text, const std::string& fileNameForMessages);

} // namespace orrery::scenario
