#pragma once
#include "model/gpu_share.h"
#include "policy/expected_pod.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace orrery::policy {

//! The fragmentation of a node's free GPUs against a target workload (Weng et al., "Beware of
//! Fragmentation", USENIX ATC '23, §3.2; docs/model.md, "GPU sharing"): the expected milli-GPU of
//! the node's free GPUs that a pod drawn from `workload` could not use. For each pod shape t of
//! popularity p_t, p_t × the node's free milli-GPU counts as fragment when t cannot run there at
//! all (it asks no GPU, or a GPU model the node lacks, or more than its GPUs or CPU have free),
//! and otherwise p_t × the free milli of the GPUs each holding less than t's per-GPU request.
//! Memory is not part of the measure, as in the paper. 0 for a node with no free GPU.
[[nodiscard]] double fragmentedGpuMilli(std::int64_t freeMillicores, std::span<const model::GpuShare> gpus,
                                        std::string_view gpuModel, std::span<const ExpectedPod> workload);

//! The same for a node whose GPUs have `freeMilli` free each (0–1000; any order).
[[nodiscard]] double fragmentedGpuMilli(std::int64_t freeMillicores, std::span<const std::int32_t> freeMilli,
                                        std::string_view gpuModel, std::span<const ExpectedPod> workload);

} // namespace orrery::policy
