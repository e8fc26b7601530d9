#pragma once
#include "learn/ddpg_config.h"
#include "learn/ddpg_update_stats.h"
#include "learn/replay_batch.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! Deep deterministic policy gradient (seed 001 §3.2.4, Alg. 3.3; Lillicrap et al. 2016) in
//! LibTorch: an actor π_θ(s) ∈ [-1, 1]^actionDim and a critic Q_w(s, a), each with a target copy
//! updated softly, trained with Adam on minibatches from a ReplayBuffer.
//!
//! The critic takes the concatenated state and action (stateDim + actionDim inputs). The paper's
//! Fig. 3.4 gives FIRM's critic 23 inputs for an 8-input actor with 5 outputs; its text does not
//! say what the other 10 are, so callers that want them widen stateDim.
//!
//! Deterministic for a seed without touching LibTorch's global generator: weights are
//! initialised from a private generator and noise from SeededRandom. Call makeTorchDeterministic
//! first so that matrix products run on one thread. Not thread-safe; one agent per thread.
//!
//! The public header includes no LibTorch header (pimpl), so users compile quickly.
class DdpgAgent {
public:
    explicit DdpgAgent(const DdpgConfig& config);
    ~DdpgAgent();
    DdpgAgent(DdpgAgent&&) noexcept;
    DdpgAgent& operator=(DdpgAgent&&) noexcept;

    //! π(state), plus ε-scaled exploration noise when `explore`, clipped to [-1, 1]. Uses the
    //! hand-written forward pass over the actor's weights (ActorSnapshot), refreshed after every
    //! update() and load.
    [[nodiscard]] std::vector<float> act(std::span<const float> state, bool explore);
    //! π(state) computed by LibTorch (no noise); the reference act() is tested against.
    [[nodiscard]] std::vector<float> actWithTorch(std::span<const float> state) const;
    //! Q(state, action) from the critic; for tests and diagnostics.
    [[nodiscard]] float value(std::span<const float> state, std::span<const float> action) const;

    //! One critic step (Eq. 3.2), one actor step (Eq. 3.3) and the soft target updates.
    DdpgUpdateStats update(const ReplayBatch& batch);
    //! update() with TD3+BC's behaviour-cloning term in the actor step (Fujimoto & Gu, "A
    //! Minimalist Approach to Offline RL", 2021): the actor minimises −λ·mean Q(s, π(s)) +
    //! mean (π(s) − a)² (over the batch and the action dimensions) with λ = alpha / mean |Q(s, π(s))| (not differentiated), so it improves on
    //! the batch's actions only where the critic is confident and otherwise stays near them — an
    //! offline-RL correction against extrapolation error (AWARE's bootstrapping, seed 001 §5.3.4).
    //! alpha ≤ 0 is plain update(). actorLoss reports the whole actor objective.
    DdpgUpdateStats updateWithBehaviourCloning(const ReplayBatch& batch, double alpha);

    //! Starts a new episode: resets the exploration process (not ε).
    void resetNoise();
    [[nodiscard]] double epsilon() const;
    [[nodiscard]] const DdpgConfig& config() const;
    [[nodiscard]] std::size_t updates() const;

    //! The networks, their targets, the optimisers' state, ε and the update count, as bytes
    //! (LibTorch's archive format), for checkpoints stored in the project.
    [[nodiscard]] std::string saveBytes() const;
    //! Restores what saveBytes() wrote. Throws std::runtime_error when the bytes are not a
    //! checkpoint or its dimensions differ from this agent's (naming both).
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
