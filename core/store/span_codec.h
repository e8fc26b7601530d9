#pragma once
#include "trace/trace.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::store {

//! Packing of a batch of traces into a `run_traces.data` blob (docs/project-file.md): a version
//! byte, then per trace its id and per span LEB128 varints — span ids and start times as
//! zig-zag deltas, parents as indices within the trace, names as the run's name ids — about
//! 10 bytes a simulated span. Little-endian whatever the host.
class SpanCodec {
public:
    static constexpr std::uint8_t kVersion = 1;

    //! Replaces `blob` with the encoding of `traces`.
    static void encode(std::span<const trace::Trace> traces, std::vector<std::byte>& blob);
    //! Appends the traces of `blob` to `out`. Throws std::invalid_argument when the blob is
    //! truncated, of an unknown version, or refers to a name id ≥ `nameCount`.
    static void decode(std::span<const std::byte> blob, std::size_t nameCount, std::vector<trace::Trace>& out);
};

} // namespace orrery::store
