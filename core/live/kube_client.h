#pragma once
#include "live/http_client.h"
#include "live/kube_objects.h"
#include "live/resolved_context.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace orrery::live {

//! One event of a watch stream (a JSON line `{"type": …, "object": …}`).
struct WatchEvent {
    enum class Type { Added, Modified, Deleted, Bookmark, Error };
    Type type = Type::Added;
    std::string resourceVersion;           //!< the object's; for a bookmark, where to resume
    std::string name;
    std::string nameSpace;
    std::string objectJson;                //!< the object, for KubeObjectParser
    long errorCode = 0;                    //!< Type::Error: the Status code (410 = Gone)
    std::string errorMessage;
};

//! How a watch() call ended.
enum class WatchEnd { Closed, Gone, Stopped };

//! The body of a PATCH request and how the server should read it.
enum class PatchType { Strategic, Merge, Json };

//! A Kubernetes API client for one context over one libcurl handle. Thread-confined (one thread
//! at a time). Non-2xx answers throw LiveError(Http) with the `Status` message and code, e.g.
//! `GET https://…/api/v1/nodes: 403 Forbidden: nodes is forbidden: User "bob" cannot list …`.
class KubeClient {
public:
    explicit KubeClient(ResolvedContext context, HttpTimeouts timeouts = {});
    ~KubeClient();
    KubeClient(const KubeClient&) = delete;
    KubeClient& operator=(const KubeClient&) = delete;

    [[nodiscard]] const ResolvedContext& context() const { return m_context; }

    //! `namespace` empty means all namespaces. Lists follow `continue` tokens `pageSize` at a time.
    KubeList<KubeNode> listNodes(int pageSize = 500);
    KubeList<KubePod> listPods(const std::string& nameSpace, int pageSize = 500);
    KubeList<KubeDeployment> listDeployments(const std::string& nameSpace, int pageSize = 500);
    KubeList<KubeReplicaSet> listReplicaSets(const std::string& nameSpace, int pageSize = 500);
    KubeList<KubeHpa> listHpas(const std::string& nameSpace, int pageSize = 500);
    KubeList<KubeEvent> listEvents(const std::string& nameSpace, int pageSize = 500);
    KubeDeployment getDeployment(const std::string& nameSpace, const std::string& name);

    //! PATCHes `path` (e.g. /apis/apps/v1/namespaces/ns/deployments/web); with `dryRun` the
    //! server validates and answers without persisting (`dryRun=All`). Returns the object's JSON.
    std::string patch(const std::string& path, const std::string& body, PatchType type, bool dryRun);

    //! Lists every page of `collectionPath`; `onItem` gets each item's JSON text.
    std::string listRaw(const std::string& collectionPath, int pageSize,
                        const std::function<void(const std::string&)>& onItem, int* pages = nullptr);
    //! One watch request from `resourceVersion` with bookmarks, until the server closes the
    //! stream, a 410 Gone arrives, `stop` is set or `onEvent` returns false.
    WatchEnd watch(const std::string& collectionPath, const std::string& resourceVersion,
                   const std::function<bool(const WatchEvent&)>& onEvent, const std::atomic<bool>* stop,
                   int timeoutSeconds = 300);

    //! GET of a path with query; the body of a 2xx answer.
    std::string get(const std::string& pathAndQuery);
    //! POSTs a JSON object to a collection (creates it, `fieldManager=orrery`); the created object's JSON.
    std::string post(const std::string& collectionPath, const std::string& body);
    //! PUTs (replaces) an object; the server refuses a stale metadata.resourceVersion with 409. The stored object's JSON.
    std::string put(const std::string& objectPath, const std::string& body);
    //! DELETEs an object with a JSON body (DeleteOptions, e.g. propagationPolicy); the answer's JSON.
    std::string remove(const std::string& objectPath, const std::string& body);

    static std::string collectionPath(const std::string& group, const std::string& resource, const std::string& nameSpace);

private:
    //! A JSON request; the body of a 2xx answer, else LiveError(Http).
    std::string sendJson(const char* method, const std::string& url, const std::string& body);
    [[noreturn]] void failWith(const std::string& method, const std::string& url, const HttpResponse& response) const;

    ResolvedContext m_context;
    std::unique_ptr<HttpClient> m_http;
};

} // namespace orrery::live
