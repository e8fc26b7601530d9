#pragma once
#include "learn/control_agent.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::plugins::firm {

//! FIRM's agents are the learning core's control agents (learn::ControlAgent) with seed 001
//! Table 3.3's networks, learning rates, γ and τ.
using FirmLearner = learn::ControlLearner;
using FirmAgentOptions = learn::ControlAgentOptions;
using FirmAgent = learn::ControlAgent;

//! A FIRM agent: Table 3.3's configuration (learn::DdpgConfig's defaults) over `learner`.
[[nodiscard]] FirmAgent makeFirmAgent(FirmLearner learner, std::uint64_t seed, const FirmAgentOptions& options = {});

//! "seed-ddpg", "ddpg", "td3", "sac".
[[nodiscard]] inline std::optional<FirmLearner> firmLearnerNamed(std::string_view name) { return learn::controlLearnerNamed(name); }

} // namespace orrery::plugins::firm
