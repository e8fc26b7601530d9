#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! Running mean and variance per dimension (Welford's update, in double), and normalisation
//! (x − mean) / √(var + ε) clipped to ±clip: the observation and return normalisation of
//! Stable-Baselines3's VecNormalize, kept with a model so it acts on the inputs it learned from.
//! Before the first update() it normalises with mean 0 and variance 1 (the identity).
class RunningNormalizer {
public:
    explicit RunningNormalizer(std::size_t dimension, double clip = 10.0, double epsilon = 1e-8);

    //! Adds one sample of dimension() values; throws std::invalid_argument on another size.
    void update(std::span<const float> sample);
    //! (x − mean) / √(var + ε), clipped to ±clip, into `out` (same size as `in`; may alias).
    void normalize(std::span<const float> in, std::span<float> out) const;
    [[nodiscard]] std::vector<float> normalized(std::span<const float> in) const;
    //! Normalises every row of a row-major `rows` × dimension() array in place.
    void normalizeRows(std::span<float> rows) const;

    [[nodiscard]] std::size_t dimension() const { return m_mean.size(); }
    [[nodiscard]] std::uint64_t count() const { return m_count; }
    [[nodiscard]] const std::vector<double>& mean() const { return m_mean; }
    //! The population variance (1 before the first sample).
    [[nodiscard]] std::vector<double> variance() const;
    [[nodiscard]] double clip() const { return m_clip; }

    //! Count, means, sums of squared deviations, clip and ε as bytes (little-endian doubles).
    [[nodiscard]] std::string saveBytes() const;
    //! Restores saveBytes(); throws std::runtime_error when the bytes are damaged or of another
    //! dimension (naming both), leaving this normalizer unchanged.
    void loadBytes(std::string_view bytes);

    friend bool operator==(const RunningNormalizer&, const RunningNormalizer&) = default;

private:
    std::uint64_t m_count = 0;
    std::vector<double> m_mean;
    std::vector<double> m_squaredDeviations; //!< Welford's M2
    double m_clip;
    double m_epsilon;
};

} // namespace orrery::learn
