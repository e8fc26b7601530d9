#include "live/token_bucket.h"

#include <algorithm>

namespace orrery::live {

TokenBucket::TokenBucket(double capacity, double refillPerSecond)
    : m_capacity(capacity), m_refillPerSecond(refillPerSecond), m_tokens(capacity)
{
}

double TokenBucket::tokens(Clock::time_point now) const
{
    if (!m_started)
        return m_tokens;
    const double elapsedS = std::chrono::duration<double>(now - m_last).count();
    return std::min(m_capacity, m_tokens + std::max(0.0, elapsedS) * m_refillPerSecond);
}

bool TokenBucket::tryTake(Clock::time_point now)
{
    m_tokens = tokens(now);
    m_last = now;
    m_started = true;
    if (m_tokens < 1.0)
        return false;
    m_tokens -= 1.0;
    return true;
}

} // namespace orrery::live
