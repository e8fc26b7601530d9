#pragma once
// Private to orrery_learn's .cpp files: LibTorch helpers shared by the learners. Never include
// this from a public header (it pulls in <torch/torch.h>).
#include "learn/replay_batch.h"

#include <torch/torch.h>

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

//! A LibTorch CPU generator of its own, so initialisation does not depend on (or disturb) the
//! global generator other runs in the process draw from.
at::Generator privateGenerator(std::uint64_t seed);

} // namespace orrery::learn::detail
