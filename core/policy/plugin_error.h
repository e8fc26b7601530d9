#pragma once
#include <stdexcept>

namespace orrery::policy {

//! A plugin problem the caller must not ignore: a duplicate plugin id, an unknown plugin, a
//! policy that cannot be created, invalid parameters. (Libraries that merely fail to load are
//! skipped with a PluginWarning instead.)
class PluginError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace orrery::policy
