#pragma once
#include "model/gpu_share.h"

#include <cstdint>

namespace orrery::model {

//! What a pod asks of a node's GPUs: whole GPUs, or a share of one (the Alibaba 2023 trace's
//! `num_gpu` and `gpu_milli`; docs/model.md, "GPU sharing"). A share and whole GPUs never mix.
struct GpuRequest {
    std::int32_t wholeGpus = 0;   //!< GPUs held whole, each free of any share
    std::int32_t sharedMilli = 0; //!< 1–999: thousandths of one GPU others may share; 0: none

    [[nodiscard]] bool shares() const { return sharedMilli > 0; }
    //! Milli-GPU the request holds: 1000 per whole GPU, or the share.
    [[nodiscard]] std::int64_t milli() const { return std::int64_t{kMilliPerGpu} * wholeGpus + sharedMilli; }
    [[nodiscard]] bool empty() const { return wholeGpus == 0 && sharedMilli == 0; }

    //! The trace's form: `num_gpu` GPUs of `gpu_milli` each; one GPU of less than 1000 is a share.
    [[nodiscard]] static GpuRequest fromTrace(std::int32_t gpuCount, std::int32_t gpuMilli)
    {
        if (gpuCount == 1 && gpuMilli > 0 && gpuMilli < kMilliPerGpu)
            return {0, gpuMilli};
        return {gpuCount, 0};
    }
};

} // namespace orrery::model
