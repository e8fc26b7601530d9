#include "model/contended_resource.h"

namespace orrery::model {

namespace {
constexpr std::array<std::string_view, kContendedResourceCount> kNames = {"cpu", "memoryBandwidth", "llc", "diskIo",
                                                                          "networkBandwidth", "accelerator"};
} // namespace

std::string_view toString(ContendedResource resource)
{
    return kNames[static_cast<int>(resource)];
}

std::optional<ContendedResource> parseContendedResource(std::string_view key)
{
    for (int i = 0; i < kContendedResourceCount; ++i) {
        if (kNames[i] == key)
            return static_cast<ContendedResource>(i);
    }
    return std::nullopt;
}

} // namespace orrery::model
