#include "learn/dense_network_pass.h"

#include <algorithm>
#include <cstring>

namespace orrery::learn::detail {

namespace {

// Kernels: the AVX2 clone and the baseline run the same operations in the same order (the
// file is compiled with -ffp-contract=off), so they give the same bits. The inner loops are
// axpy (a row += scalar × row) over restrict pointers, so they vectorize without reordering
// any sum.
#define ORRERY_DENSE_KERNEL __attribute__((target_clones("avx2", "default")))

//! out (batch × outputs) = in (batch × inputs) · W^T + b.
ORRERY_DENSE_KERNEL
void denseForward(const float* in, std::size_t batch, const DenseLayerView& layer, float* transposed, float* out)
{
    const std::size_t inputs = layer.inputs;
    const std::size_t outputs = layer.outputs;
    if (outputs >= 8) {
        // Rows as sums of weight rows scaled by inputs (axpy over outputs: vectorizes without
        // reordering any sum).
        for (std::size_t o = 0; o < outputs; ++o)
            for (std::size_t i = 0; i < inputs; ++i)
                transposed[i * outputs + o] = layer.weight[o * inputs + i];
        for (std::size_t b = 0; b < batch; ++b) {
            float* __restrict row = out + b * outputs;
            std::memcpy(row, layer.bias, outputs * sizeof(float));
            const float* x = in + b * inputs;
            for (std::size_t i = 0; i < inputs; ++i) {
                const float xi = x[i];
                const float* __restrict w = transposed + i * outputs;
                for (std::size_t o = 0; o < outputs; ++o)
                    row[o] += xi * w[o];
            }
        }
    } else {
        for (std::size_t b = 0; b < batch; ++b) {
            const float* x = in + b * inputs;
            for (std::size_t o = 0; o < outputs; ++o) {
                const float* w = layer.weight + o * inputs;
                float sum = layer.bias[o];
                for (std::size_t i = 0; i < inputs; ++i)
                    sum += x[i] * w[i];
                out[b * outputs + o] = sum;
            }
        }
    }
}

//! ∂/∂in = ∂/∂out · W (batch × inputs).
ORRERY_DENSE_KERNEL
void denseInputGradient(const float* gradient, std::size_t batch, const DenseLayerView& layer, float* inputGradient)
{
    const std::size_t inputs = layer.inputs;
    const std::size_t outputs = layer.outputs;
    for (std::size_t b = 0; b < batch; ++b) {
        float* __restrict row = inputGradient + b * inputs;
        std::fill(row, row + inputs, 0.0f);
        const float* g = gradient + b * outputs;
        for (std::size_t o = 0; o < outputs; ++o) {
            const float go = g[o];
            const float* __restrict w = layer.weight + o * inputs;
            for (std::size_t i = 0; i < inputs; ++i)
                row[i] += go * w[i];
        }
    }
}

//! ∂/∂W += (∂/∂out)^T · in, ∂/∂b += Σ_rows ∂/∂out.
ORRERY_DENSE_KERNEL
void denseParameterGradient(const float* gradient, const float* in, std::size_t batch, const DenseLayerView& layer)
{
    const std::size_t inputs = layer.inputs;
    const std::size_t outputs = layer.outputs;
    for (std::size_t b = 0; b < batch; ++b) {
        const float* g = gradient + b * outputs;
        const float* __restrict x = in + b * inputs;
        for (std::size_t o = 0; o < outputs; ++o) {
            const float go = g[o];
            float* __restrict w = layer.weightGradient + o * inputs;
            for (std::size_t i = 0; i < inputs; ++i)
                w[i] += go * x[i];
            layer.biasGradient[o] += go;
        }
    }
}

} // namespace

void DenseNetworkPass::forward(std::span<const DenseLayerView> layers, const float* input, std::size_t batch)
{
    m_batch = batch;
    m_values.resize(layers.size() + 1);
    m_values[0].assign(input, input + batch * layers.front().inputs);
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const DenseLayerView& layer = layers[k];
        m_transposed.resize(layer.inputs * layer.outputs);
        std::vector<float>& out = m_values[k + 1];
        out.resize(batch * layer.outputs);
        denseForward(m_values[k].data(), batch, layer, m_transposed.data(), out.data());
        if (k + 1 < layers.size()) {
            for (float& value : out)
                value = value > 0.0f ? value : 0.0f;
        }
    }
}

void DenseNetworkPass::backward(std::span<const DenseLayerView> layers, const float* outputGradient, bool parameterGradients,
                                float* inputGradient)
{
    const std::size_t batch = m_batch;
    m_gradient.assign(outputGradient, outputGradient + batch * layers.back().outputs);
    for (std::size_t k = layers.size(); k-- > 0;) {
        const DenseLayerView& layer = layers[k];
        if (parameterGradients)
            denseParameterGradient(m_gradient.data(), m_values[k].data(), batch, layer);
        if (k == 0 && inputGradient == nullptr)
            break;
        float* target = nullptr;
        if (k == 0) {
            target = inputGradient;
        } else {
            m_previousGradient.resize(batch * layer.inputs);
            target = m_previousGradient.data();
        }
        denseInputGradient(m_gradient.data(), batch, layer, target);
        if (k > 0) {
            // Through the ReLU that produced this layer's input: zero where it was not positive.
            const std::vector<float>& activated = m_values[k];
            for (std::size_t j = 0; j < activated.size(); ++j)
                m_previousGradient[j] = activated[j] > 0.0f ? m_previousGradient[j] : 0.0f;
            m_gradient.swap(m_previousGradient);
        }
    }
}

} // namespace orrery::learn::detail
