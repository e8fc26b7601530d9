#include "sim/rng_stream.h"

#include <cmath>

namespace orrery::sim {
namespace {

std::uint64_t splitMix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr std::uint64_t rotateLeft(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

} // namespace

std::uint64_t RngStream::hashName(std::string_view name)
{
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    for (const char c : name) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001B3ULL;
    }
    return hash;
}

RngStream::RngStream(std::uint64_t seed, std::string_view streamName)
{
    std::uint64_t mix = seed ^ rotateLeft(hashName(streamName), 17);
    for (auto& word : m_state)
        word = splitMix64(mix);
}

std::uint64_t RngStream::nextU64()
{
    const std::uint64_t result = rotateLeft(m_state[1] * 5, 7) * 9;
    const std::uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotateLeft(m_state[3], 45);
    return result;
}

double RngStream::uniform()
{
    return static_cast<double>(nextU64() >> 11) * 0x1.0p-53;
}

double RngStream::uniform(double low, double high)
{
    return low + (high - low) * uniform();
}

std::uint64_t RngStream::below(std::uint64_t bound)
{
    // Lemire's nearly-divisionless method.
    __extension__ using Wide = unsigned __int128;
    Wide product = static_cast<Wide>(nextU64()) * bound;
    auto low = static_cast<std::uint64_t>(product);
    if (low < bound) {
        const std::uint64_t threshold = -bound % bound;
        while (low < threshold) {
            product = static_cast<Wide>(nextU64()) * bound;
            low = static_cast<std::uint64_t>(product);
        }
    }
    return static_cast<std::uint64_t>(product >> 64);
}

double RngStream::exponential(double mean)
{
    return -mean * std::log1p(-uniform());
}

double RngStream::normal()
{
    if (m_hasSpare) {
        m_hasSpare = false;
        return m_spareNormal;
    }
    double u1 = uniform();
    while (u1 <= 0.0)
        u1 = uniform();
    const double u2 = uniform();
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * M_PI * u2;
    m_spareNormal = radius * std::sin(angle);
    m_hasSpare = true;
    return radius * std::cos(angle);
}

double RngStream::logNormal(double median, double sigma)
{
    return median * std::exp(sigma * normal());
}

} // namespace orrery::sim
