#pragma once
#include "fleet/alibaba_gpu_pod.h"
#include "policy/expected_pod.h"

#include <vector>

namespace orrery::fleet {

//! The target workload of fragmentation-aware placement, from a pod list (Weng et al., ATC '23,
//! §3.2; docs/fleet.md, "GPU sharing replay"): pod shapes — CPU, GPUs and GPU-model constraint;
//! memory is not part of a shape — by how many pods have them, most common first (equal counts:
//! the larger shape first, comparing CPU, per-GPU milli, GPU count, model), kept until they cover
//! `coverage` of the pods; each shape's popularity is its count over the kept pods, so they sum
//! to 1. CPU-only pods are shapes too. Throws std::invalid_argument for coverage outside (0, 1]
//! or no pods.
[[nodiscard]] std::vector<policy::ExpectedPod> typicalGpuPods(const std::vector<AlibabaGpuPod>& pods, double coverage = 0.95);

} // namespace orrery::fleet
