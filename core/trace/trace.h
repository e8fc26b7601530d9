#pragma once
#include "trace/name_table.h"
#include "trace/span.h"

#include <vector>

namespace orrery::trace {

//! One request's spans. Order is not significant (imports keep the file's order, the simulator
//! appends as spans finish); analysis indexes by SpanId. `requestType` names the kind of request
//! (the root operation for imports, the scenario's request type for simulated traces).
struct Trace {
    TraceId id;
    NameId requestType = 0;
    std::vector<Span> spans;
};

//! Traces with the name table their NameIds refer to: what an import produces, what analysis
//! and the views consume.
struct TraceSet {
    NameTable names;
    std::vector<Trace> traces;

    [[nodiscard]] std::size_t spanCount() const
    {
        std::size_t count = 0;
        for (const auto& trace : traces)
            count += trace.spans.size();
        return count;
    }
};

} // namespace orrery::trace
