#pragma once
#include "policy/observation.h"

#include <array>
#include <span>
#include <vector>

namespace orrery::plugins::simppo {

//! Table 4.1's local state of one function (seed 001 §4.3.1): SP, RU_cpu, RU_mem, AC, RLT_cpu,
//! RLT_mem, NC. SP, RU and AC are in [-1, 1] as they are; the limits are normalised between the
//! platform's bounds (cpu.shares 128…2048, memory 128 MiB…2 GiB) and NC as
//! log(1 + NC) / log(1 + 1000) — the chapter divides by 1000, which leaves a few containers
//! indistinguishable from none, so this is a documented deviation.
inline constexpr int kLocalStateSize = 7;
using LocalState = std::array<float, kLocalStateSize>;

enum LocalFeature { kSp, kRuCpu, kRuMem, kAc, kRltCpu, kRltMem, kNc };

[[nodiscard]] LocalState localState(const policy::TargetObservation& target);

//! Resource utilization of the target's limits (usage / limit, clamped to [0, 1]).
[[nodiscard]] double cpuUtilization(const policy::TargetObservation& target);
[[nodiscard]] double memoryUtilization(const policy::TargetObservation& target);

} // namespace orrery::plugins::simppo
