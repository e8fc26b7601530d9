#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace orrery::model {

//! A node resource that co-located work contends for (seed 001 Table 3.2 limits, Table 3.4
//! anomalies). CPU is also the processor-sharing capacity of an instance; Accelerator is the
//! node's devices shared by the tasks holding them (docs/model.md, "Contention").
enum class ContendedResource { Cpu, MemoryBandwidth, Llc, DiskIo, NetworkBandwidth, Accelerator };
inline constexpr int kContendedResourceCount = 6;

//! A value per contended resource, indexed by ContendedResource.
template <typename T>
using PerContendedResource = std::array<T, kContendedResourceCount>;

//! The YAML key of a resource: cpu, memoryBandwidth, llc, diskIo, networkBandwidth, accelerator.
std::string_view toString(ContendedResource resource);
std::optional<ContendedResource> parseContendedResource(std::string_view key);

//! How strongly a resident slows down when a resource it uses is contended: the share of its
//! service time bound by that resource. 0 = not at all; 1 = its time stretches by the full
//! contention stretch of the resource (docs/model.md, "Contention").
struct ResourceSensitivity {
    PerContendedResource<double> value{1.0, 0.5, 0.3, 0.2, 0.3, 1.0};

    [[nodiscard]] double of(ContendedResource resource) const { return value[static_cast<int>(resource)]; }
    double& of(ContendedResource resource) { return value[static_cast<int>(resource)]; }
};

} // namespace orrery::model
