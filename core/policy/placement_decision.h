#pragma once
#include "model/compute_kind.h"

#include <cstdint>
#include <optional>

namespace orrery::policy {

//! A placement policy's answer: a node (and which of its compute kinds runs the unit), or
//! "defer" (retry when resources free up).
struct PlacementDecision {
    bool deferred = true;
    std::uint32_t node = 0;
    //! Unset: the unit's declared compute kind. Set: one of the unit's computeOptions.
    std::optional<model::ComputeKind> compute;

    static PlacementDecision defer() { return {}; }
    static PlacementDecision onNode(std::uint32_t nodeId) { return {false, nodeId, std::nullopt}; }
    static PlacementDecision onNode(std::uint32_t nodeId, model::ComputeKind kind) { return {false, nodeId, kind}; }
};

} // namespace orrery::policy
