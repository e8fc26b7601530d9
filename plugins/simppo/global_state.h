#pragma once
#include "function_action.h"
#include "function_state.h"

#include <cstddef>
#include <span>
#include <vector>

namespace orrery::plugins::simppo {

//! What the critic sees of the other agents (the "virtual agent", seed 001 §4.7.1).
enum class GlobalStateKind : std::uint8_t {
    None,     //!< S-RL, IL-RL, CPQ-RL: the critic sees the local state only
    Selected, //!< SIMPPO: the chapter's selected features
    AllStates //!< SIMPPO-All: the mean of every local state (mean-field theory's plain choice)
};

//! One agent as the others see it this step.
struct AgentSnapshot {
    LocalState state{};
    FunctionAction lastAction = FunctionAction::Hold;
};

[[nodiscard]] int globalStateSize(GlobalStateKind kind);

//! The auxiliary global states of every agent, in `agents` order. Selected: over the other
//! agents j ≠ i, the mean and the standard deviation of RLT_cpu, RLT_mem (ARLT), the vertical and
//! the horizontal action (AV, AH), SP (MSP) and (RU_cpu + RU_mem)/2 (MRU) — 12 values. The
//! chapter aggregates limits and actions by sums; means keep the inputs in range as agents come
//! and go (documented deviation). AllStates: mean and std of each of the 7 local features.
//! Invariant to the agents' order and of fixed size for any N (zeros when N = 1). O(N) in all:
//! the others' moments are the totals minus the agent's own.
[[nodiscard]] std::vector<std::vector<float>> globalStates(GlobalStateKind kind, std::span<const AgentSnapshot> agents);

} // namespace orrery::plugins::simppo
