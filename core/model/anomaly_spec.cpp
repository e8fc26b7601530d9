#include "model/anomaly_spec.h"

#include <array>

namespace orrery::model {

namespace {
constexpr std::array<std::string_view, kAnomalyKindCount> kNames = {
    "cpu", "memory-bandwidth", "llc", "disk-io", "network-bandwidth", "network-delay", "workload-variation"};
} // namespace

std::string_view toString(AnomalyKind kind)
{
    return kNames[static_cast<int>(kind)];
}

std::optional<AnomalyKind> parseAnomalyKind(std::string_view name)
{
    for (int i = 0; i < kAnomalyKindCount; ++i) {
        if (kNames[i] == name)
            return static_cast<AnomalyKind>(i);
    }
    return std::nullopt;
}

const std::vector<std::string>& anomalyKindNames()
{
    static const std::vector<std::string> kList(kNames.begin(), kNames.end());
    return kList;
}

} // namespace orrery::model
