#pragma once
#include <cstddef>
#include <string>

namespace orrery::app {

//! The CSS colour ("#rrggbb") of a policy's class label (policy.label annotations) in charts of
//! the views and the reports alike: FlowCon's NL (growing), WL (watching) and CL (converging)
//! and "flagged" have fixed colours; other labels take the series palette by `index`.
std::string classLabelColor(const std::string& label, std::size_t index);

//! What a FlowCon class label stands for ("NL" → "NL: new, growing fast"); others unchanged.
std::string classLabelDescription(const std::string& label);

} // namespace orrery::app
