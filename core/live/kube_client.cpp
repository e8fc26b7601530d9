#include "live/kube_client.h"

#include "live/kube_json.h"
#include "live/kube_list_page.h"
#include "live/live_error.h"
#include "live/watch_stream_decoder.h"

#include <exception>

namespace orrery::live {
namespace {

const char* reasonPhrase(long status)
{
    switch (status) {
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return "";
    }
}

HttpEndpoint endpointOf(const ResolvedContext& context)
{
    return {context.caPem,        context.clientCertificatePem, context.clientKeyPem, context.insecureSkipTlsVerify,
            context.bearerToken,  context.basicUser,            context.basicPassword};
}

std::string withQuery(const std::string& path, const std::string& query)
{
    return path + (path.find('?') == std::string::npos ? "?" : "&") + query;
}

} // namespace

KubeClient::KubeClient(ResolvedContext context, HttpTimeouts timeouts)
    : m_context(std::move(context)), m_http(std::make_unique<HttpClient>(endpointOf(m_context), timeouts))
{
}

KubeClient::~KubeClient() = default;

std::string KubeClient::collectionPath(const std::string& group, const std::string& resource, const std::string& nameSpace)
{
    const std::string prefix = group.empty() ? "/api/v1" : "/apis/" + group;
    return prefix + (nameSpace.empty() ? "" : "/namespaces/" + nameSpace) + "/" + resource;
}

void KubeClient::failWith(const std::string& method, const std::string& url, const HttpResponse& response) const
{
    std::string message = std::to_string(response.status);
    if (const char* phrase = reasonPhrase(response.status); *phrase != '\0')
        message += std::string(" ") + phrase;
    if (!response.redirectUrl.empty())
        message += " to " + response.redirectUrl + " (redirects are not followed)";
    if (response.retryAfter.count() > 0)
        message += ", retry after " + std::to_string(response.retryAfter.count()) + " s";
    const auto status = nlohmann::json::parse(response.body, nullptr, false);
    if (status.is_object() && status.value("kind", "") == "Status" && status.contains("message"))
        message += ": " + status.value("message", "");
    else if (!response.body.empty())
        message += ": " + response.body.substr(0, 200);
    throw LiveError(LiveError::Kind::Http, method + " " + url + ": " + message, response.status, response.retryAfter);
}

std::string KubeClient::get(const std::string& pathAndQuery)
{
    const std::string url = m_context.server + pathAndQuery;
    const HttpResponse response = m_http->perform({"GET", url, {"Accept: application/json"}, {}});
    if (response.status < 200 || response.status >= 300)
        failWith("GET", url, response);
    return response.body;
}

std::string KubeClient::post(const std::string& collectionPath, const std::string& body)
{
    return sendJson("POST", m_context.server + withQuery(collectionPath, "fieldManager=orrery"), body);
}

std::string KubeClient::put(const std::string& objectPath, const std::string& body)
{
    return sendJson("PUT", m_context.server + withQuery(objectPath, "fieldManager=orrery"), body);
}

std::string KubeClient::remove(const std::string& objectPath, const std::string& body)
{
    return sendJson("DELETE", m_context.server + objectPath, body);
}

std::string KubeClient::sendJson(const char* method, const std::string& url, const std::string& body)
{
    const HttpResponse response = m_http->perform({method, url, {"Content-Type: application/json", "Accept: application/json"}, body});
    if (response.status < 200 || response.status >= 300)
        failWith(method, url, response);
    return response.body;
}

std::string KubeClient::listRaw(const std::string& collectionPath, int pageSize,
                                const std::function<void(const std::string&)>& onItem, int* pages)
{
    std::string continueToken;
    std::string resourceVersion;
    int count = 0;
    do {
        std::string query = "limit=" + std::to_string(pageSize);
        if (!continueToken.empty())
            query += "&continue=" + HttpClient::escape(continueToken);
        const std::string url = withQuery(collectionPath, query);
        const KubeListPage page = KubeListPage::parse(get(url), "GET " + m_context.server + url);
        ++count;
        if (!page.resourceVersion.empty())
            resourceVersion = page.resourceVersion;
        continueToken = page.continueToken;
        for (const std::string& item : page.items)
            onItem(item);
    } while (!continueToken.empty());
    if (pages != nullptr)
        *pages = count;
    return resourceVersion;
}

namespace {

template <typename T>
KubeList<T> listAs(KubeClient& client, const std::string& path, int pageSize, T (*convert)(const nlohmann::json&))
{
    KubeList<T> list;
    list.resourceVersion = client.listRaw(
        path, pageSize, [&](const std::string& item) { list.items.push_back(convert(nlohmann::json::parse(item))); },
        &list.pages);
    return list;
}

} // namespace

KubeList<KubeNode> KubeClient::listNodes(int pageSize)
{
    return listAs(*this, collectionPath("", "nodes", ""), pageSize, &detail::nodeFromJson);
}

KubeList<KubePod> KubeClient::listPods(const std::string& nameSpace, int pageSize)
{
    return listAs(*this, collectionPath("", "pods", nameSpace), pageSize, &detail::podFromJson);
}

KubeList<KubeEvent> KubeClient::listEvents(const std::string& nameSpace, int pageSize)
{
    return listAs(*this, collectionPath("", "events", nameSpace), pageSize, &detail::eventFromJson);
}

KubeList<KubeDeployment> KubeClient::listDeployments(const std::string& nameSpace, int pageSize)
{
    return listAs(*this, collectionPath("apps/v1", "deployments", nameSpace), pageSize, &detail::deploymentFromJson);
}

KubeList<KubeReplicaSet> KubeClient::listReplicaSets(const std::string& nameSpace, int pageSize)
{
    return listAs(*this, collectionPath("apps/v1", "replicasets", nameSpace), pageSize, &detail::replicaSetFromJson);
}

KubeList<KubeHpa> KubeClient::listHpas(const std::string& nameSpace, int pageSize)
{
    return listAs(*this, collectionPath("autoscaling/v1", "horizontalpodautoscalers", nameSpace), pageSize,
                  &detail::hpaFromJson);
}

KubeDeployment KubeClient::getDeployment(const std::string& nameSpace, const std::string& name)
{
    const std::string path = collectionPath("apps/v1", "deployments", nameSpace) + "/" + name;
    return detail::deploymentFromJson(detail::parseJson(get(path), "GET " + m_context.server + path));
}

std::string KubeClient::patch(const std::string& path, const std::string& body, PatchType type, bool dryRun)
{
    const char* contentType = type == PatchType::Strategic ? "application/strategic-merge-patch+json"
                              : type == PatchType::Merge   ? "application/merge-patch+json"
                                                           : "application/json-patch+json";
    const std::string url = m_context.server + withQuery(path, std::string("fieldManager=orrery") + (dryRun ? "&dryRun=All" : ""));
    const HttpResponse response = m_http->perform(
        {"PATCH", url, {std::string("Content-Type: ") + contentType, "Accept: application/json"}, body});
    if (response.status < 200 || response.status >= 300)
        failWith("PATCH", url, response);
    return response.body;
}

WatchEnd KubeClient::watch(const std::string& collectionPath, const std::string& resourceVersion,
                           const std::function<bool(const WatchEvent&)>& onEvent, const std::atomic<bool>* stop,
                           int timeoutSeconds)
{
    const std::string url = m_context.server +
                            withQuery(collectionPath, "watch=1&allowWatchBookmarks=true&resourceVersion=" +
                                                          HttpClient::escape(resourceVersion) +
                                                          "&timeoutSeconds=" + std::to_string(timeoutSeconds));
    WatchStreamDecoder decoder("watch " + url);
    WatchEnd end = WatchEnd::Closed;
    // An exception must not unwind through libcurl's C frames: a bad line stops the transfer and
    // its LiveError is rethrown once stream() has returned.
    std::exception_ptr failure;
    const auto onData = [&](std::string_view chunk) {
        try {
            return decoder.feed(chunk, [&](const WatchEvent& event) {
                if (!onEvent(event)) {
                    end = WatchEnd::Stopped;
                    return false;
                }
                if (event.type == WatchEvent::Type::Error && event.errorCode == 410) {
                    end = WatchEnd::Gone;
                    return false;
                }
                return true;
            });
        } catch (...) {
            failure = std::current_exception();
            return false;
        }
    };
    // The server ends the stream after timeoutSeconds; one that does not is cut after the
    // request timeout's worth of slack more (a drip, or events without end).
    const HttpResponse response = m_http->stream({"GET", url, {"Accept: application/json"}, {}}, onData, stop,
                                                 std::chrono::seconds(timeoutSeconds) + m_http->timeouts().request);
    if (failure)
        std::rethrow_exception(failure);
    // A partial last line (decoder.pending()) is an event the server did not finish sending; the
    // next watch resumes from the last delivered resourceVersion, so the server sends it again.
    if (response.status == 410)
        return WatchEnd::Gone;
    if (response.status < 200 || response.status >= 300)
        failWith("GET", url, response);
    if (stop != nullptr && stop->load())
        return WatchEnd::Stopped;
    return end;
}

} // namespace orrery::live
