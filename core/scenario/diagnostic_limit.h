#pragma once
#include "model/diagnostic.h"

#include <cstddef>

namespace orrery::scenario {

//! At most this many diagnostics are reported for one file; the rest are counted.
inline constexpr std::size_t kMaxDiagnostics = 100;

//! Keeps the first kMaxDiagnostics diagnostics and replaces the rest by one that counts them
//! ("N more problems not shown; fix the ones above first"), as every file loader reports.
void limitDiagnostics(model::Diagnostics& diagnostics);

} // namespace orrery::scenario
