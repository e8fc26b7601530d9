#pragma once
#include "policy/control_policy.h"

#include <memory>

namespace orrery::policy {

//! Deleter that hands a control policy back to the plugin that created it (its descriptor's
//! destroyControl), so allocation and deallocation happen in the same library.
struct ControlDeleter {
    void (*destroy)(ControlPolicy*) = nullptr;

    void operator()(ControlPolicy* policy) const
    {
        if (policy != nullptr && destroy != nullptr)
            destroy(policy);
    }
};

//! A control policy owned by the caller; must not outlive the PluginRegistry that made it.
using ControlPolicyPtr = std::unique_ptr<ControlPolicy, ControlDeleter>;

} // namespace orrery::policy
