#pragma once
#include "learn/exploration_noise.h"
#include "learn/seeded_random.h"

#include <cstdint>

namespace orrery::learn {

//! Independent Gaussian noise N(μ, σ²) per action dimension (Table 3.3: μ 0, σ 0.2).
class GaussianNoise final : public ExplorationNoise {
public:
    GaussianNoise(std::size_t dim, double mu, double sigma, double epsilon, double epsilonDecay, std::uint64_t seed)
        : ExplorationNoise(dim, epsilon, epsilonDecay), m_mu(mu), m_sigma(sigma), m_random(seed) {}

protected:
    void draw(std::vector<double>& out) override
    {
        for (double& value : out)
            value = m_mu + m_sigma * m_random.normal();
    }

private:
    double m_mu;
    double m_sigma;
    SeededRandom m_random;
};

} // namespace orrery::learn
