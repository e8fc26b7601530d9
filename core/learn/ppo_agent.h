#pragma once
#include "learn/ppo_config.h"
#include "learn/ppo_decision.h"
#include "learn/ppo_loss_terms.h"
#include "learn/ppo_transition.h"
#include "learn/ppo_update_stats.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! Proximal policy optimisation with a clipped surrogate (seed 001 §4.3.2 and §4.7.2, Table 4.2;
//! Schulman et al. 2017) in LibTorch, the one PPO every learned agent of Orrery shares (S-RL and
//! SIMPPO). A categorical policy π_θ(a|s) and a separate critic V_φ(s ++ g), each
//! hiddenLayers × hiddenUnits Linear + Tanh, each with its own Adam optimiser. The critic may see
//! extra inputs g the policy does not (SIMPPO's auxiliary global state).
//!
//! update() takes one trajectory (on-policy, as act() produced it), estimates advantages with
//! GAE(λ), normalises them over the trajectory (mean 0, std 1, when it has more than one step),
//! and takes `epochs` passes over it in shuffled minibatches, each one step of both optimisers
//! on  −mean clipped surrogate + δ · mean (V − R)² − β · mean entropy,  with each network's
//! gradient clipped to norm maxGradientNorm. Initialisation is LibTorch's default Linear
//! U(±1/√fan_in) except the policy's last layer, scaled by 0.01 so the first policy is near
//! uniform (Andrychowicz et al. 2021).
//!
//! Deterministic for a seed without touching LibTorch's global generator: initialisation, action
//! sampling and minibatch shuffles all draw from one private generator, saved in checkpoints.
//! So the same seed fed the same trajectories gives bit-identical weights (after
//! makeTorchDeterministic, so that matrix products run on one thread). Not thread-safe; one
//! agent per thread.
//!
//! The public header includes no LibTorch header (pimpl), so users compile quickly.
class PpoAgent {
public:
    explicit PpoAgent(const PpoConfig& config);
    ~PpoAgent();
    PpoAgent(PpoAgent&&) noexcept;
    PpoAgent& operator=(PpoAgent&&) noexcept;

    //! Samples an action from π(·|state) with the agent's generator when `explore`, else takes the
    //! most probable (the lowest index on ties), and reports its log-probability and the critic's
    //! V(state ++ criticExtra). Uses hand-written forward passes over the networks' weights
    //! (ActorSnapshot), refreshed after every update(), load and copy. criticExtra has
    //! criticExtraDim values (empty when 0).
    [[nodiscard]] PpoDecision act(std::span<const float> state, std::span<const float> criticExtra, bool explore);
    //! π(·|state), actionCount probabilities (hand-written forward pass).
    [[nodiscard]] std::vector<float> probabilities(std::span<const float> state) const;
    //! V(state ++ criticExtra) (hand-written forward pass).
    [[nodiscard]] float value(std::span<const float> state, std::span<const float> criticExtra) const;

    //! One PPO update on `trajectory`, in time order. bootstrapValue is V of the state after its
    //! last step (ignored when that step is done). Throws std::invalid_argument on an empty
    //! trajectory or a transition whose sizes or action do not fit the agent.
    PpoUpdateStats update(std::span<const PpoTransition> trajectory, float bootstrapValue);

    //! The loss update() minimises, computed by LibTorch on the current weights for `batch` with
    //! the given advantages (used as they are, not normalised) and critic targets; no step is
    //! taken. For tests and diagnostics.
    [[nodiscard]] PpoLossTerms lossTerms(std::span<const PpoTransition> batch, std::span<const float> advantages,
                                         std::span<const float> returns) const;

    //! Network parameter sharing (seed 001 §4.7.2): takes `other`'s actor and critic weights (and,
    //! when both normalise values, the statistics the critic's outputs are scaled by) and starts
    //! both optimisers afresh; keeps this agent's generator and update count. Throws
    //! std::invalid_argument, naming both shapes, when the networks' dimensions differ.
    void copyParametersFrom(const PpoAgent& other);

    [[nodiscard]] const PpoConfig& config() const;
    [[nodiscard]] std::size_t updates() const;

    //! The actor's and critic's parameters, the generator's state and the update count as plain
    //! bytes in a fixed order: equal for two agents exactly when they would act and learn alike
    //! (optimiser moments aside). saveBytes() cannot tell that: LibTorch names the modules of each
    //! archive with a process-wide counter, so two saves of one agent differ.
    [[nodiscard]] std::vector<std::uint8_t> fingerprint() const;
    //! The networks, the optimisers' state, the generator's state and the update count, as bytes
    //! (LibTorch's archive format), for checkpoints stored in the project.
    [[nodiscard]] std::string saveBytes() const;
    //! Restores what saveBytes() wrote; training and sampling then continue exactly as they would
    //! have in the saved agent. Throws std::runtime_error when the bytes are not a PPO checkpoint
    //! or its dimensions differ from this agent's (naming both).
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
