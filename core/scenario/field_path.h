#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace orrery::scenario {

// Field paths name a place in a scenario the way messages and editors show it:
// "spec.cluster.pools[1].memory", "spec.cluster.pools[0].labels[\"kubernetes.io/arch\"]".

//! `parent.key`, or `parent["key"]` when the key is not a plain identifier.
std::string childPath(std::string_view parent, std::string_view key);
//! `parent[index]`.
std::string indexPath(std::string_view parent, std::size_t index);

} // namespace orrery::scenario
