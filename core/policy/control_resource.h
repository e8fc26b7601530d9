#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::policy {

//! A resource whose per-instance limit a control policy can set (seed 001 Table 3.2's RLT plus
//! memory capacity, which Kubernetes' VPA manages).
enum class ControlResource : std::uint8_t {
    Cpu,              //!< cores (CFS quota / period)
    MemoryBandwidth,  //!< bytes/s (Intel MBA)
    Llc,              //!< cache ways (Intel CAT)
    DiskIo,           //!< bytes/s (blkio)
    Network,          //!< bytes/s (HTB)
    Memory,           //!< bytes (memory limit)
    GpuFrequency      //!< MHz: a GPU's SM clock (model serving, seed 001 §6.3.4)
};
inline constexpr std::size_t kControlResourceCount = 7;

template <typename T>
using PerControlResource = std::array<T, kControlResourceCount>;

[[nodiscard]] constexpr std::size_t indexOf(ControlResource resource) { return static_cast<std::size_t>(resource); }
[[nodiscard]] std::string_view toString(ControlResource resource);
[[nodiscard]] std::optional<ControlResource> controlResourceFromString(std::string_view text);

} // namespace orrery::policy
