#include "store/trajectory_codec.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace orrery::store {
namespace {

template <typename Bits>
void putLittleEndian(std::byte* out, Bits bits)
{
    for (std::size_t i = 0; i < sizeof(Bits); ++i)
        out[i] = static_cast<std::byte>(bits >> (8 * i));
}

template <typename Bits>
Bits getLittleEndian(const std::byte* in)
{
    Bits bits = 0;
    for (std::size_t i = 0; i < sizeof(Bits); ++i)
        bits = static_cast<Bits>(bits | (static_cast<Bits>(std::to_integer<std::uint8_t>(in[i])) << (8 * i)));
    return bits;
}

// Floats travel as their raw bits (never through an FPU load), so signalling NaNs keep their payload.
void putFloats(std::byte* out, std::span<const float> values)
{
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(out, values.data(), values.size_bytes());
    } else {
        for (std::size_t i = 0; i < values.size(); ++i)
            putLittleEndian(out + 4 * i, std::bit_cast<std::uint32_t>(values[i]));
    }
}

void getFloats(const std::byte* in, std::size_t count, std::vector<float>& out)
{
    const std::size_t at = out.size();
    out.resize(at + count);
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(out.data() + at, in, 4 * count);
    } else {
        for (std::size_t i = 0; i < count; ++i)
            out[at + i] = std::bit_cast<float>(getLittleEndian<std::uint32_t>(in + 4 * i));
    }
}

template <typename T>
void growFor(std::vector<T>& values, std::size_t more)
{
    // Geometric growth: readers decode chunk after chunk into one vector.
    if (values.capacity() - values.size() < more)
        values.reserve(std::max(values.size() + more, 2 * values.capacity()));
}

} // namespace

void TrajectoryCodec::append(std::vector<std::byte>& blob, std::int32_t episode, std::int32_t step,
                             std::span<const float> state, std::span<const float> action, double reward)
{
    const std::size_t at = blob.size();
    blob.resize(at + recordBytes(state.size(), action.size()));
    std::byte* out = blob.data() + at;
    putFloats(out, state);
    out += state.size_bytes();
    putFloats(out, action);
    out += action.size_bytes();
    putLittleEndian(out, std::bit_cast<std::uint64_t>(reward));
    putLittleEndian(out + 8, static_cast<std::uint32_t>(episode));
    putLittleEndian(out + 12, static_cast<std::uint32_t>(step));
}

void TrajectoryCodec::decode(std::span<const std::byte> blob, std::int64_t firstEpisode, std::int64_t lastEpisode,
                             TrajectoryData& out)
{
    const std::size_t bytes = recordBytes(out.stateDim, out.actionDim);
    const std::size_t count = blob.size() / bytes;
    growFor(out.episodes, count);
    growFor(out.steps, count);
    growFor(out.rewards, count);
    growFor(out.states, count * out.stateDim);
    growFor(out.actions, count * out.actionDim);
    const std::size_t scalarsAt = 4 * (out.stateDim + out.actionDim);
    for (std::size_t i = 0; i < count; ++i) {
        const std::byte* record = blob.data() + i * bytes;
        const auto episode = static_cast<std::int32_t>(getLittleEndian<std::uint32_t>(record + scalarsAt + 8));
        if (episode < firstEpisode || episode > lastEpisode)
            continue;
        getFloats(record, out.stateDim, out.states);
        getFloats(record + 4 * out.stateDim, out.actionDim, out.actions);
        out.rewards.push_back(std::bit_cast<double>(getLittleEndian<std::uint64_t>(record + scalarsAt)));
        out.episodes.push_back(episode);
        out.steps.push_back(static_cast<std::int32_t>(getLittleEndian<std::uint32_t>(record + scalarsAt + 12)));
    }
}

} // namespace orrery::store
