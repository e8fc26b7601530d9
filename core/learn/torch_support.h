#pragma once
// Private to orrery_learn's .cpp files: LibTorch helpers shared by the learners. Never include
// this from a public header (it pulls in <torch/torch.h>).
#include "learn/replay_batch.h"

#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace orrery::learn::detail {

//! A read-only view of `values` as a float tensor of `sizes` (no copy; `values` must outlive it).
inline torch::Tensor viewOf(std::span<const float> values, torch::IntArrayRef sizes)
{
    // from_blob wants a mutable pointer; the tensors made here are only read.
    return torch::from_blob(const_cast<float*>(values.data()), sizes, torch::kFloat);
}

//! The Linear layers of `net`, in order.
inline std::vector<std::shared_ptr<torch::nn::LinearImpl>> linearsOf(const torch::nn::Sequential& net)
{
    std::vector<std::shared_ptr<torch::nn::LinearImpl>> out;
    for (const auto& child : net->children()) {
        if (auto linear = std::dynamic_pointer_cast<torch::nn::LinearImpl>(child))
            out.push_back(std::move(linear));
    }
    return out;
}

//! target ← source, parameter by parameter (same architecture).
inline void copyInto(const torch::nn::Module& target, const torch::nn::Module& source)
{
    torch::NoGradGuard noGrad;
    const auto to = target.parameters();
    const auto from = source.parameters();
    for (std::size_t i = 0; i < to.size(); ++i)
        to[i].copy_(from[i]);
}

//! A replay minibatch as read-only tensor views (no copies; the batch must outlive them):
//! states and next states n × stateDim, actions n × actionDim, rewards and dones n × 1.
struct ReplayBatchViews {
    torch::Tensor states, actions, rewards, nextStates, dones;
};

inline ReplayBatchViews viewsOf(const ReplayBatch& batch)
{
    const auto n = static_cast<std::int64_t>(batch.size);
    const auto sd = static_cast<std::int64_t>(batch.stateDim);
    const auto ad = static_cast<std::int64_t>(batch.actionDim);
    return {viewOf(batch.states, {n, sd}), viewOf(batch.actions, {n, ad}), viewOf(batch.rewards, {n, 1}),
            viewOf(batch.nextStates, {n, sd}), viewOf(batch.dones, {n, 1})};
}

//! LibTorch's default bound for a Linear's initial weights and bias: 1/√fan_in.
inline double defaultInitBound(const torch::nn::LinearImpl& linear)
{
    return 1.0 / std::sqrt(static_cast<double>(linear.weight.size(1)));
}

//! A Linear's weight, then its bias, drawn from U(±bound) with `generator`.
inline void initialiseLinear(torch::nn::LinearImpl& linear, at::Generator& generator, double bound)
{
    torch::NoGradGuard noGrad;
    linear.weight.uniform_(-bound, bound, generator);
    linear.bias.uniform_(-bound, bound, generator);
}

//! The same at LibTorch's default bound.
inline void initialiseLinear(torch::nn::LinearImpl& linear, at::Generator& generator)
{
    initialiseLinear(linear, generator, defaultInitBound(linear));
}

//! How the last Linear of a network starts: U(±bound) instead of the default when bound >= 0
//! (DDPG's final layer, ±3e-3), then multiplied by scale (PPO's small policy head).
struct LastLayerInit {
    double bound = -1;
    double scale = 1;
};

//! Every Linear of `net` in order from `generator`: the default bound, the last as `last` says.
inline void initialiseSequential(const torch::nn::Sequential& net, at::Generator& generator, LastLayerInit last)
{
    torch::NoGradGuard noGrad;
    const auto linears = linearsOf(net);
    for (std::size_t i = 0; i < linears.size(); ++i) {
        const bool isLast = i + 1 == linears.size();
        initialiseLinear(*linears[i], generator, isLast && last.bound >= 0 ? last.bound : defaultInitBound(*linears[i]));
        if (isLast && last.scale != 1) {
            linears[i]->weight.mul_(last.scale);
            linears[i]->bias.mul_(last.scale);
        }
    }
}

//! A LibTorch CPU generator of its own, so initialisation does not depend on (or disturb) the
//! global generator other runs in the process draw from.
at::Generator privateGenerator(std::uint64_t seed);

} // namespace orrery::learn::detail
