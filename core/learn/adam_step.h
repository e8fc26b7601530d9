#pragma once
// Private to orrery_learn's .cpp files (pulls in <torch/torch.h>).
#include <torch/torch.h>

namespace orrery::learn::detail {

//! One step of `optimizer`, as torch::optim::Adam::step computes it (LibTorch 1.13,
//! torch/csrc/api/src/optim/adam.cpp: m ← β₁m + (1 − β₁)g, v ← β₂v + (1 − β₂)g²,
//! θ ← θ − (lr / (1 − β₁ᵗ)) · m / (√v / √(1 − β₂ᵗ) + ε)), on the optimizer's own state, so
//! checkpoints are unchanged — but in one loop per parameter over its floats instead of eight
//! dispatched tensor operations, which is most of the cost of a step for the small networks of
//! the seed systems (docs/performance.md, "Learning"). Falls back to Adam::step for what it
//! does not cover (weight decay, AMSGrad, non-float or non-contiguous parameters).
void stepAdam(torch::optim::Adam& optimizer);

//! Polyak averaging of a target network, θ' ← (1 − τ)θ' + τθ, one loop per parameter.
void softUpdate(const torch::nn::Module& target, const torch::nn::Module& source, double tau);

} // namespace orrery::learn::detail
