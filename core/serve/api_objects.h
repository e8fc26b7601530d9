#pragma once
#include "serve/object_store.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace orrery::serve {

//! An API answer: HTTP code and body (the object, or a Status).
struct ApiAnswer {
    int code = 200;
    std::string body;
};

// Objects a client creates in a served cluster, kept as the API server keeps them
// (docs/live-clusters.md, "The simulator served as a cluster"): pods that wait for a scheduler,
// their Bindings, Events and Leases. The served simulation does not run these pods' work; a bound
// pod is shown Running from the next control period on, so a scheduler's whole path runs without
// a real cluster.

//! POST of a Pod to namespace `nameSpace`: named by metadata.name or metadata.generateName (plus 5
//! characters drawn from the store's version), stamped `now`, Pending until bound (at once when
//! spec.nodeName is given and names a node). 201 with the pod; 400, 409 AlreadyExists, 422.
ApiAnswer createPod(ObjectStore& store, const std::string& nameSpace, const std::string& body, const std::string& now,
                   const std::vector<std::string>& nodes);
//! POST of a v1 Binding to pods/<name>/binding: spec.nodeName set and PodScheduled True. 201 with
//! a Success Status; 404 for an absent pod, 409 for one already bound, 422 for an unknown node.
ApiAnswer bindPod(ObjectStore& store, const std::string& nameSpace, const std::string& name, const std::string& body,
                  const std::string& now, const std::vector<std::string>& nodes);
//! DELETE of a pod created through the API (200 with it); a Deployment's pod answers 405, since
//! the simulation owns it (scale the Deployment instead).
ApiAnswer deletePod(ObjectStore& store, const std::string& nameSpace, const std::string& name);
//! Every bound pod created through the API that is not Running yet becomes Running, stamped `now`.
void startBoundPods(ObjectStore& store, const std::string& now);

//! POST of any object of `kind` (Event, Lease): name required, 409 when it exists, 201 with it.
ApiAnswer createObject(ObjectStore& store, ResourceKind kind, const std::string& qualifiedResource, const std::string& nameSpace,
                       const std::string& body, const std::string& now);
//! PUT replacing an object: 404 when absent, 409 Conflict when the body's metadata.resourceVersion
//! is given and is not the stored one (optimistic concurrency, as leader election relies on).
ApiAnswer replaceObject(ObjectStore& store, ResourceKind kind, const std::string& qualifiedResource, const std::string& nameSpace,
                        const std::string& name, const std::string& body);

} // namespace orrery::serve
