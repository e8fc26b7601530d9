#pragma once
#include "serve/api_objects.h"
#include "serve/object_store.h"

#include <string>

namespace orrery::serve {

//! A PATCH of a served Node as `kubectl taint`, `kubectl cordon` and `kubectl label` send it
//! (merge or strategic-merge patch): `metadata.labels` (null removes one), `spec.taints` (the list
//! replaced; each needs a key and an effect NoSchedule, PreferNoSchedule or NoExecute) and
//! `spec.unschedulable`. 200 with the node; 404, 400 (not JSON), 415 (another patch type), 422
//! (anything else: capacity and status come from the scenario).
ApiAnswer patchNode(ObjectStore& store, const std::string& name, const std::string& contentType, const std::string& body);

} // namespace orrery::serve
