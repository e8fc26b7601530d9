#pragma once
#include <string_view>

namespace orrery::model {

//! Whether a device of model `offered` satisfies a request for `wanted`: any model when `wanted`
//! is empty, else an exact (case-sensitive) match of one of its '|'-separated alternatives, as the
//! Alibaba trace's gpu_spec ("V100M16|V100M32") is matched by its cluster's scheduler.
[[nodiscard]] inline bool deviceModelAccepts(std::string_view wanted, std::string_view offered)
{
    if (wanted.empty())
        return true;
    bool anyAlternative = false;
    while (true) {
        const std::size_t bar = wanted.find('|');
        const std::string_view alternative = wanted.substr(0, bar);
        if (!alternative.empty()) {
            anyAlternative = true;
            if (alternative == offered)
                return true;
        }
        if (bar == std::string_view::npos)
            return !anyAlternative; // "|" alone names no model: any will do
        wanted.remove_prefix(bar + 1);
    }
}

} // namespace orrery::model
