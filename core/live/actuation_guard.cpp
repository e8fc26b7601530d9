#include "live/actuation_guard.h"

namespace orrery::live {

const char* toString(ActuationRecord::Outcome outcome)
{
    switch (outcome) {
    case ActuationRecord::Outcome::Previewed: return "previewed";
    case ActuationRecord::Outcome::Applied: return "applied";
    case ActuationRecord::Outcome::Rejected: return "rejected";
    case ActuationRecord::Outcome::Failed: return "failed";
    }
    return "rejected";
}

void ActuationGuard::enable(const std::string& context, const std::string& nameSpace)
{
    std::lock_guard lock(m_mutex);
    m_enabled.emplace(context, nameSpace);
}

void ActuationGuard::disable(const std::string& context, const std::string& nameSpace)
{
    std::lock_guard lock(m_mutex);
    m_enabled.erase({context, nameSpace});
}

bool ActuationGuard::enabled(const std::string& context, const std::string& nameSpace) const
{
    std::lock_guard lock(m_mutex);
    return m_enabled.count({context, nameSpace}) > 0;
}

bool ActuationGuard::tryAcquire(TokenBucket::Clock::time_point now)
{
    std::lock_guard lock(m_mutex);
    return m_bucket.tryTake(now);
}

} // namespace orrery::live
