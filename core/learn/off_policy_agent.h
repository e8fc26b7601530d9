#pragma once
#include "learn/off_policy_config.h"
#include "learn/off_policy_update_stats.h"
#include "learn/replay_batch.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! The off-policy actor-critic learner every continuous-action agent shares: DDPG, TD3 and SAC
//! (OffPolicyConfig::algorithm) on one set of networks, one update and one checkpoint format.
//! Actions are in [-1, 1]^actionDim; callers scale them to their action space. Transitions come
//! from a ReplayBuffer whose `done` means terminated: a time-limit truncation is stored as not
//! done, so the critic bootstraps through it.
//!
//! The update follows Stable-Baselines3 (stable_baselines3/td3/td3.py, sac/sac.py) step for step:
//! TD3's critics regress on r + γ(1 − d)·min Q'(s', clip(π'(s') + clip(ε, ±c), ±1)) and the actor
//! and all targets move every policyDelay steps; DDPG is TD3 with one critic, no smoothing and
//! no delay; SAC first steps α on −log α·(log π + H̄), then the critics on
//! r + γ(1 − d)(min Q'(s', a') − α log π(a'|s')), then the actor on α log π − min Q.
//!
//! Deterministic for a seed without touching LibTorch's global generator (initialisation and
//! every draw use private generators, saved in checkpoints). Call makeTorchDeterministic first.
//! Not thread-safe; one agent per thread. Public header without LibTorch (pimpl).
class OffPolicyAgent {
public:
    explicit OffPolicyAgent(const OffPolicyConfig& config);
    ~OffPolicyAgent();
    OffPolicyAgent(OffPolicyAgent&&) noexcept;
    OffPolicyAgent& operator=(OffPolicyAgent&&) noexcept;

    //! The policy's action for `state`: deterministic (TD3/DDPG's π(s), SAC's tanh(mean)) when
    //! not exploring; with exploration, TD3/DDPG add Gaussian noise σ = explorationNoise and clip,
    //! SAC samples its squashed Gaussian (with gSDE: its current noise matrix).
    [[nodiscard]] std::vector<float> act(std::span<const float> state, bool explore);
    //! Uniform random actions in [-1, 1] from the agent's stream, for the warm-up before learning.
    [[nodiscard]] std::vector<float> randomAction();
    //! gSDE: draws a new exploration matrix (SB3 redraws at each rollout's start); no-op otherwise.
    void resetNoise();

    //! min over the critics of Q(state, action) (DDPG: its one critic).
    [[nodiscard]] float value(std::span<const float> state, std::span<const float> action) const;

    //! One gradient step on `batch` (dones = terminated).
    OffPolicyUpdateStats update(const ReplayBatch& batch);
    //! update() with TD3+BC's behaviour-cloning term in the actor step (Fujimoto & Gu, "A
    //! Minimalist Approach to Offline RL", NeurIPS 2021, Eq. 3): the actor minimises
    //! λ·(its update() loss) + mean (π(s) − a)² over the batch and action dimensions, with
    //! λ = alpha / mean |Q(s, π(s))| (not differentiated); SAC clones its sampled action. For
    //! learning from another controller's transitions (AWARE's bootstrapping, seed 001 §5.3.4).
    //! alpha ≤ 0 is update().
    OffPolicyUpdateStats updateWithBehaviourCloning(const ReplayBatch& batch, double alpha);

    [[nodiscard]] const OffPolicyConfig& config() const;
    [[nodiscard]] std::size_t updates() const;
    //! The backend update() uses: OffPolicyBackend::Plain or ::LibTorch (Automatic resolved).
    [[nodiscard]] OffPolicyBackend backend() const;
    [[nodiscard]] double entropyCoefficient() const;

    //! Networks, targets, optimisers, α, generators and the update count (LibTorch's archive).
    [[nodiscard]] std::string saveBytes() const;
    //! Restores saveBytes(); training then continues exactly as in the saved agent. Throws
    //! std::runtime_error when the bytes are not such a checkpoint or another algorithm's or
    //! shape's (naming both).
    void loadBytes(std::string_view bytes);

private:
    OffPolicyUpdateStats step(const ReplayBatch& batch, double cloning);

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
