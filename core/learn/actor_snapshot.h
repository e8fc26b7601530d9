#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::learn {

//! The actor network's weights copied out of LibTorch, with a hand-written forward pass for
//! one state: LibTorch's per-operator dispatch costs microseconds per layer at batch 1, while the
//! whole 8 → 40 → 40 → 5 network is ~2,000 multiply-adds. Layers are Linear with an activation
//! between them (ReLU for DDPG's actor, Tanh for PPO's networks) and one after the last (Tanh for
//! DDPG's actor, none for PPO's logits and value); each layer's weights are row-major [out × in],
//! as torch stores them. PPO's critic uses it too.
class ActorSnapshot {
public:
    enum class Activation : std::uint8_t { Relu, Tanh, Identity };

    struct Layer {
        std::size_t inputs = 0;
        std::size_t outputs = 0;
        std::vector<float> weights; //!< outputs × inputs (setLayers() stores them transposed)
        std::vector<float> bias;    //!< outputs
    };

    //! `hidden` follows every layer but the last, `output` the last.
    void setLayers(std::vector<Layer> layers, Activation hidden = Activation::Relu,
                   Activation output = Activation::Tanh);
    [[nodiscard]] bool empty() const { return m_layers.empty(); }
    [[nodiscard]] std::size_t inputs() const { return m_layers.empty() ? 0 : m_layers.front().inputs; }
    [[nodiscard]] std::size_t outputs() const { return m_layers.empty() ? 0 : m_layers.back().outputs; }

    //! The network's output for `state` into `action` (outputs() values). Not thread-safe (uses
    //! scratch buffers).
    void forward(std::span<const float> state, std::span<float> action) const;

private:
    std::vector<Layer> m_layers;
    Activation m_hidden = Activation::Relu;
    Activation m_output = Activation::Tanh;
    mutable std::vector<float> m_a;
    mutable std::vector<float> m_b;
};

} // namespace orrery::learn
