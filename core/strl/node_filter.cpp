#include "strl/node_filter.h"

namespace orrery::strl {

std::optional<AcceleratorFilter> parseAcceleratorFilter(std::string_view text)
{
    if (text == "any")
        return AcceleratorFilter::Any;
    if (text == "none")
        return AcceleratorFilter::None;
    if (text == "gpu")
        return AcceleratorFilter::Gpu;
    if (text == "asic")
        return AcceleratorFilter::Asic;
    if (text == "fpga")
        return AcceleratorFilter::Fpga;
    return std::nullopt;
}

bool NodeFilter::matches(const NodeAttributes& node) const
{
    switch (accelerator) {
    case AcceleratorFilter::Any: break;
    case AcceleratorFilter::None:
        if (node.gpus + node.asics + node.fpgas > 0)
            return false;
        break;
    case AcceleratorFilter::Gpu:
        if (node.gpus <= 0)
            return false;
        break;
    case AcceleratorFilter::Asic:
        if (node.asics <= 0)
            return false;
        break;
    case AcceleratorFilter::Fpga:
        if (node.fpgas <= 0)
            return false;
        break;
    }
    if (node.memoryBytes < minMemoryBytes || node.millicores < minMillicores)
        return false;
    for (const auto& [key, value] : labels) {
        const auto it = node.labels.find(key);
        if (it == node.labels.end() || it->second != value)
            return false;
    }
    return true;
}

} // namespace orrery::strl
