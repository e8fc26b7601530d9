#include "learn/running_normalizer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace orrery::learn {
namespace {

constexpr char kMagic[8] = {'O', 'R', 'R', 'N', 'O', 'R', 'M', '1'};

void appendU64(std::string& out, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint64_t readU64(std::string_view bytes, std::size_t& at)
{
    if (at + 8 > bytes.size())
        throw std::runtime_error("RunningNormalizer::loadBytes: the bytes end early");
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    at += 8;
    return v;
}

} // namespace

RunningNormalizer::RunningNormalizer(std::size_t dimension, double clip, double epsilon)
    : m_mean(dimension, 0.0), m_squaredDeviations(dimension, 0.0), m_clip(clip), m_epsilon(epsilon)
{
    if (dimension == 0)
        throw std::invalid_argument("RunningNormalizer: dimension must be positive");
    if (!(clip > 0) || !(epsilon > 0))
        throw std::invalid_argument("RunningNormalizer: clip and epsilon must be positive");
}

void RunningNormalizer::update(std::span<const float> sample)
{
    if (sample.size() != dimension())
        throw std::invalid_argument("RunningNormalizer::update: sample has " + std::to_string(sample.size())
                                    + " values, expected " + std::to_string(dimension()));
    ++m_count;
    const double n = static_cast<double>(m_count);
    for (std::size_t i = 0; i < sample.size(); ++i) {
        const double x = sample[i];
        const double delta = x - m_mean[i];
        m_mean[i] += delta / n;
        m_squaredDeviations[i] += delta * (x - m_mean[i]);
    }
}

std::vector<double> RunningNormalizer::variance() const
{
    std::vector<double> out(dimension(), 1.0);
    if (m_count > 0)
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i] = m_squaredDeviations[i] / static_cast<double>(m_count);
    return out;
}

void RunningNormalizer::normalize(std::span<const float> in, std::span<float> out) const
{
    if (in.size() != dimension() || out.size() != dimension())
        throw std::invalid_argument("RunningNormalizer::normalize: input or output of the wrong size");
    for (std::size_t i = 0; i < in.size(); ++i) {
        const double var = m_count > 0 ? m_squaredDeviations[i] / static_cast<double>(m_count) : 1.0;
        const double z = (static_cast<double>(in[i]) - m_mean[i]) / std::sqrt(var + m_epsilon);
        out[i] = static_cast<float>(std::clamp(z, -m_clip, m_clip));
    }
}

std::vector<float> RunningNormalizer::normalized(std::span<const float> in) const
{
    std::vector<float> out(in.size());
    normalize(in, out);
    return out;
}

void RunningNormalizer::normalizeRows(std::span<float> rows) const
{
    if (rows.size() % dimension() != 0)
        throw std::invalid_argument("RunningNormalizer::normalizeRows: size is not a multiple of the dimension");
    for (std::size_t at = 0; at < rows.size(); at += dimension()) {
        const std::span<float> row = rows.subspan(at, dimension());
        normalize(row, row);
    }
}

std::string RunningNormalizer::saveBytes() const
{
    std::string out(kMagic, sizeof kMagic);
    appendU64(out, dimension());
    appendU64(out, m_count);
    appendU64(out, std::bit_cast<std::uint64_t>(m_clip));
    appendU64(out, std::bit_cast<std::uint64_t>(m_epsilon));
    for (std::size_t i = 0; i < dimension(); ++i) {
        appendU64(out, std::bit_cast<std::uint64_t>(m_mean[i]));
        appendU64(out, std::bit_cast<std::uint64_t>(m_squaredDeviations[i]));
    }
    return out;
}

void RunningNormalizer::loadBytes(std::string_view bytes)
{
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw std::runtime_error("RunningNormalizer::loadBytes: not a normalizer's bytes");
    std::size_t at = sizeof kMagic;
    const std::uint64_t dim = readU64(bytes, at);
    if (dim != dimension())
        throw std::runtime_error("RunningNormalizer::loadBytes: the saved normalizer has dimension "
                                 + std::to_string(dim) + ", this one " + std::to_string(dimension()));
    RunningNormalizer loaded(dimension());
    loaded.m_count = readU64(bytes, at);
    loaded.m_clip = std::bit_cast<double>(readU64(bytes, at));
    loaded.m_epsilon = std::bit_cast<double>(readU64(bytes, at));
    for (std::size_t i = 0; i < dim; ++i) {
        loaded.m_mean[i] = std::bit_cast<double>(readU64(bytes, at));
        loaded.m_squaredDeviations[i] = std::bit_cast<double>(readU64(bytes, at));
    }
    if (at != bytes.size())
        throw std::runtime_error("RunningNormalizer::loadBytes: " + std::to_string(bytes.size() - at)
                                 + " bytes after the normalizer");
    if (!(loaded.m_clip > 0) || !(loaded.m_epsilon > 0))
        throw std::runtime_error("RunningNormalizer::loadBytes: clip or epsilon is not positive");
    *this = std::move(loaded);
}

} // namespace orrery::learn
