#pragma once
#include "policy/batch_placement_policy.h"

#include <memory>

namespace orrery::policy {

//! Deleter that hands a batch placement policy back to the plugin that created it (its
//! descriptor's destroyBatchPlacement).
struct BatchPlacementDeleter {
    void (*destroy)(BatchPlacementPolicy*) = nullptr;

    void operator()(BatchPlacementPolicy* policy) const
    {
        if (policy != nullptr && destroy != nullptr)
            destroy(policy);
    }
};

//! A batch placement policy owned by the caller; must not outlive the PluginRegistry that made it.
using BatchPlacementPolicyPtr = std::unique_ptr<BatchPlacementPolicy, BatchPlacementDeleter>;

} // namespace orrery::policy
