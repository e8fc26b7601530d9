#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace orrery::model {

//! A node resource that co-located work contends for (seed 001 Table 3.2 limits, Table 3.4
//! anomalies). CPU is also the processor-sharing capacity of an instance.
enum class ContendedResource { Cpu, MemoryBandwidth, Llc, DiskIo, NetworkBandwidth };
inline constexpr int kContendedResourceCount = 5;

//! The YAML key of a resource: cpu, memoryBandwidth, llc, diskIo, networkBandwidth.
std::string_view toString(ContendedResource resource);
std::optional<ContendedResource> parseContendedResource(std::string_view key);

//! How strongly a service slows down when a resource it uses is contended: 0 = not at all,
//! 1 = its service time grows by the full contention intensity (docs/model.md, "Interference").
struct ResourceSensitivity {
    std::array<double, kContendedResourceCount> value{1.0, 0.5, 0.3, 0.2, 0.3};

    [[nodiscard]] double of(ContendedResource resource) const { return value[static_cast<int>(resource)]; }
    double& of(ContendedResource resource) { return value[static_cast<int>(resource)]; }
};

} // namespace orrery::model
