#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace orrery::fleet {

//! One pod (task) of the Alibaba GPU cluster trace (openb_pod_list_*.csv; docs/fleet.md). Times
//! are seconds from the trace's origin.
struct AlibabaGpuPod {
    std::string name;               //!< `name`
    std::int64_t cpuMillicores = 0; //!< `cpu_milli` requested
    std::int64_t memoryMib = 0;     //!< `memory_mib` requested
    int gpuCount = 0;               //!< `num_gpu`: whole GPUs, 0–8 in the trace
    int gpuMilli = 0;               //!< `gpu_milli`: thousandths of one GPU; < 1000 only when gpuCount == 1
    std::vector<std::string> gpuSpec; //!< `gpu_spec` split at '|': allowed GPU models; empty = any
    std::string qos;                //!< `qos`: LS, BE, Burstable, Guaranteed
    std::string phase;              //!< `pod_phase`: Running, Succeeded, Pending, Failed
    std::int64_t creationSeconds = 0; //!< `creation_time`
    std::int64_t deletionSeconds = 0; //!< `deletion_time` (≥ creation)
    std::optional<std::int64_t> scheduledSeconds; //!< `scheduled_time`; empty for pods never scheduled

    //! A GPU-sharing pod: one GPU, less than all of it.
    [[nodiscard]] bool sharesGpu() const { return gpuCount == 1 && gpuMilli < 1000; }
};

//! Reads a pod list. Throws FleetReadError ("path:line: field: what") for a file that cannot be
//! opened, a header with unknown or missing columns, a truncated row, a field that is not a
//! whole number ≥ 0, `gpu_milli` above 1000, or a deletion before the creation.
[[nodiscard]] std::vector<AlibabaGpuPod> readAlibabaGpuPods(const std::filesystem::path& path);

} // namespace orrery::fleet
