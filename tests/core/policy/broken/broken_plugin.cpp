// Deliberately broken plugin libraries for tst_plugin_registry. The same file is built once per
// defect; exactly one ORRERY_BROKEN_<DEFECT> macro selects it (tests/core/policy/CMakeLists.txt).
// ORRERY_BROKEN_DUPLICATE builds a *valid* plugin whose id collides with first-fit.
#include "policy/plugin_export.h"

namespace {

//! Defers everything; enough to be a real factory.
class DeferAll : public orrery::policy::PlacementPolicy {
public:
    explicit DeferAll(const orrery::policy::PolicyContext& /*context*/) {}
    orrery::policy::PlacementDecision place(const orrery::policy::PendingUnit& /*unit*/,
                                            const orrery::policy::ClusterView& /*cluster*/) override
    {
        return orrery::policy::PlacementDecision::defer();
    }
};

#if defined(ORRERY_BROKEN_BAD_SCHEMA)
// The default lies outside the declared range.
constexpr OrreryParamSpec kParams[] = {
    {"workers", ORRERY_PARAM_INT, "200", 1, 100, nullptr, "worker threads"},
};
#else
constexpr OrreryParamSpec kParams[] = {
    {"workers", ORRERY_PARAM_INT, "4", 1, 100, nullptr, "worker threads"},
};
#endif

constexpr OrreryPluginDescriptor makeDescriptor()
{
    OrreryPluginDescriptor d{
        .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
        .structSize = sizeof(OrreryPluginDescriptor),
        .id = "broken",
        .displayName = "Broken",
        .version = "0.0.1",
        .compatVersion = ORRERY_POLICY_API_VERSION,
        .description = "deliberately broken test plugin",
        .kinds = ORRERY_KIND_PLACEMENT,
        .params = kParams,
        .paramCount = 1,
        .createPlacement = &orrery::policy::createPlacementOf<DeferAll>,
        .destroyPlacement = &orrery::policy::destroyPlacement,
        .trainPlacement = nullptr,
    };
#if defined(ORRERY_BROKEN_ABI_VERSION)
    d.abiVersion = 999;
#elif defined(ORRERY_BROKEN_STRUCT_SIZE)
    d.structSize = 16;
#elif defined(ORRERY_BROKEN_COMPAT_MAJOR)
    d.compatVersion = "2.0";
#elif defined(ORRERY_BROKEN_COMPAT_MINOR)
    d.compatVersion = "1.9";
#elif defined(ORRERY_BROKEN_BAD_ID)
    d.id = "Bad_ID";
#elif defined(ORRERY_BROKEN_EMPTY_NAME)
    d.displayName = "";
#elif defined(ORRERY_BROKEN_MISSING_FACTORY)
    d.createPlacement = nullptr;
#elif defined(ORRERY_BROKEN_DUPLICATE)
    d.id = "first-fit";
    d.displayName = "First-Fit (impostor)";
#endif
    return d;
}

constexpr OrreryPluginDescriptor kDescriptor = makeDescriptor();

} // namespace

#if defined(ORRERY_BROKEN_NO_SYMBOL)
// A valid shared library that is not an Orrery plugin: it exports something else.
ORRERY_PLUGIN_EXPORT int orrery_not_a_plugin(void)
{
    return kDescriptor.paramCount > 0 ? 1 : 0;
}
#elif defined(ORRERY_BROKEN_NULL_DESCRIPTOR)
ORRERY_PLUGIN_EXPORT const OrreryPluginDescriptor* orrery_plugin(void)
{
    return kDescriptor.paramCount > 1000 ? &kDescriptor : nullptr;
}
#else
ORRERY_PLUGIN_EXPORT const OrreryPluginDescriptor* orrery_plugin(void)
{
    return &kDescriptor;
}
#endif
