#include "learn/actor_snapshot.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::learn {

void ActorSnapshot::setLayers(std::vector<Layer> layers)
{
    std::size_t widest = 0;
    for (const auto& layer : layers)
        widest = std::max({widest, layer.inputs, layer.outputs});
    m_layers = std::move(layers);
    m_a.assign(widest, 0.0f);
    m_b.assign(widest, 0.0f);
}

void ActorSnapshot::forward(std::span<const float> state, std::span<float> action) const
{
    if (state.size() != inputs() || action.size() != outputs())
        throw std::invalid_argument("ActorSnapshot::forward: state or action has the wrong size");
    std::copy(state.begin(), state.end(), m_a.begin());
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const Layer& layer = m_layers[l];
        const bool last = l + 1 == m_layers.size();
        for (std::size_t o = 0; o < layer.outputs; ++o) {
            const float* row = layer.weights.data() + o * layer.inputs;
            float sum = 0.0f;
            for (std::size_t i = 0; i < layer.inputs; ++i)
                sum += row[i] * m_a[i];
            sum += layer.bias[o];
            m_b[o] = last ? std::tanh(sum) : std::max(sum, 0.0f);
        }
        std::swap(m_a, m_b);
    }
    std::copy_n(m_a.begin(), outputs(), action.begin());
}

} // namespace orrery::learn
