#pragma once
#include "policy/placement_policy.h"

#include <memory>

namespace orrery::policy {

//! Deleter that hands a placement policy back to the plugin that created it (its descriptor's
//! destroyPlacement), so allocation and deallocation happen in the same library.
struct PlacementDeleter {
    void (*destroy)(PlacementPolicy*) = nullptr;

    void operator()(PlacementPolicy* policy) const
    {
        if (policy != nullptr && destroy != nullptr)
            destroy(policy);
    }
};

//! A placement policy owned by the caller; must not outlive the PluginRegistry that made it.
using PlacementPolicyPtr = std::unique_ptr<PlacementPolicy, PlacementDeleter>;

} // namespace orrery::policy
