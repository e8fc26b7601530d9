#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace orrery::env {

//! Trained parameters for trainable policies, by plugin id (from the project's models table).
using PolicyModels = std::map<std::string, std::vector<std::uint8_t>>;

} // namespace orrery::env
