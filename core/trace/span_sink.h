#pragma once
#include "trace/name_table.h"
#include "trace/trace.h"

#include <span>

namespace orrery::trace {

//! Receiver of the traces a run produces (the project store implements it; tests collect in
//! memory). Calls come from the simulation thread, in completion order, in batches.
class SpanSink {
public:
    virtual ~SpanSink() = default;
    //! Traces completed since the last call. `names` resolves their NameIds; during one run it
    //! is the same table each time and only grows, so a sink may persist just the new tail.
    virtual void recordTraces(std::span<const Trace> traces, const NameTable& names) = 0;
};

} // namespace orrery::trace
