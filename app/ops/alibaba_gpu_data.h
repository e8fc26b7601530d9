#pragma once
#include <filesystem>
#include <string>

namespace orrery::app {

// Where `orrery import alibaba-gpu` and `orrery replay alibaba-gpu` find the Alibaba 2023 GPU
// trace's openb lists (docs/fleet.md, "The data").
inline constexpr const char* kAlibabaNodesFile = "openb_node_list_gpu_node.csv";
inline constexpr const char* kAlibabaPodsFile = "openb_pod_list_default.csv";
inline constexpr const char* kAlibabaDataFolder = "data/alibaba-gpu-2023";

//! `explicitFolder` when given; else the first folder on the resource path holding the node list,
//! or empty with the message saying so written to `error`.
std::filesystem::path alibabaGpuDataFolder(const std::string& explicitFolder, std::string& error);

} // namespace orrery::app
