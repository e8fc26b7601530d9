#pragma once
#include "global_state.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::plugins::simppo {

//! The chapter's agent families, one plugin id each (seed 001 §4.3, §4.6, §4.7).
enum class Mode : std::uint8_t {
    SingleAgent,        //!< s-rl: independent PPO agents on their own rewards
    IndependentLearners,//!< il-rl: independent agents on the team-average reward
    PriorityQueue,      //!< cpq-rl: one agent moves per step, the lowest SLO preservation first
    Simppo,             //!< simppo: team reward, critic with the selected auxiliary global state, parameter sharing
    SimppoAll           //!< simppo-all: as simppo with the mean of all local states as global state
};

[[nodiscard]] std::string_view pluginIdOf(Mode mode);
[[nodiscard]] std::optional<Mode> modeFromPluginId(std::string_view id);
[[nodiscard]] bool usesTeamReward(Mode mode);
[[nodiscard]] GlobalStateKind globalStateKindOf(Mode mode);
//! Table 4.2: minibatch 10 for a single agent, 5 in the multi-agent settings.
[[nodiscard]] int defaultMinibatch(Mode mode);

} // namespace orrery::plugins::simppo
