#pragma once
#include "policy/control_resource.h"
#include "policy/observation.h"

#include <array>
#include <cstddef>
#include <span>

namespace orrery::plugins::firm {

//! The five resources FIRM partitions (seed 001 Table 3.2, §3.2.4): CPU, memory bandwidth, LLC,
//! disk I/O, network. Memory capacity is not one of them. Order = the actor's output order.
inline constexpr std::array<policy::ControlResource, 5> kFirmResources = {
    policy::ControlResource::Cpu, policy::ControlResource::MemoryBandwidth, policy::ControlResource::Llc,
    policy::ControlResource::DiskIo, policy::ControlResource::Network};

inline constexpr std::size_t kStateDim = 8;  //!< SM, WC, RC, RU × 5
inline constexpr std::size_t kActionDim = 5; //!< one limit per kFirmResources entry
using FirmState = std::array<float, kStateDim>;

//! Request composition levels per request type in RC's encoding.
inline constexpr int kCompositionLevels = 10;
//! WC's log2 ratio is clipped to ±kWorkloadChangeLog2Bound before scaling to [-1, 1].
inline constexpr double kWorkloadChangeLog2Bound = 2.0;

//! RC_t (Table 3.2): the request-type shares quantised to kCompositionLevels levels each
//! (⌊share·10⌋, at most 9) and flattened like numpy.ravel_multi_index with dims (10, …, 10),
//! i.e. a base-10 number, then divided by its largest value 10^k − 1 so it lies in [0, 1].
//! 0 for no request type.
[[nodiscard]] double encodeRequestComposition(std::span<const double> shares);

//! WC_t: arrivalRate / previousArrivalRate as log2, clipped to ±2 and divided by 2 → [-1, 1]
//! (0 = no change, 1 = at least 4× more). 0 when both rates are 0; 1 when only the previous is 0.
[[nodiscard]] double workloadChange(const policy::TargetObservation& target);

//! RU_i / RLT_i of FIRM resource `i` in [0, 1]; 0 when the limit is unknown or unlimited (≤ 0).
[[nodiscard]] double utilization(const policy::TargetObservation& target, policy::ControlResource resource);

//! FIRM's state of one target (Table 3.2), every feature in [-1, 1]:
//! [SM_t ∈ [0, 1], WC_t (workloadChange), RC_t (encodeRequestComposition of the application's
//! composition), RU_cpu, RU_membw, RU_llc, RU_io, RU_net (utilization)].
[[nodiscard]] FirmState firmState(const policy::TargetObservation& target, std::span<const double> requestComposition);

//! FIRM's reward of one target (§3.2.4): r = α·SM·|R| + (1 − α)·Σ_i RU_i/RLT_i over the five
//! resources (|R| = 5), so in [0, 5]. Resources without a limit contribute 0. `sloGated`
//! multiplies the utilisation term by SM (α·SM·|R| + (1 − α)·SM·Σ_i RU_i/RLT_i), so limits at or
//! below use pay nothing while the target misses its SLO (docs/reproduction.md, FIRM wave 6).
[[nodiscard]] double firmReward(const policy::TargetObservation& target, double alpha, bool sloGated = false);

} // namespace orrery::plugins::firm
