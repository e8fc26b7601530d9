#pragma once
#include <string>

namespace orrery::policy {

//! The class a control policy has put one target in, for people to see (e.g. FlowCon's NL, WL
//! and CL lists, seed 004 §5.2). It informs the views only; environments never act on it.
struct TargetLabel {
    std::string target; //!< TargetObservation::name
    std::string label;  //!< short, e.g. "NL"
};

} // namespace orrery::policy
