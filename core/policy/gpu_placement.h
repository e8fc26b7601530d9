#pragma once
#include "policy/placement_decision.h"

#include <cstdint>

namespace orrery::policy {

//! A placement on a cluster whose GPUs are shared: the node, and for a unit that shares a GPU,
//! which of the node's GPUs takes it. Added in policy API 1.6.
struct GpuPlacement {
    PlacementDecision decision;
    //! The GPU (an index into the node's GPUs) for a shared request; −1 lets the host choose the
    //! fullest GPU it fits on (lowest index first). Ignored for whole GPUs, which are interchangeable.
    std::int32_t gpu = -1;

    static GpuPlacement defer() { return {}; }
    static GpuPlacement onGpu(std::uint32_t node, std::int32_t gpu) { return {PlacementDecision::onNode(node), gpu}; }
};

} // namespace orrery::policy
