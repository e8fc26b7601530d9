#pragma once
// Internal to orrery_live (nlohmann-json stays private): JSON → structs and the list/watch plumbing.
#include "live/kube_objects.h"

#include <nlohmann/json.hpp>

#include <string>

namespace orrery::live::detail {

KubeNode nodeFromJson(const nlohmann::json& json);
KubePod podFromJson(const nlohmann::json& json);
KubeDeployment deploymentFromJson(const nlohmann::json& json);
KubeReplicaSet replicaSetFromJson(const nlohmann::json& json);
KubeHpa hpaFromJson(const nlohmann::json& json);
std::vector<KubeContainer> containersFromJson(const nlohmann::json& podSpec, const std::string& what);
//! Parses text, throwing LiveError(Protocol) "`what`: not JSON: …".
nlohmann::json parseJson(std::string_view text, const std::string& what);

} // namespace orrery::live::detail
