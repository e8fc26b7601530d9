#pragma once
#include "policy/plugin_descriptor.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace orrery::policy {

//! Why a plugin written against policy API `pluginCompat` cannot run on a host providing
//! `hostVersion` (both "major.minor"; same major and a minor no newer than the host's is
//! compatible), naming both versions; "" when compatible.
std::string compatProblem(std::string_view pluginCompat, std::string_view hostVersion = ORRERY_POLICY_API_VERSION);

//! Whether a plugin written against `pluginCompat` (a compatVersion the host accepted) sees the
//! functions of policy API minor `minor`: the host calls a virtual function added in 1.m only when
//! this holds for m.
[[nodiscard]] bool writtenForMinor(std::string_view pluginCompat, int minor);

//! Whether `id` is a valid plugin id: `[a-z0-9][a-z0-9-]*`.
bool isValidPluginId(std::string_view id);

//! Everything the registry checks before accepting a descriptor, in order: ABI version, struct
//! size, id, display name, version, compatVersion, kinds and their factories, parameter schema.
//! Returns the first problem in words, or "" when the descriptor is acceptable.
std::string descriptorProblem(const OrreryPluginDescriptor& descriptor);

//! sizeof(OrreryPluginDescriptor) as ABI-3 plugins built before trainControl existed saw it;
//! descriptorProblem accepts it as well as the full size.
inline constexpr std::uint32_t kDescriptorSizeBeforeTrainControl
    = static_cast<std::uint32_t>(offsetof(OrreryPluginDescriptor, trainControl));

//! The descriptor's trainControl, or null when it has none or was built before the field existed
//! (its structSize ends before it, so reading the field would read past the plugin's struct).
inline auto trainControlOf(const OrreryPluginDescriptor& descriptor) -> decltype(descriptor.trainControl)
{
    if (descriptor.structSize < offsetof(OrreryPluginDescriptor, trainControl) + sizeof descriptor.trainControl)
        return nullptr;
    return descriptor.trainControl;
}

//! The descriptor's createBatchPlacement and destroyBatchPlacement, or nulls when it was built
//! with a struct that ends before them (a short structSize: the trainControl-less ABI-3 layout).
inline auto batchPlacementFactoriesOf(const OrreryPluginDescriptor& descriptor)
    -> std::pair<decltype(descriptor.createBatchPlacement), decltype(descriptor.destroyBatchPlacement)>
{
    if (descriptor.structSize < sizeof(OrreryPluginDescriptor))
        return {nullptr, nullptr};
    return {descriptor.createBatchPlacement, descriptor.destroyBatchPlacement};
}

//! The descriptor's createQueue and destroyQueue, or nulls when its struct ends before them.
inline auto queueFactoriesOf(const OrreryPluginDescriptor& descriptor)
    -> std::pair<decltype(descriptor.createQueue), decltype(descriptor.destroyQueue)>
{
    if (descriptor.structSize < sizeof(OrreryPluginDescriptor))
        return {nullptr, nullptr};
    return {descriptor.createQueue, descriptor.destroyQueue};
}

//! "placement,control" for ORRERY_KIND_PLACEMENT | ORRERY_KIND_CONTROL; unknown bits as hex.
std::string kindsToString(std::uint32_t kinds);

} // namespace orrery::policy
