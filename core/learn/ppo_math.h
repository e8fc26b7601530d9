#pragma once
// PPO's arithmetic in plain C++ (no LibTorch), so that tests can check it exactly and
// PpoAgent's LibTorch loss can be checked against it.
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::learn {

//! Generalized advantage estimates (Schulman et al. 2016, Eq. 16) of one trajectory, computed
//! backwards in double precision:
//!   δ_t = r_t + γ (1 − done_t) V_{t+1} − V_t,   A_t = δ_t + γ λ (1 − done_t) A_{t+1},
//! where V_{T} = bootstrapValue, the critic's value of the state after the last step (ignored
//! when the last step is done). dones[t] ≠ 0 means the episode ended after step t. λ = 1 gives
//! the discounted return minus V; λ = 0 the one-step TD error. All spans have the same size.
[[nodiscard]] std::vector<float> generalizedAdvantages(std::span<const float> rewards, std::span<const float> values,
                                                       std::span<const std::uint8_t> dones, float bootstrapValue,
                                                       double gamma, double lambda);

//! The critic's regression targets: R_t = A_t + V_t (the λ-return).
[[nodiscard]] std::vector<float> valueTargets(std::span<const float> advantages, std::span<const float> values);

//! Shifts and scales `advantages` in place to mean 0 and standard deviation 1 (the n − 1
//! estimator, plus 1e-8 in the divisor). Leaves a single value (or none) unchanged.
void normalizeAdvantages(std::span<float> advantages);

//! 1 − Var(targets − predictions) / Var(targets) (population variances); 0 when the targets do
//! not vary. Both spans have the same size.
[[nodiscard]] double explainedVariance(std::span<const float> predictions, std::span<const float> targets);

//! PPO's clipped surrogate for one sample (Schulman et al. 2017, Eq. 7):
//! min(ratio · A, clamp(ratio, 1 − clip, 1 + clip) · A).
[[nodiscard]] double clippedSurrogate(double ratio, double advantage, double clip);

//! −Σ p log p in nats, with 0 log 0 = 0.
[[nodiscard]] double categoricalEntropy(std::span<const float> probabilities);

} // namespace orrery::learn
