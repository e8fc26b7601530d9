#pragma once
// Internal to orrery_live (nlohmann-json stays private): JSON → structs and the list/watch plumbing.
#include "live/kube_objects.h"

#include <nlohmann/json.hpp>

#include <string>

namespace orrery::live::detail {

KubeNode nodeFromJson(const nlohmann::json& json);
KubePod podFromJson(const nlohmann::json& json);
KubeDeployment deploymentFromJson(const nlohmann::json& json);
KubeEvent eventFromJson(const nlohmann::json& json);
KubeReplicaSet replicaSetFromJson(const nlohmann::json& json);
KubeHpa hpaFromJson(const nlohmann::json& json);
std::vector<KubeContainer> containersFromJson(const nlohmann::json& podSpec, const std::string& what);
//! `key` of `object` when `object` is an object and the member a string, else "" (json::value()
//! throws nlohmann's type_error, which is no LiveError, for either of those mistakes).
std::string stringMember(const nlohmann::json& object, const char* key);
//! Parses text, throwing LiveError(Protocol) "`what`: not JSON: …" (also for nesting deeper than
//! kMaxJsonDepth).
nlohmann::json parseJson(std::string_view text, const std::string& what);

//! The deepest nesting of arrays and objects accepted from a server. Copying, dumping and
//! comparing an nlohmann::json recurse once per level, so a document nested tens of thousands
//! deep (a few dozen KB of `[`) would overflow the stack; Kubernetes objects and Prometheus
//! answers nest fewer than 20 levels.
inline constexpr int kMaxJsonDepth = 256;

//! nlohmann::json::parse that refuses nesting deeper than kMaxJsonDepth. Throws
//! nlohmann::json::exception for malformed text and std::length_error for too deep a document.
nlohmann::json parseJsonDepthLimited(std::string_view text);

} // namespace orrery::live::detail
