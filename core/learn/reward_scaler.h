#pragma once
#include "learn/running_normalizer.h"

#include <algorithm>
#include <cmath>

#include <string>
#include <string_view>

namespace orrery::learn {

//! Reward normalisation as Stable-Baselines3's VecNormalize does it: rewards are divided by the
//! running standard deviation of the discounted return R ← γR + r (not shifted, so the sign and
//! the optimum stay), clipped to ±clip; R restarts at 0 after each episode. Keeps the critic's
//! targets near unit scale whatever the environment's reward units.
class RewardScaler {
public:
    explicit RewardScaler(double gamma, double clip = 10.0) : m_gamma(gamma), m_returns(1, clip) {}

    //! Updates the return statistics with `reward` and returns it scaled.
    float scale(float reward, bool episodeOver)
    {
        m_return = m_return * m_gamma + reward;
        const float r[] = {static_cast<float>(m_return)};
        m_returns.update(r);
        if (episodeOver)
            m_return = 0;
        return scaled(reward);
    }
    //! `reward` scaled with the current statistics, without updating them.
    [[nodiscard]] float scaled(float reward) const
    {
        const double sd = std::sqrt(m_returns.variance()[0] + 1e-8);
        return static_cast<float>(std::clamp(reward / sd, -m_returns.clip(), m_returns.clip()));
    }

    [[nodiscard]] const RunningNormalizer& returnStatistics() const { return m_returns; }
    [[nodiscard]] std::string saveBytes() const { return m_returns.saveBytes(); }
    void loadBytes(std::string_view bytes) { m_returns.loadBytes(bytes); }

private:
    double m_gamma;
    double m_return = 0;
    RunningNormalizer m_returns;
};

} // namespace orrery::learn
