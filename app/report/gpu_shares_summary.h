#pragma once
#include "env/gpu_share_annotations.h"
#include "store/ids.h"
#include "store/project.h"

#include <cstdint>
#include <string>

namespace orrery::app {

//! What a run's recorded GPUs add up to (env/gpu_share_annotations.h).
struct GpuShareCounts {
    std::int64_t gpus = 0;
    std::int64_t whole = 0;           //!< held whole by one task
    std::int64_t shared = 0;          //!< held in part by one or more shares
    std::int64_t free = 0;            //!< nobody holds any of it
    std::int64_t heldMilli = 0;       //!< milli-GPU held in all
    std::int64_t freeOnSharedMilli = 0; //!< milli-GPU free on partly held GPUs: the fragments
};

[[nodiscard]] GpuShareCounts countGpuShares(const env::GpuShareSnapshot& gpus);

//! An SVG map of `gpus`: a box per node (by name) with a column per GPU filled to the share held,
//! whole GPUs and shares in their own colours, at most `width` pixels wide.
[[nodiscard]] std::string svgGpuShareMap(const env::GpuShareSnapshot& gpus, int width);

//! The "GPU shares" section of a run's report: the counts and the map of the GPUs the run
//! recorded at its peak GPU allocation; empty when it recorded none.
[[nodiscard]] std::string gpuSharesSummaryHtml(const store::Project& project, store::RunId runId);

} // namespace orrery::app
