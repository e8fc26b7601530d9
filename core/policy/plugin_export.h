#pragma once
// What a plugin's plugin.cpp includes to define its descriptor and its exported entry point.
//
// A plugin folder compiles its sources twice (cmake/OrreryPlugin.cmake): into a static library
// for tests and the app to register with PluginRegistry::registerStatic, and into a loadable
// module that exports one symbol, `orrery_plugin`. ORRERY_PLUGIN_MODULE is defined only for the
// module build, so the entry point exists only there and static copies never collide.
//
// Parameter-schema conventions (see policy/param_schema.h):
//  - minValue/maxValue are inclusive; an open side is ±HUGE_VAL (ORRERY_PARAM_UNBOUNDED);
//    min == max == 0 means no range at all (the zero-initialised default).
//  - defaultValue == nullptr declares an optional parameter without a default: it is absent
//    from the ParamSet unless the user writes it (check ParamSet::contains), and its help text
//    says what the plugin does then.
#include "policy/batch_placement_policy.h"
#include "policy/queue_policy.h"
#include "policy/control_policy.h"
#include "policy/placement_policy.h"
#include "policy/plugin_descriptor.h"
#include "policy/policy_context.h"

#include <cmath>
#include <memory>

#define ORRERY_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))

//! An open side of a parameter's range.
#define ORRERY_PARAM_UNBOUNDED HUGE_VAL

#if defined(ORRERY_PLUGIN_MODULE)
//! Defines the exported `orrery_plugin` entry point returning `descriptorFunction()`.
#define ORRERY_PLUGIN_ENTRY(descriptorFunction)                                                   \
    ORRERY_PLUGIN_EXPORT const OrreryPluginDescriptor* orrery_plugin(void)                         \
    {                                                                                              \
        return descriptorFunction();                                                               \
    }                                                                                              \
    static_assert(true, "")
#else
#define ORRERY_PLUGIN_ENTRY(descriptorFunction) static_assert(true, "")
#endif

namespace orrery::policy {

//! Factory for OrreryPluginDescriptor::createPlacement: `Policy` is constructed from the
//! PolicyContext. Exceptions (bad context) propagate to PluginRegistry::createPlacement, which
//! reports them as PluginError.
template <class Policy>
PlacementPolicy* createPlacementOf(const PolicyContext* context)
{
    // The C ABI hands ownership across as a raw pointer; destroyPlacement takes it back.
    return std::make_unique<Policy>(*context).release();
}

//! OrreryPluginDescriptor::destroyPlacement: frees inside the library that allocated.
inline void destroyPlacement(PlacementPolicy* policy)
{
    std::unique_ptr<PlacementPolicy> owned(policy);
}

//! Factory for OrreryPluginDescriptor::createControl: `Policy` is constructed from the
//! PolicyContext; exceptions reach PluginRegistry::createControl as PluginError.
template <class Policy>
ControlPolicy* createControlOf(const PolicyContext* context)
{
    // The C ABI hands ownership across as a raw pointer; destroyControl takes it back.
    return std::make_unique<Policy>(*context).release();
}

//! OrreryPluginDescriptor::destroyControl: frees inside the library that allocated.
inline void destroyControl(ControlPolicy* policy)
{
    std::unique_ptr<ControlPolicy> owned(policy);
}

//! Factory for OrreryPluginDescriptor::createBatchPlacement: `Policy` is constructed from the
//! PolicyContext; exceptions reach PluginRegistry::createBatchPlacement as PluginError.
template <class Policy>
BatchPlacementPolicy* createBatchPlacementOf(const PolicyContext* context)
{
    // The C ABI hands ownership across as a raw pointer; destroyBatchPlacement takes it back.
    return std::make_unique<Policy>(*context).release();
}

//! OrreryPluginDescriptor::destroyBatchPlacement: frees inside the library that allocated.
inline void destroyBatchPlacement(BatchPlacementPolicy* policy)
{
    std::unique_ptr<BatchPlacementPolicy> owned(policy);
}

//! Factory for OrreryPluginDescriptor::createQueue: `Policy` is constructed from the
//! PolicyContext; exceptions reach PluginRegistry::createQueue as PluginError.
template <class Policy>
QueuePolicy* createQueueOf(const PolicyContext* context)
{
    // The C ABI hands ownership across as a raw pointer; destroyQueue takes it back.
    return std::make_unique<Policy>(*context).release();
}

//! OrreryPluginDescriptor::destroyQueue: frees inside the library that allocated.
inline void destroyQueue(QueuePolicy* policy)
{
    std::unique_ptr<QueuePolicy> owned(policy);
}

} // namespace orrery::policy
