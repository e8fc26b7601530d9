#include "learn/actor_snapshot.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::learn {
namespace {

float activate(float x, ActorSnapshot::Activation activation)
{
    switch (activation) {
    case ActorSnapshot::Activation::Relu:
        return std::max(x, 0.0f);
    case ActorSnapshot::Activation::Tanh:
        return std::tanh(x);
    case ActorSnapshot::Activation::Identity:
        break;
    }
    return x;
}

} // namespace

void ActorSnapshot::setLayers(std::vector<Layer> layers, Activation hidden, Activation output)
{
    std::size_t widest = 0;
    for (Layer& layer : layers) {
        widest = std::max({widest, layer.inputs, layer.outputs});
        // Stored transposed, [in × out], so forward() sweeps contiguous columns: each output still
        // sums its products in input order (the same floats as a row-by-row dot product), and the
        // compiler vectorises across outputs.
        std::vector<float> transposed(layer.weights.size());
        for (std::size_t o = 0; o < layer.outputs; ++o)
            for (std::size_t i = 0; i < layer.inputs; ++i)
                transposed[i * layer.outputs + o] = layer.weights[o * layer.inputs + i];
        layer.weights = std::move(transposed);
    }
    m_layers = std::move(layers);
    m_hidden = hidden;
    m_output = output;
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
        float* const out = m_b.data();
        std::fill_n(out, layer.outputs, 0.0f);
        for (std::size_t i = 0; i < layer.inputs; ++i) {
            const float x = m_a[i];
            const float* column = layer.weights.data() + i * layer.outputs;
            for (std::size_t o = 0; o < layer.outputs; ++o)
                out[o] += column[o] * x;
        }
        const Activation activation = l + 1 == m_layers.size() ? m_output : m_hidden;
        for (std::size_t o = 0; o < layer.outputs; ++o)
            out[o] = activate(out[o] + layer.bias[o], activation);
        std::swap(m_a, m_b);
    }
    std::copy_n(m_a.begin(), outputs(), action.begin());
}

} // namespace orrery::learn
