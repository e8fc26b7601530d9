#pragma once
#include "serve/object_store.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <set>
#include <string>

namespace orrery::serve {

//! An API answer: HTTP code and body (the object, or a Status).
struct ApiAnswer {
    int code = 200;
    std::string body;
};

//! The objects clients create in a served cluster, answered as kube-apiserver answers
//! (docs/live-clusters.md, "The simulator served as a cluster"): standalone pods that wait for a
//! scheduler and their Bindings, Events and Leases, in any namespace. Standalone pods hold their
//! node in the API's books only: the simulation does not run their work (it places its own
//! Deployments' instances), and its per-period republishing never touches them. A bound pod turns
//! Running at the next startBoundPods(), which ServedCluster calls once per control period.
//! Timestamps are the wall clock's UTC (not the served calendar), so pod ages, Event times and
//! Lease renewals read as the clients that wrote them expect.
class ApiObjects {
public:
    //! The owner (a ReplicaSet's name) of a pod name the simulation keeps for itself; empty when free.
    using ReservedName = std::function<std::string(const std::string& nameSpace, const std::string& name)>;

    //! At most `maxEvents` Events are kept: the oldest go first (DELETED), as the API server's
    //! event TTL would drop them.
    ApiObjects(ObjectStore& store, std::size_t maxEvents, ReservedName reserved = {});

    //! POST of a Pod: named by metadata.name or generateName (+5 characters of the generated-name
    //! alphabet), validated (containers with name and image), Pending with its qosClass; bound at
    //! once with spec.nodeName. 201 with the pod; 400, 409 AlreadyExists, 422 Invalid.
    ApiAnswer createPod(const std::string& nameSpace, const std::string& body);
    //! POST of a v1 Binding to pods/{name}/binding: spec.nodeName set, PodScheduled True, 201 with
    //! a Success Status. 400 (name differs from the URL's), 404 (no pod), 409 (already assigned,
    //! scheduling gates, a stale uid or resourceVersion precondition), 422 (no such node).
    ApiAnswer bindPod(const std::string& nameSpace, const std::string& name, const std::string& body);
    //! DELETE of a standalone pod (200 with it, removed at once: no kubelet to wait for); a
    //! Deployment's pod answers 405 MethodNotAllowed (scale the Deployment instead); 404.
    ApiAnswer deletePod(const std::string& nameSpace, const std::string& name);
    //! Every standalone pod bound since the last call turns Running on its node.
    void startBoundPods();

    //! POST of an Event or a Lease (201; 400, 409 AlreadyExists, 422).
    ApiAnswer create(ResourceKind kind, const std::string& nameSpace, const std::string& body);
    //! PUT of an Event or a Lease: 200; 404 when absent; 409 Conflict when the body's
    //! metadata.resourceVersion (or uid) is set and is not the stored one.
    ApiAnswer replace(ResourceKind kind, const std::string& nameSpace, const std::string& name, const std::string& body);
    //! DELETE of an Event or a Lease: 200 with a Success Status; 404.
    ApiAnswer remove(ResourceKind kind, const std::string& nameSpace, const std::string& name);

    [[nodiscard]] bool isStandalonePod(const std::string& nameSpace, const std::string& name) const;
    //! Namespaces clients created objects in (they exist once used, in a served cluster).
    [[nodiscard]] const std::set<std::string>& namespaces() const { return m_namespaces; }
    //! Now, UTC, RFC 3339 to the second ("2026-11-28T21:30:00Z").
    static std::string now();

private:
    //! The body of a POST of `kind` parsed, its namespace checked and its name (or generated name)
    //! in `name`; nothing, with `failure` set, when it is not JSON or names another namespace.
    std::optional<nlohmann::json> createdBody(ResourceKind kind, const std::string& nameSpace, const std::string& body,
                                              std::string& name, ApiAnswer& failure) const;
    [[nodiscard]] std::string generatedName(ResourceKind kind, const std::string& nameSpace, const std::string& prefix) const;
    void keepEvent(const std::string& nameSpace, const std::string& name);

    ObjectStore& m_store;
    std::size_t m_maxEvents;
    ReservedName m_reserved;
    std::set<std::string> m_standalone;   //!< keys (namespace/name) of pods created through the API
    std::set<std::string> m_bound;        //!< standalone pods bound and not Running yet
    std::deque<std::string> m_eventOrder; //!< Event keys, oldest first
    std::set<std::string> m_namespaces;
    std::uint32_t m_started = 0;          //!< pods started so far (their IPs)
};

} // namespace orrery::serve
