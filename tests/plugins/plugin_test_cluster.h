#pragma once
// Small hand-built clusters and units shared by the placement-plugin tests.
#include "model/cluster.h"
#include "policy/pending_unit.h"

#include <cstdint>
#include <string>

namespace orrery::testing {

inline constexpr std::int64_t kGiB = std::int64_t{1} << 30;

//! Nodes 0–2: CPU only (4 cores, 16Gi). Nodes 3–4: 8 cores, 64Gi, 2×V100. Node 5: 8 cores, 32Gi, 1×T4.
inline model::Cluster heterogeneousCluster()
{
    model::NodePoolSpec cpu;
    cpu.name = "cpu";
    cpu.count = 3;
    cpu.millicores = 4000;
    cpu.memoryBytes = 16 * kGiB;
    model::NodePoolSpec v100;
    v100.name = "v100";
    v100.count = 2;
    v100.millicores = 8000;
    v100.memoryBytes = 64 * kGiB;
    v100.devices = {{model::DeviceKind::Gpu, "V100", 2}};
    model::NodePoolSpec t4;
    t4.name = "t4";
    t4.count = 1;
    t4.millicores = 8000;
    t4.memoryBytes = 32 * kGiB;
    t4.devices = {{model::DeviceKind::Gpu, "T4", 1}};
    return model::Cluster(model::ClusterSpec{{cpu, v100, t4}});
}

//! A unit requesting CPU, memory and optionally GPUs of a given model.
inline policy::PendingUnit unitOf(std::int64_t millicores, std::int64_t memoryGi, int gpus = 0,
                                  std::string deviceModel = {})
{
    policy::PendingUnit unit;
    unit.request.millicores = millicores;
    unit.request.memoryBytes = memoryGi * kGiB;
    unit.request.deviceCount(model::DeviceKind::Gpu) = gpus;
    unit.deviceModel = std::move(deviceModel);
    if (gpus > 0) {
        unit.declaredCompute = model::ComputeKind::Gpu;
        unit.computeOptions = model::bitOf(model::ComputeKind::Gpu);
    }
    return unit;
}

} // namespace orrery::testing
