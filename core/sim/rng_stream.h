#pragma once
#include <cstdint>
#include <string_view>

namespace orrery::sim {

//! An independent pseudo-random stream seeded from (scenario seed, stream name).
//!
//! xoshiro256** seeded through splitmix64 from seed ⊕ FNV-1a(name). Every random source in a
//! run owns its own stream, so a policy drawing extra numbers never shifts the arrivals or
//! work sizes another arm sees (common random numbers). The distributions are written out
//! here rather than taken from <random>, whose algorithms differ between standard libraries.
class RngStream {
public:
    RngStream(std::uint64_t seed, std::string_view streamName);

    std::uint64_t nextU64();
    //! Uniform in [0, 1) with 53 random bits.
    double uniform();
    //! Uniform in [low, high).
    double uniform(double low, double high);
    //! Uniform integer in [0, bound), without modulo bias. Precondition: bound > 0.
    std::uint64_t below(std::uint64_t bound);
    //! Exponential with the given mean.
    double exponential(double mean);
    //! Standard normal (Box–Muller, both values used in turn).
    double normal();
    double normal(double mean, double stddev) { return mean + stddev * normal(); }
    //! Log-normal parameterised by its median and the sigma of the underlying normal.
    double logNormal(double median, double sigma);

    static std::uint64_t hashName(std::string_view name);

private:
    std::uint64_t m_state[4];
    double m_spareNormal = 0.0;
    bool m_hasSpare = false;
};

} // namespace orrery::sim
