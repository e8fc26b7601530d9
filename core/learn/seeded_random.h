#pragma once
#include <cstddef>
#include <cstdint>
#include <random>

namespace orrery::learn {

//! The random source of orrery_learn's own draws (replay sampling, exploration noise, SVM
//! shuffles and random features): std::mt19937_64, whose output sequence the C++ standard fixes,
//! with hand-written uniform, index and normal draws, because std::*_distribution may differ
//! between standard libraries. So a seed gives the same draws on every platform, independent of
//! LibTorch's global generator (which runs sharing a process would perturb).
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : m_engine(seed) {}

    //! Uniform in [0, 1), 53 random bits.
    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; }
    //! Uniform index in [0, count); count > 0. Plain modulo: its bias is below count / 2^64, far
    //! below anything a replay buffer could notice.
    std::size_t index(std::size_t count) { return static_cast<std::size_t>(m_engine() % count); }
    //! Standard normal (Box–Muller; the second value of each pair is kept for the next call).
    double normal();

private:
    std::mt19937_64 m_engine;
    double m_spare = 0;
    bool m_hasSpare = false;
};

} // namespace orrery::learn
