#pragma once
#include <string>

namespace orrery::policy {

//! A plugin library that was skipped, and why (shown by `orrery plugins` and in the log).
struct PluginWarning {
    std::string file;   //!< path of the library (or directory) concerned
    std::string reason; //!< what is wrong with it, specifically
};

} // namespace orrery::policy
