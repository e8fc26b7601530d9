#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace orrery::fleet {

//! One node of the Alibaba GPU cluster trace (openb_node_list_*.csv:
//! `sn,cpu_milli,memory_mib,gpu,model`; docs/fleet.md).
struct AlibabaGpuNode {
    std::string name;               //!< `sn`, e.g. openb-node-0227
    std::int64_t cpuMillicores = 0; //!< `cpu_milli`
    std::int64_t memoryMib = 0;     //!< `memory_mib`
    int gpuCount = 0;               //!< `gpu`
    std::string gpuModel;           //!< `model`: P100, T4, V100M16, V100M32, A10, G2, G3 …; empty without GPUs
};

//! Reads a node list. Throws FleetReadError ("path:line: field: what") for a file that cannot be
//! opened, a header with unknown or missing columns, a truncated row, a field that is not a
//! whole number ≥ 0, more than 64 GPUs, or a node with GPUs but no model.
[[nodiscard]] std::vector<AlibabaGpuNode> readAlibabaGpuNodes(const std::filesystem::path& path);

} // namespace orrery::fleet
