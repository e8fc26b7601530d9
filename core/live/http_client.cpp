#include "live/http_client.h"

#include "live/live_error.h"

#include <curl/curl.h>

#include <mutex>

namespace orrery::live {

//! The state one transfer's callbacks share.
struct HttpClient::Transfer {
    HttpResponse response;
    const std::function<bool(std::string_view)>* onData = nullptr;
    const std::atomic<bool>* stop = nullptr;
    bool stoppedByCaller = false;
    void* curl = nullptr;
};

namespace {

CURL* handle(void* curl) { return static_cast<CURL*>(curl); }

void initialiseCurlOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

} // namespace

HttpClient::HttpClient(HttpEndpoint endpoint, HttpTimeouts timeouts)
    : m_endpoint(std::move(endpoint)), m_timeouts(timeouts)
{
    initialiseCurlOnce();
    m_curl = curl_easy_init();
    if (m_curl == nullptr)
        throw LiveError(LiveError::Kind::Unreachable, "libcurl: cannot create a handle");
}

HttpClient::~HttpClient() { curl_easy_cleanup(handle(m_curl)); }

std::string HttpClient::escape(std::string_view text)
{
    char* escaped = curl_easy_escape(nullptr, text.data(), static_cast<int>(text.size()));
    std::string result = escaped != nullptr ? escaped : "";
    curl_free(escaped);
    return result;
}

HttpResponse HttpClient::perform(const HttpRequest& request)
{
    Transfer transfer;
    return run(request, transfer, m_timeouts.request);
}

HttpResponse HttpClient::stream(const HttpRequest& request, const std::function<bool(std::string_view)>& onData,
                                const std::atomic<bool>* stop, std::chrono::seconds maxDuration)
{
    Transfer transfer;
    transfer.onData = &onData;
    transfer.stop = stop;
    return run(request, transfer, std::chrono::duration_cast<std::chrono::milliseconds>(maxDuration));
}

HttpResponse HttpClient::run(const HttpRequest& request, Transfer& transfer, std::chrono::milliseconds total)
{
    CURL* curl = handle(m_curl);
    curl_easy_reset(curl);
    char errorBuffer[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(m_timeouts.connect.count()));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(total.count()));
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "orrery/0.1 (live)");
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.c_str());
    if (request.method == "HEAD")
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    if (!request.body.empty() || request.method == "POST" || request.method == "PATCH" || request.method == "PUT") {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.c_str());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(request.body.size()));
    }

    // TLS: blobs, so certificates and keys never touch the disk.
    auto blob = [&](CURLoption option, const std::string& pem) {
        if (pem.empty())
            return;
        curl_blob value{const_cast<char*>(pem.data()), pem.size(), CURL_BLOB_COPY};
        curl_easy_setopt(curl, option, &value);
    };
    blob(CURLOPT_CAINFO_BLOB, m_endpoint.caPem);
    blob(CURLOPT_SSLCERT_BLOB, m_endpoint.clientCertificatePem);
    blob(CURLOPT_SSLKEY_BLOB, m_endpoint.clientKeyPem);
    if (!m_endpoint.clientCertificatePem.empty()) {
        curl_easy_setopt(curl, CURLOPT_SSLCERTTYPE, "PEM");
        curl_easy_setopt(curl, CURLOPT_SSLKEYTYPE, "PEM");
    }
    if (m_endpoint.insecureSkipTlsVerify) {
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
    }

    curl_slist* headers = nullptr;
    std::string authorization;
    if (!m_endpoint.bearerToken.empty()) {
        authorization = "Authorization: Bearer " + m_endpoint.bearerToken;
        headers = curl_slist_append(headers, authorization.c_str());
    } else if (!m_endpoint.basicUser.empty()) {
        curl_easy_setopt(curl, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
        curl_easy_setopt(curl, CURLOPT_USERNAME, m_endpoint.basicUser.c_str());
        curl_easy_setopt(curl, CURLOPT_PASSWORD, m_endpoint.basicPassword.c_str());
    }
    for (const auto& header : request.headers)
        headers = curl_slist_append(headers, header.c_str());
    headers = curl_slist_append(headers, "Expect:");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);

    using WriteFn = std::size_t (*)(char*, std::size_t, std::size_t, void*);
    const WriteFn write = [](char* data, std::size_t size, std::size_t count, void* user) -> std::size_t {
        auto* t = static_cast<Transfer*>(user);
        const std::size_t bytes = size * count;
        long status = 0;
        curl_easy_getinfo(static_cast<CURL*>(t->curl), CURLINFO_RESPONSE_CODE, &status);
        // An error status carries a Status object, not a stream: keep it as the body.
        if (t->onData != nullptr && status >= 200 && status < 300) {
            if (t->stop != nullptr && t->stop->load()) {
                t->stoppedByCaller = true;
                return 0;
            }
            if (!(*t->onData)(std::string_view(data, bytes))) {
                t->stoppedByCaller = true;
                return 0;
            }
            return bytes;
        }
        t->response.body.append(data, bytes);
        return bytes;
    };
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write);
    transfer.curl = curl;
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    using ProgressFn = int (*)(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
    const ProgressFn progress = [](void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) -> int {
        auto* t = static_cast<Transfer*>(user);
        if (t->stop != nullptr && t->stop->load()) {
            t->stoppedByCaller = true;
            return 1;
        }
        return 0;
    };
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, transfer.stop != nullptr ? 0L : 1L);

    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    char* contentType = nullptr;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &contentType);
    transfer.response.status = status;
    transfer.response.contentType = contentType != nullptr ? contentType : "";
    const bool streamEnded = transfer.onData != nullptr &&
                             (transfer.stoppedByCaller || (code == CURLE_OPERATION_TIMEDOUT && status != 0));
    if (code != CURLE_OK && !streamEnded) {
        std::string what = errorBuffer[0] != '\0' ? errorBuffer : curl_easy_strerror(code);
        if (code == CURLE_OPERATION_TIMEDOUT && status == 0)
            what += " (connect timeout " + std::to_string(m_timeouts.connect.count()) + " ms)";
        throw LiveError(LiveError::Kind::Unreachable, request.method + " " + request.url + ": " + what);
    }
    return transfer.response;
}

} // namespace orrery::live
