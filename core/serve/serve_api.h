#pragma once
#include "serve/field_selector.h"
#include "serve/label_selector.h"
#include "serve/object_store.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace orrery::serve {

class ServedCluster;

//! One HTTP request as the transport read it.
struct ServeRequest {
    std::string method;                          //!< GET, PATCH, …
    std::string path;                            //!< without the query, percent-decoded
    std::map<std::string, std::string> query;    //!< decoded parameters
    std::string contentType;
    std::string body;
    std::string accept;                          //!< the Accept header (kubectl get asks for a Table)
};

//! Where a watch stream stands: which objects, from which resourceVersion, until when.
struct WatchCursor {
    ResourceKind kind = ResourceKind::Pod;
    std::string nameSpace;                       //!< empty: every namespace
    std::uint64_t resourceVersion = 0;           //!< the last one delivered
    bool bookmarks = false;
    int timeoutSeconds = 1800;
    std::optional<LabelSelector> selector;
    std::optional<FieldSelector> fields;
    //! With a selector: keys of the objects the client has been told match. An object that stops
    //! matching is sent as DELETED, one that starts as ADDED, as the API server's watch cache does.
    std::set<std::string> shown;
    std::string kindName;                        //!< "Pod", for bookmarks
    std::string apiVersion;                      //!< "v1", for bookmarks
    //! The client asked for Tables (kubectl get -w): each event's object is a one-row Table,
    //! with the column definitions in the first only, as the API server sends them.
    bool table = false;
    bool columnsSent = false;
    std::string includeObject;                   //!< the Table's includeObject parameter
};

//! The answer to one request: a plain response, or (`watch` set) the start of a watch stream
//! whose first lines are `body` (initial ADDED events, or a 410 ERROR event and `endStream`).
struct ServeResponse {
    int code = 200;
    std::string contentType = "application/json";
    std::string body;
    std::optional<WatchCursor> watch;
    bool endStream = false;
    std::vector<std::string> warnings; //!< `Warning` header values (299 - "unknown field …")
};

//! The Kubernetes API and /metrics of a ServedCluster, transport-free: discovery (/api, /apis,
//! /version), list (limit/continue, labelSelector, fieldSelector) and get of nodes, pods,
//! deployments, replicasets, events, leases (and empty horizontalpodautoscalers), watch from a
//! resourceVersion with bookmarks (410 Gone as an ERROR event once the event log no longer covers
//! it), PATCH of deployments and of their scale subresource (dryRun=All); POST, binding (the pod's
//! subresource and the namespace's `bindings`) and DELETE of standalone pods, POST/PUT/DELETE of
//! events and leases (serve/api_objects.h), their bodies decoded under `fieldValidation`
//! (serve/field_validation.h); /metrics, /healthz. Failures are Status objects.
class ServeApi {
public:
    explicit ServeApi(ServedCluster& cluster);

    ServeResponse handle(const ServeRequest& request);
    //! The event lines a watch has not seen yet (each `{"type":…,"object":…}\n`); advances the
    //! cursor. Sets `gone` (and returns the 410 ERROR line) when the log no longer covers it.
    std::string poll(WatchCursor& cursor, bool& gone) const;
    //! A BOOKMARK event at the cursor's resourceVersion.
    static std::string bookmark(const WatchCursor& cursor);

private:
    //! One watch event line for `object`: as it is, or as a one-row Table when the cursor asks.
    std::string eventLine(WatchCursor& cursor, const char* type, const nlohmann::json& object) const;
    //! A stored event line, re-rendered as a Table event.
    std::string tableLine(WatchCursor& cursor, const std::string& line) const;
    ServeResponse list(const ServeRequest& request, ResourceKind kind, const std::string& nameSpace,
                       const std::string& listKind, const std::string& apiVersion) const;
    ServeResponse startWatch(const ServeRequest& request, ResourceKind kind, const std::string& nameSpace,
                             const std::string& kindName, const std::string& apiVersion) const;

    ServedCluster& m_cluster;
};

} // namespace orrery::serve
