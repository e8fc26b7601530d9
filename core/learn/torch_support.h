#pragma once
// Private to orrery_learn's .cpp files: LibTorch helpers shared by the learners. Never include
// this from a public header (it pulls in <torch/torch.h>).
#include <torch/torch.h>

#include <cstdint>
#include <span>

namespace orrery::learn::detail {

//! A read-only view of `values` as a float tensor of `sizes` (no copy; `values` must outlive it).
inline torch::Tensor viewOf(std::span<const float> values, torch::IntArrayRef sizes)
{
    // from_blob wants a mutable pointer; the tensors made here are only read.
    return torch::from_blob(const_cast<float*>(values.data()), sizes, torch::kFloat);
}

//! A LibTorch CPU generator of its own, so initialisation does not depend on (or disturb) the
//! global generator other runs in the process draw from.
at::Generator privateGenerator(std::uint64_t seed);

} // namespace orrery::learn::detail
