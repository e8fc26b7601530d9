#pragma once
#include <chrono>

namespace orrery::live {

//! A token bucket: up to `capacity` actions at once, refilled at `refillPerSecond`. Time is
//! passed in, so tests need no sleeping.
class TokenBucket {
public:
    using Clock = std::chrono::steady_clock;

    TokenBucket(double capacity, double refillPerSecond);

    //! Takes one token if there is one at `now`.
    bool tryTake(Clock::time_point now);
    [[nodiscard]] double tokens(Clock::time_point now) const;
    [[nodiscard]] double capacity() const { return m_capacity; }
    [[nodiscard]] double refillPerSecond() const { return m_refillPerSecond; }

private:
    double m_capacity;
    double m_refillPerSecond;
    double m_tokens;
    Clock::time_point m_last;
    bool m_started = false;
};

} // namespace orrery::live
