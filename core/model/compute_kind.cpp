#include "model/compute_kind.h"

namespace orrery::model {

const char* toString(ComputeKind kind)
{
    switch (kind) {
    case ComputeKind::Cpu: return "cpu";
    case ComputeKind::Gpu: return "gpu";
    case ComputeKind::Asic: return "asic";
    case ComputeKind::Fpga: return "fpga";
    }
    return "unknown";
}

std::optional<ComputeKind> parseComputeKind(std::string_view text)
{
    for (int i = 0; i < kComputeKindCount; ++i) {
        const auto kind = static_cast<ComputeKind>(i);
        if (text == toString(kind))
            return kind;
    }
    return std::nullopt;
}

Resources requestOn(const Resources& request, ComputeKind kind)
{
    Resources moved = request;
    for (auto& count : moved.devices)
        count = 0;
    if (const auto device = deviceOf(kind))
        moved.deviceCount(*device) = 1;
    return moved;
}

} // namespace orrery::model
