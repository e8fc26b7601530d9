#pragma once
#include "aware_encoding.h"
#include "policy/observation.h"

#include <array>
#include <cstddef>
#include <deque>
#include <map>
#include <string>
#include <tuple>

namespace orrery::plugins::aware {

//! TL+'s extra state (seed 001 §5.5.2: "TL with extra spatial and temporal features"), two values
//! per target in [−1, 1] appended to Table 5.1's nine when the `contextFeatures` parameter is on:
//!  - temporal: an ARIMA(1,1,0) forecast of the next period's load change. The series is the
//!    target's log2 arrival rate this episode; φ of Δx_t = φ·Δx_{t−1} + ε is the conditional least
//!    squares estimate over the last `kForecastWindow` differences (Box & Jenkins), clipped to
//!    [−1, 1]; the forecast φ·Δx_t is encoded like feature 7 (clipped to ±2, halved);
//!  - spatial: the resource–performance table, the mean SLO preservation observed so far at the
//!    target's current configuration (CPU-limit position on the action scale in 8 buckets ×
//!    replicas in 8 buckets), as 2·mean − 1; 0 where the configuration was never seen.
//! The series restarts every episode; the table is kept for the controller's lifetime (it is
//! what the agent has learnt about this application). features() reads the history up to the
//! last record() plus the target's current observation, so a state and its successor are encoded
//! alike.
class ContextFeatures {
public:
    static constexpr std::size_t kSize = 2;
    static constexpr std::size_t kForecastWindow = 20;
    static constexpr int kBuckets = 8;

    void beginEpisode() { m_series.clear(); }
    [[nodiscard]] std::array<float, kSize> features(const policy::TargetObservation& target, double cpuPosition,
                                                    const ActionScale& scale) const;
    //! Adds the target's observation to its series and its (configuration, SLO preservation) to the table.
    void record(const policy::TargetObservation& target, double cpuPosition, const ActionScale& scale);

private:
    using Cell = std::tuple<std::string, int, int>;
    struct Mean {
        double sum = 0;
        double count = 0;
    };
    [[nodiscard]] static Cell cellOf(const policy::TargetObservation& target, double cpuPosition,
                                     const ActionScale& scale);

    std::map<std::string, std::deque<double>> m_series; //!< log2 arrival rates this episode
    std::map<Cell, Mean> m_table;
};

//! The ARIMA(1,1,0) one-step forecast of the next difference of `series` (log values, oldest
//! first): φ·Δx_last with φ the conditional least-squares AR(1) coefficient of the differences,
//! clipped to [−1, 1]; 0 with fewer than three values or constant differences.
[[nodiscard]] double arimaNextDifference(const std::deque<double>& series);

} // namespace orrery::plugins::aware
