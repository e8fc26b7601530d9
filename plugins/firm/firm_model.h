#pragma once
#include "firm_agent.h"
#include "firm_action.h"
#include "policy/control_training.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace orrery::plugins::firm {

//! A trained FIRM model as stored in the project: a small header, then one FirmAgent checkpoint
//! (FirmAgent::saveBytes) per agent. Layout, little-endian:
//!   "FIRM" | u32 format (2) | u32 learner (FirmLearner) | u32 mode (ControlTrainingMode) |
//!   u32 stateDim | u32 actionDim | f64 minFraction | f64 maxFraction | u32 agentCount |
//!   agentCount × (u32 nameLength | name | u64 blobLength | blob)
//! The agent named "" is the shared one (one-for-all; under transfer the base it started from),
//! used for targets without an agent of their own. Format 1 (before the learner field) is read as
//! seed-ddpg, the only learner it could hold.
struct FirmModel {
    FirmLearner learner = FirmLearner::SeedDdpg;
    policy::ControlTrainingMode mode = policy::ControlTrainingMode::OneForAll;
    std::uint32_t stateDim = kStateDim;
    std::uint32_t actionDim = kActionDim;
    FirmActionScale scale;
    std::vector<std::pair<std::string, std::string>> agents; //!< (target name or "", saveBytes)

    [[nodiscard]] std::vector<std::uint8_t> toBytes() const;
    //! Throws std::runtime_error naming what is wrong (magic, version, truncation, dimensions).
    [[nodiscard]] static FirmModel fromBytes(const std::vector<std::uint8_t>& bytes);
    //! The checkpoint of `name`'s agent, else the shared one; null when neither exists.
    [[nodiscard]] const std::string* agentFor(const std::string& name) const;
};

[[nodiscard]] const char* toString(policy::ControlTrainingMode mode);

} // namespace orrery::plugins::firm
