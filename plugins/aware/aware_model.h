#pragma once
#include "aware_encoding.h"
#include "learn/control_agent.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::plugins::aware {

//! A trained aware model as stored in the project. Layout, little-endian:
//!   "AWAR" | u32 format (2) | u32 stateDim | u32 actionDim | u32 embeddingDim |
//!   f64 minFraction | f64 maxFraction | i32 minReplicas | i32 maxReplicas |
//!   embeddingDim × f32 embedding | u32 n | n × f64 lifecycle rewards |
//!   u64 length | ControlAgent::saveBytes() | u64 length | MetaLearner::saveBytes() (0 = none) |
//!   u32 learner (learn::ControlLearner) | u64 length | RunningNormalizer::saveBytes() (0 = none)
//! Format 1 (before the learner was stored) reads as seed-ddpg, the only learner it had; formats
//! 1 and 2 have no state normalizer.
//! The lifecycle rewards are those the training fed to AgentLifecycle, in order: replaying them
//! into a lifecycle with the same thresholds restores the stage the training ended in.
struct AwareModel {
    std::uint32_t stateDim = kStateDim;  //!< 9, or 11 with context features (TL+)
    std::uint32_t actionDim = kActionDim;
    ActionScale scale;
    std::vector<float> embedding;        //!< the environment's embedding (zeros without a meta learner)
    std::vector<double> lifecycleRewards;
    std::string agent;                   //!< ControlAgent checkpoint (state stateDim + embedding size)
    learn::ControlLearner learner = learn::ControlLearner::SeedDdpg;
    std::string stateNormalizer;         //!< RunningNormalizer::saveBytes over the stateDim features; empty: none
    std::string metaLearner;             //!< empty when trained without one

    [[nodiscard]] std::vector<std::uint8_t> toBytes() const;
    //! Throws std::runtime_error naming what is wrong (magic, version, truncation, dimensions).
    [[nodiscard]] static AwareModel fromBytes(const std::vector<std::uint8_t>& bytes);
};

} // namespace orrery::plugins::aware
