#pragma once
#include "store/trajectory_data.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::store {

//! Packing of transitions into `trajectory_chunks.data` blobs (docs/project-file.md): fixed-size
//! records of float32 state[stateDim], float32 action[actionDim], float64 reward, int32 episode,
//! int32 step, all little-endian whatever the host, so values stay bit-exact (NaN payloads and
//! -0.0 included) and a file moves between machines.
class TrajectoryCodec {
public:
    //! Bytes of one record: 4 × (stateDim + actionDim) + 16.
    [[nodiscard]] static constexpr std::size_t recordBytes(std::size_t stateDim, std::size_t actionDim)
    {
        return 4 * (stateDim + actionDim) + 16;
    }

    //! Appends one record. Precondition: the spans hold the trajectory's dimensions.
    static void append(std::vector<std::byte>& blob, std::int32_t episode, std::int32_t step,
                       std::span<const float> state, std::span<const float> action, double reward);
    //! Appends to `out` the records of `blob` whose episode lies in [firstEpisode, lastEpisode].
    //! Precondition: blob.size() is a multiple of recordBytes(out.stateDim, out.actionDim)
    //! (callers check it against the chunk's transition_count first).
    static void decode(std::span<const std::byte> blob, std::int64_t firstEpisode, std::int64_t lastEpisode,
                       TrajectoryData& out);
};

} // namespace orrery::store
