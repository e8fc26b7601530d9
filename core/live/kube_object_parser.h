#pragma once
#include "live/kube_objects.h"

#include <string_view>

namespace orrery::live {

//! JSON text of one object (as the API server returns it) → the struct. Throws
//! LiveError(Protocol) naming the kind and the field that is wrong.
class KubeObjectParser {
public:
    static KubeNode node(std::string_view json);
    static KubePod pod(std::string_view json);
    static KubeDeployment deployment(std::string_view json);
    static KubeReplicaSet replicaSet(std::string_view json);
    static KubeHpa hpa(std::string_view json);
    static KubeEvent event(std::string_view json);
};

} // namespace orrery::live
