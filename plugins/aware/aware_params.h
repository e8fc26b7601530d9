#pragma once
#include "aware/lifecycle_thresholds.h"
#include "aware/multidimensional_config.h"
#include "aware_encoding.h"
#include "learn/control_agent.h"
#include "policy/param_set.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace orrery::plugins::aware {

//! The aware plugin's parameters (plugin.cpp declares them with their help and defaults), with
//! the lifecycle's thresholds read from the AWARE profile and overridden by the parameters that
//! are set.
struct AwareParams {
    orrery::aware::LifecycleThresholds lifecycle;   //!< from the profile, then the overrides
    std::string profilePath;                        //!< the profile file read
    orrery::aware::MultidimensionalConfig fallback; //!< the hpa-vpa fallback
    ActionScale scale;                              //!< replicas bounds from min/maxReplicas
    double minRelativeChange = 0.01;
    double lifecycleSteps = 300;     //!< mean reward per step × this = the reward the lifecycle sees
    std::int64_t episodeSteps = 100; //!< runs: control periods per lifecycle episode (Table 5.2)
    double alpha = 0.3;              //!< reward coefficient of the run-time lifecycle reward
    bool contextFeatures = false;    //!< TL+'s extra state (ContextFeatures): 11 state features, not 9
    std::size_t embeddingDim = 64;   //!< §5.4.3
    std::string metaModelPath;       //!< MetaLearner::saveBytes file; empty = zero embedding
    std::size_t metaHidden = 256;    //!< the meta learner's rnnHidden and fcHidden
    std::size_t kShot = 5;           //!< episodes the embedding is computed from
    bool runEmbedding = true;        //!< runs: compute the run's own k-shot embedding (model's meta learner)
    double bcAlpha = 2.5;            //!< TD3+BC's α while OFFLINE; 0 = plain DDPG on the fallback's data
    std::size_t batchSize = 64;      //!< Table 5.2
    std::size_t replayCapacity = 100000;
    learn::ControlLearner learner = learn::ControlLearner::SeedDdpg; //!< the base learner
    learn::ControlAgentOptions agentOptions;                          //!< its exploration and penalty (core learners)
    std::uint64_t warmupSteps = 0;
    //! Training: environments stepped side by side (parallel rollouts; AwareTrainer).
    std::uint32_t environments = 1;
    bool normalizeState = false;     //!< Table 5.1's features through a running mean/std before the agent (not the embedding)   //!< steps of uniform random actions before the agent's own (agent acting only)

    //! Throws std::invalid_argument when the profile cannot be found or read (with its
    //! diagnostics) or the resulting thresholds are inconsistent.
    [[nodiscard]] static AwareParams from(const policy::ParamSet& params);
    //! Per-target state features before the embedding: Table 5.1's nine, plus ContextFeatures' two.
    [[nodiscard]] std::size_t stateDim() const;
};

} // namespace orrery::plugins::aware
