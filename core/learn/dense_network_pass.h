#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace orrery::learn::detail {

//! One dense layer's parameters where they live (LibTorch's nn::Linear layout: weight is
//! outputs × inputs, row-major), and where its gradients go.
struct DenseLayerView {
    const float* weight = nullptr;
    const float* bias = nullptr;
    float* weightGradient = nullptr;
    float* biasGradient = nullptr;
    std::size_t inputs = 0;
    std::size_t outputs = 0;
};

//! Forward and backward passes of a ReLU network (ReLU after every layer but the last) over a
//! minibatch, in plain loops on the parameters' own memory: for the small networks of the seed
//! systems (tens of units) LibTorch's per-operation dispatch, not arithmetic, is the cost of an
//! update (docs/performance.md, "Learning"). Sums run in a fixed order with no fused
//! multiply-add, so results are the same bit for bit on any x86-64 (the AVX2 clone and the
//! baseline compute the same IEEE operations).
class DenseNetworkPass {
public:
    //! Runs the network on `batch` rows of `input` (batch × layers.front().inputs, copied), keeping
    //! what backward() needs.
    void forward(std::span<const DenseLayerView> layers, const float* input, std::size_t batch);
    //! batch × layers.back().outputs, valid until the next forward().
    [[nodiscard]] const float* output() const { return m_values.back().data(); }

    //! Back-propagates `outputGradient` (∂loss/∂output, batch × outputs) through the last
    //! forward(): adds ∂loss/∂parameters into each layer's gradient buffers when
    //! `parameterGradients`, and writes ∂loss/∂input into `inputGradient` (batch × inputs) when
    //! it is not null.
    void backward(std::span<const DenseLayerView> layers, const float* outputGradient, bool parameterGradients,
                  float* inputGradient);

private:
    std::size_t m_batch = 0;
    std::vector<std::vector<float>> m_values; //!< [0] the input, [k] layer k's output (after ReLU but the last)
    std::vector<float> m_transposed;          //!< a weight as inputs × outputs
    std::vector<float> m_gradient;            //!< ∂loss/∂(current layer's output)
    std::vector<float> m_previousGradient;
};

} // namespace orrery::learn::detail
