#include "learn/exploration_noise.h"

#include <algorithm>

namespace orrery::learn {

std::vector<float> ExplorationNoise::sample()
{
    m_draw.resize(m_dim);
    draw(m_draw);
    const double scale = std::max(m_epsilon, 0.0);
    std::vector<float> out(m_dim);
    for (std::size_t i = 0; i < m_dim; ++i)
        out[i] = static_cast<float>(scale * m_draw[i]);
    m_epsilon = std::max(m_epsilon - m_epsilonDecay, 0.0);
    return out;
}

} // namespace orrery::learn
