#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! The phases of one gradient step, for where the time goes (docs/performance.md, "Learning").
enum class UpdatePhase : std::uint8_t {
    Target,          //!< the bootstrapped target: target actor and critics, no gradient
    CriticForward,   //!< Q(s, a) of each critic and the loss
    CriticBackward,
    CriticOptimizer,
    Actor,           //!< the actor's forward, loss and backward (SAC: also α's step)
    ActorOptimizer,
    TargetUpdate,    //!< Polyak averaging of the target networks
    Diagnostics      //!< the statistics below
};
inline constexpr std::size_t kUpdatePhaseCount = 8;
constexpr std::string_view toString(UpdatePhase phase)
{
    constexpr std::string_view names[] = {"target", "critic_forward", "critic_backward", "critic_optimizer",
                                          "actor", "actor_optimizer", "target_update", "diagnostics"};
    return names[static_cast<std::size_t>(phase)];
}

//! What one OffPolicyAgent gradient step measured, for the training diagnostics a researcher
//! reads next to the reward curve (docs/learning.md): are the critics fitting, how large and
//! spread are the values, is the actor pinned at a bound, how much entropy is left.
struct OffPolicyUpdateStats {
    double criticLoss = 0;      //!< mean squared TD error, summed over the critics
    double actorLoss = 0;       //!< the actor objective of this step (when actorUpdated)
    bool actorUpdated = false;  //!< false on TD3's delayed steps
    double qMean = 0;           //!< mean Q₁(s, a) over the batch
    double qStd = 0;            //!< its standard deviation
    double tdError = 0;         //!< mean |Q₁(s, a) − target|
    double entropyCoefficient = 0; //!< SAC's α (0 otherwise)
    double entropy = 0;         //!< SAC: −mean log π(a|s) of the batch's policy samples
    //! Per action dimension, the fraction of the batch's deterministic policy actions within 5 %
    //! of a bound (|a| > 0.9 in [-1, 1]): 1 means the actor is saturated there.
    std::vector<double> boundFraction;
    //! Per action dimension, the mean of those actions in [-1, 1]: with boundFraction, which
    //! bound the actor sits at (−1: the lowest limit it may set, +1 the highest).
    std::vector<double> actionMean;
    //! Wall seconds spent in each phase of this step (steady clock; ~20 ns to read).
    std::array<double, kUpdatePhaseCount> phaseSeconds{};
};

} // namespace orrery::learn
