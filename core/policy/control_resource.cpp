#include "policy/control_resource.h"

namespace orrery::policy {

namespace {
constexpr std::array<std::string_view, kControlResourceCount> kNames{
    "cpu", "memory-bandwidth", "llc", "disk-io", "network", "memory", "gpu-frequency"};
}

std::string_view toString(ControlResource resource) { return kNames.at(indexOf(resource)); }

std::optional<ControlResource> controlResourceFromString(std::string_view text)
{
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (kNames[i] == text)
            return static_cast<ControlResource>(i);
    return std::nullopt;
}

} // namespace orrery::policy
