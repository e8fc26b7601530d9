#pragma once
#include <cstdint>

namespace orrery::model {

//! Thousandths of one GPU: the unit in which GPUs are shared (the Alibaba 2023 trace's
//! `gpu_milli`; docs/model.md, "GPU sharing").
inline constexpr std::int32_t kMilliPerGpu = 1000;

//! One GPU of a node, as pods hold it: by fraction (several pods share it, each holding some
//! milli-GPU) or whole (one pod holds it all). A whole-GPU request takes only a GPU nobody holds
//! any part of.
struct GpuShare {
    std::int32_t usedMilli = 0; //!< 0–1000: milli-GPU held on this device
    bool whole = false;         //!< held by a whole-GPU request (then usedMilli == 1000)

    [[nodiscard]] std::int32_t freeMilli() const { return kMilliPerGpu - usedMilli; }
};

} // namespace orrery::model
