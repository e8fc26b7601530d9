#include "store/sample_codec.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace orrery::store {
namespace {

void putLittleEndian(std::byte* out, std::uint64_t bits)
{
    for (int i = 0; i < 8; ++i)
        out[i] = static_cast<std::byte>(bits >> (8 * i));
}

std::uint64_t getLittleEndian(const std::byte* in)
{
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i)
        bits |= std::uint64_t{std::to_integer<std::uint8_t>(in[i])} << (8 * i);
    return bits;
}

} // namespace

void SampleCodec::append(std::vector<std::byte>& blob, sim::SimTime time, double value)
{
    const std::size_t at = blob.size();
    blob.resize(at + kBytesPerSample);
    putLittleEndian(blob.data() + at, static_cast<std::uint64_t>(time));
    putLittleEndian(blob.data() + at + 8, std::bit_cast<std::uint64_t>(value));
}

void SampleCodec::decode(std::span<const std::byte> blob, std::vector<Sample>& out)
{
    const std::size_t count = blob.size() / kBytesPerSample;
    // Grow geometrically: callers decode chunk after chunk into one vector, and reserving the
    // exact size each time would copy the whole vector once per chunk.
    if (out.capacity() - out.size() < count)
        out.reserve(std::max(out.size() + count, 2 * out.capacity()));
    for (std::size_t i = 0; i < count; ++i) {
        const std::byte* at = blob.data() + i * kBytesPerSample;
        out.push_back(Sample{static_cast<sim::SimTime>(getLittleEndian(at)),
                             std::bit_cast<double>(getLittleEndian(at + 8))});
    }
}

} // namespace orrery::store
