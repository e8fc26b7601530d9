#pragma once
#include <chrono>
#include <string>

namespace orrery::store {

//! Wall-clock time as ISO-8601 UTC text with milliseconds, e.g. "2024-05-01T12:34:56.789Z".
//! The fixed width makes the text sort in time order, so SQL can ORDER BY it directly.
std::string utcTimestamp(std::chrono::system_clock::time_point time);

//! utcTimestamp() of the current time.
std::string utcNow();

} // namespace orrery::store
