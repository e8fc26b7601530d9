#pragma once
#include "store/sample.h"

#include <cstddef>
#include <span>
#include <vector>

namespace orrery::store {

//! Packing of series samples into `series_chunks.data` blobs (docs/project-file.md): each
//! sample is 16 bytes, the int64 time in ns then the IEEE-754 binary64 value, both
//! little-endian whatever the host, so a file moves between machines and values stay bit-exact
//! (NaN payloads and -0.0 included).
class SampleCodec {
public:
    static constexpr std::size_t kBytesPerSample = 16;

    static void append(std::vector<std::byte>& blob, sim::SimTime time, double value);
    //! Appends the samples of `blob` to `out`. Precondition: blob.size() is a multiple of
    //! kBytesPerSample (callers check it against the chunk's sample_count first).
    static void decode(std::span<const std::byte> blob, std::vector<Sample>& out);
};

} // namespace orrery::store
