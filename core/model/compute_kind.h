#pragma once
#include "model/resources.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::model {

//! What executes a task: the node's CPUs or one of its accelerators. Octopus treats these as
//! fungible for services that can run on several (seed 000 §II-B).
enum class ComputeKind : std::uint8_t { Cpu = 0, Gpu = 1, Asic = 2, Fpga = 3 };
inline constexpr int kComputeKindCount = 4;

//! A set of compute kinds as a bitmask (bit i = ComputeKind i).
using ComputeKindSet = std::uint8_t;

constexpr ComputeKindSet bitOf(ComputeKind kind)
{
    return static_cast<ComputeKindSet>(1u << static_cast<unsigned>(kind));
}

constexpr bool contains(ComputeKindSet set, ComputeKind kind)
{
    return (set & bitOf(kind)) != 0;
}

//! The accelerator a compute kind uses; nullopt for the CPU.
constexpr std::optional<DeviceKind> deviceOf(ComputeKind kind)
{
    switch (kind) {
    case ComputeKind::Cpu: return std::nullopt;
    case ComputeKind::Gpu: return DeviceKind::Gpu;
    case ComputeKind::Asic: return DeviceKind::Asic;
    case ComputeKind::Fpga: return DeviceKind::Fpga;
    }
    return std::nullopt;
}

const char* toString(ComputeKind kind);
//! "cpu", "gpu", "asic", "fpga" → kind; nullopt otherwise.
std::optional<ComputeKind> parseComputeKind(std::string_view text);

//! `request` with its accelerator part moved to `kind`: the same CPU and memory, plus one device
//! of that kind (none for the CPU) in place of whatever accelerators it asked for.
Resources requestOn(const Resources& request, ComputeKind kind);

} // namespace orrery::model
