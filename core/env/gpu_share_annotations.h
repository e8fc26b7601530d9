#pragma once
#include "model/gpu_share.h"
#include "sim/run_recorder.h"
#include "sim/sim_time.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::env {

//! Annotation kinds of a run's GPUs at one moment (docs/model.md, "GPU sharing"): one annotation
//! per GPU, `target` "<node>/<GPU index>", `intensity` the fraction held (milli-GPU / 1000),
//! start = end = the moment. Free GPUs are recorded too, so the record alone gives every GPU.
inline constexpr std::string_view kGpuShareKind = "gpu.share";  //!< shared by fraction
inline constexpr std::string_view kGpuWholeKind = "gpu.whole";  //!< held whole by one task
inline constexpr std::string_view kGpuFreeKind = "gpu.free";    //!< nobody holds any of it

//! Every node's GPUs at one moment, by node name.
struct GpuShareSnapshot {
    sim::SimTime at = 0;
    std::map<std::string, std::vector<model::GpuShare>> nodes; //!< GPUs in device order
};

//! The annotations of `nodes`' GPUs at `at` (nodes and GPUs in the order given).
[[nodiscard]] std::vector<sim::RunAnnotation> gpuShareAnnotations(
    const std::vector<std::pair<std::string, std::vector<model::GpuShare>>>& nodes, sim::SimTime at);

//! The GPUs that `annotations` record, or nothing when they hold no GPU annotation. A node's list
//! reaches its highest annotated GPU; GPUs not annotated are free. Annotations of other kinds are
//! ignored; a malformed target (no "/", a bad index) is skipped.
[[nodiscard]] std::optional<GpuShareSnapshot> readGpuShareAnnotations(const std::vector<sim::RunAnnotation>& annotations);

} // namespace orrery::env
