#pragma once
#include "store/ids.h"
#include "store/trajectory_spec.h"

#include <cstdint>
#include <string>

namespace orrery::store {

//! A stored trajectory without its transitions, as Project::trajectories lists it.
struct TrajectoryInfo {
    TrajectoryId id = 0;
    TrajectorySpec spec;
    std::string createdAt;  //!< ISO-8601 UTC, when the writer created it
    std::int64_t transitionCount = 0;  //!< committed transitions
    std::int64_t chunkCount = 0;
    //! Episode of the first and of the last committed transition (0 and -1 when there is none).
    std::int64_t firstEpisode = 0;
    std::int64_t lastEpisode = -1;
};

} // namespace orrery::store
