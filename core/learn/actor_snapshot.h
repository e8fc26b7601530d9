#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace orrery::learn {

//! The actor network's weights copied out of LibTorch, with a hand-written forward pass for
//! one state: LibTorch's per-operator dispatch costs microseconds per layer at batch 1, while the
//! whole 8 → 40 → 40 → 5 network is ~2,000 multiply-adds. Layers are Linear with ReLU between
//! them and Tanh at the end; each layer's weights are row-major [out × in], as torch stores them.
class ActorSnapshot {
public:
    struct Layer {
        std::size_t inputs = 0;
        std::size_t outputs = 0;
        std::vector<float> weights; //!< outputs × inputs
        std::vector<float> bias;    //!< outputs
    };

    void setLayers(std::vector<Layer> layers);
    [[nodiscard]] bool empty() const { return m_layers.empty(); }
    [[nodiscard]] std::size_t inputs() const { return m_layers.empty() ? 0 : m_layers.front().inputs; }
    [[nodiscard]] std::size_t outputs() const { return m_layers.empty() ? 0 : m_layers.back().outputs; }

    //! π(state) into `action` (outputs() values). Not thread-safe (uses scratch buffers).
    void forward(std::span<const float> state, std::span<float> action) const;

private:
    std::vector<Layer> m_layers;
    mutable std::vector<float> m_a;
    mutable std::vector<float> m_b;
};

} // namespace orrery::learn
