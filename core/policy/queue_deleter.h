#pragma once
#include "policy/queue_policy.h"

#include <memory>

namespace orrery::policy {

//! Deleter that hands a queue policy back to the plugin that created it (destroyQueue).
struct QueueDeleter {
    void (*destroy)(QueuePolicy*) = nullptr;

    void operator()(QueuePolicy* policy) const
    {
        if (policy != nullptr && destroy != nullptr)
            destroy(policy);
    }
};

//! A queue policy owned by the caller; must not outlive the PluginRegistry that made it.
using QueuePolicyPtr = std::unique_ptr<QueuePolicy, QueueDeleter>;

} // namespace orrery::policy
