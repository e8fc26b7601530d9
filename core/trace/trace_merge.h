#pragma once
#include "trace/trace.h"

namespace orrery::trace {

//! Moves the traces of `from` to the end of `into`, re-interning their names in `into`'s table
//! (reading several files into one analysis).
void appendTraces(TraceSet& into, TraceSet&& from);

} // namespace orrery::trace
