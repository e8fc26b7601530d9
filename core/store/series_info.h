#pragma once
#include "store/ids.h"

#include <cstdint>
#include <string>

namespace orrery::store {

//! A time series recorded by a run, without its samples.
struct SeriesInfo {
    StoredSeriesId id = 0;
    std::string name;
    std::string unit;
    std::int64_t sampleCount = 0;
    std::int64_t chunkCount = 0;
};

} // namespace orrery::store
