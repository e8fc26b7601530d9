#pragma once
#include "trace/trace.h"

#include <cstdint>
#include <optional>
#include <string>

namespace orrery::app {

//! The spans a run of the project at `path` recorded, as traces; nullopt with `error` set when the
//! file does not exist (it is not created), has no such run, or the run recorded no spans.
//! Throws store::StoreError when the file is not a readable project.
std::optional<trace::TraceSet> projectRunTraces(const std::string& path, std::uint64_t runId, std::string& error);

} // namespace orrery::app
