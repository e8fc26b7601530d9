#pragma once
#include "strl/node_attributes.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::strl {

//! Which accelerator an equivalence set asks for: any node, nodes without accelerators, or
//! nodes with at least one device of a kind.
enum class AcceleratorFilter { Any, None, Gpu, Asic, Fpga };

//! "any", "none", "gpu", "asic", "fpga" → filter; nullopt otherwise.
std::optional<AcceleratorFilter> parseAcceleratorFilter(std::string_view text);

//! An equivalence set's definition: a conjunction of attribute tests over nodes.
struct NodeFilter {
    AcceleratorFilter accelerator = AcceleratorFilter::Any;
    std::map<std::string, std::string> labels; //!< every label must be present with this value
    std::int64_t minMemoryBytes = 0;
    std::int64_t minMillicores = 0;

    [[nodiscard]] bool matches(const NodeAttributes& node) const;
};

} // namespace orrery::strl
