#include "store/utc_time.h"

#include <cstdio>
#include <ctime>

namespace orrery::store {

std::string utcTimestamp(std::chrono::system_clock::time_point time)
{
    using namespace std::chrono;
    const auto ms = floor<milliseconds>(time);
    const auto secs = floor<seconds>(ms);
    const std::time_t t = system_clock::to_time_t(secs);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[64];
    const std::size_t length = std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &tm);
    std::snprintf(buffer + length, sizeof buffer - length, ".%03dZ", static_cast<int>((ms - secs).count()));
    return buffer;
}

std::string utcNow()
{
    return utcTimestamp(std::chrono::system_clock::now());
}

} // namespace orrery::store
