#pragma once

namespace orrery::kinds::model_serving {

//! An operator's (or model's) latency as a function of the SM clock, after the roofline split:
//! L(f) = L(f_max) · ((1 − α) + α · f_max / f), where α is the share of the time at f_max that is
//! compute-bound (scales with 1/f) and 1 − α is memory-bound (independent of the SM clock). The
//! curve is flat near f_max and steep at low f, the shape of seed 001 Fig. 6.2 (left).
class FrequencyLatencyCurve {
public:
    FrequencyLatencyCurve() = default;
    //! `latencyAtMaxSeconds` at `maxMhz`; `computeFraction` α in [0, 1].
    FrequencyLatencyCurve(double latencyAtMaxSeconds, double computeFraction, double maxMhz);

    //! The curve whose sensitivity (sensitivityPerMhz) between `defaultMhz` and `defaultMhz`/2 is
    //! `sensitivityPerMhz`, with latency `latencyAtDefaultSeconds` at `defaultMhz`; α is clamped
    //! to [0, 1].
    static FrequencyLatencyCurve fromSensitivity(double sensitivityPerMhz, double latencyAtDefaultSeconds,
                                                 double defaultMhz, double maxMhz);

    //! L(f) in seconds; f is clamped to (0, maxMhz].
    [[nodiscard]] double latencySeconds(double mhz) const;
    //! Seed 001 §6.3.1's sensitivity score ΔL/ΔF: the increase in latency, normalised by the
    //! latency at `defaultMhz`, from `defaultMhz` to `defaultMhz`/2, divided by that frequency
    //! decrease (defaultMhz/2), in 1/MHz.
    [[nodiscard]] double sensitivityPerMhz(double defaultMhz) const;
    //! The lowest frequency at which L(f) ≤ `targetSeconds` (maxMhz when even f_max misses it).
    [[nodiscard]] double minimumMhzFor(double targetSeconds) const;

    [[nodiscard]] double latencyAtMaxSeconds() const { return m_latencyAtMaxSeconds; }
    [[nodiscard]] double computeFraction() const { return m_computeFraction; }
    [[nodiscard]] double maxMhz() const { return m_maxMhz; }

private:
    double m_latencyAtMaxSeconds = 0;
    double m_computeFraction = 0;
    double m_maxMhz = 1;
};

} // namespace orrery::kinds::model_serving
