#pragma once
#include "firm_agent.h"
#include "firm_action.h"
#include "policy/param_set.h"

#include <cstddef>

namespace orrery::plugins::firm {

//! The firm plugin's parameters (plugin.cpp declares them with their help and defaults).
struct FirmParams {
    FirmActionScale scale;
    double alpha = 0.3;             //!< reward coefficient α of firmReward
    bool allTargets = false;        //!< act on every target, not only the critical ones
    bool actUntrained = false;      //!< without a model: act with an untrained actor, not hold
    bool environmentReward = true;  //!< train on StepResult::reward, not per-target firmReward
    //! `rewardGate: slo`: the utilisation term only pays while the SLO holds (firmReward's
    //! sloGated); with the environment's reward, the mean of that over every target instead.
    bool sloGatedReward = false;
    std::size_t batchSize = 64;     //!< Table 3.3 minibatch
    std::size_t replayCapacity = 100000; //!< Table 3.3 replay buffer
    FirmLearner learner = FirmLearner::SeedDdpg;
    //! Training: steps (all targets together) of uniformly random actions before the agents act
    //! and learn (SB3's learning_starts); 0 = none, as the seed.
    std::uint64_t warmupSteps = 0;
    //! Training: environments stepped side by side (parallel rollouts; FirmTrainer).
    std::uint32_t environments = 1;
    FirmAgentOptions agentOptions;

    [[nodiscard]] static FirmParams from(const policy::ParamSet& params);
};

} // namespace orrery::plugins::firm
