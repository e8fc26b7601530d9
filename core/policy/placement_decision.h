#pragma once
#include <cstdint>

namespace orrery::policy {

//! A placement policy's answer: a node, or "defer" (retry when resources free up).
struct PlacementDecision {
    bool deferred = true;
    std::uint32_t node = 0;

    static PlacementDecision defer() { return {}; }
    static PlacementDecision onNode(std::uint32_t nodeId) { return {false, nodeId}; }
};

} // namespace orrery::policy
