#pragma once
#include "learn/exploration_noise.h"
#include "learn/seeded_random.h"

#include <cmath>
#include <cstdint>

namespace orrery::learn {

//! Temporally correlated Ornstein–Uhlenbeck noise, DDPG's usual exploration process (Lillicrap
//! et al. 2016; FIRM's code uses it with μ 0, σ 0.2 as Table 3.3 says):
//! x ← x + θ(μ − x)·dt + σ·√dt·N(0, 1), with θ 0.15 and dt 0.01 as in ghliu/pytorch-ddpg.
class OrnsteinUhlenbeckNoise final : public ExplorationNoise {
public:
    OrnsteinUhlenbeckNoise(std::size_t dim, double mu, double sigma, double theta, double dt, double epsilon,
                           double epsilonDecay, std::uint64_t seed)
        : ExplorationNoise(dim, epsilon, epsilonDecay)
        , m_mu(mu), m_sigma(sigma), m_theta(theta), m_dt(dt), m_state(dim, mu), m_random(seed) {}

    void reset() override { m_state.assign(m_state.size(), m_mu); }

protected:
    void draw(std::vector<double>& out) override
    {
        const double diffusion = m_sigma * std::sqrt(m_dt);
        for (std::size_t i = 0; i < out.size(); ++i) {
            m_state[i] += m_theta * (m_mu - m_state[i]) * m_dt + diffusion * m_random.normal();
            out[i] = m_state[i];
        }
    }

private:
    double m_mu;
    double m_sigma;
    double m_theta;
    double m_dt;
    std::vector<double> m_state;
    SeededRandom m_random;
};

} // namespace orrery::learn
