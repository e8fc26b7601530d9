#include "live/http_client.h"

#include "live/live_error.h"

#include <curl/curl.h>

#include <algorithm>
#include <mutex>

namespace orrery::live {

//! The state one transfer's callbacks share.
struct HttpClient::Transfer {
    HttpResponse response;
    const std::function<bool(std::string_view)>* onData = nullptr;
    const std::atomic<bool>* stop = nullptr;
    bool stoppedByCaller = false;
    void* curl = nullptr;
    std::size_t maxBodyBytes = 0;          //!< 0: no cap (streams hand their bytes on)
    bool bodyTooLarge = false;
    curl_off_t received = 0;               //!< body bytes so far
    std::chrono::milliseconds idle{0};     //!< 0: no idle limit (streams may be quiet)
    std::chrono::steady_clock::time_point lastByteAt{};
    bool idleExpired = false;
};

namespace {

CURL* handle(void* curl) { return static_cast<CURL*>(curl); }

//! "30 s" or "1500 ms": limits are named in the unit a person set them in.
std::string describeDuration(std::chrono::milliseconds duration)
{
    const auto ms = duration.count();
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

//! "64 MiB" or "1000 bytes".
std::string describeSize(std::size_t bytes)
{
    const std::size_t mib = std::size_t(1) << 20;
    return bytes % mib == 0 ? std::to_string(bytes / mib) + " MiB" : std::to_string(bytes) + " bytes";
}

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
    transfer.maxBodyBytes = m_timeouts.maxBodyBytes;
    transfer.idle = m_timeouts.idle;
    return run(request, transfer, m_timeouts.request);
}

HttpResponse HttpClient::stream(const HttpRequest& request, const std::function<bool(std::string_view)>& onData,
                                const std::atomic<bool>* stop, std::chrono::milliseconds maxDuration)
{
    Transfer transfer;
    transfer.onData = &onData;
    transfer.stop = stop;
    transfer.maxBodyBytes = m_timeouts.maxBodyBytes; // caps only an error status's body: 2xx bytes go to onData
    return run(request, transfer, maxDuration);
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
        // Refused before it is appended: a hostile server cannot make the buffer outgrow the cap.
        if (t->maxBodyBytes != 0 && t->response.body.size() + bytes > t->maxBodyBytes) {
            t->bodyTooLarge = true;
            return 0;
        }
        // Grows by doubling as append would, but never past the cap: at most the cap is reserved.
        std::string& body = t->response.body;
        if (t->maxBodyBytes != 0 && body.capacity() < body.size() + bytes)
            body.reserve(std::min(std::max(body.capacity() * 2, body.size() + bytes), t->maxBodyBytes));
        body.append(data, bytes);
        return bytes;
    };
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write);
    transfer.curl = curl;
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    using ProgressFn = int (*)(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
    // libcurl calls this at least once a second, also while no byte arrives.
    const ProgressFn progress = [](void* user, curl_off_t, curl_off_t received, curl_off_t, curl_off_t) -> int {
        auto* t = static_cast<Transfer*>(user);
        if (t->stop != nullptr && t->stop->load()) {
            t->stoppedByCaller = true;
            return 1;
        }
        if (t->idle.count() > 0) {
            const auto now = std::chrono::steady_clock::now();
            long status = 0;
            curl_easy_getinfo(static_cast<CURL*>(t->curl), CURLINFO_RESPONSE_CODE, &status);
            if (received != t->received || (status != 0 && t->lastByteAt == std::chrono::steady_clock::time_point{})) {
                t->received = received;
                t->lastByteAt = now;
            } else if (status != 0 && now - t->lastByteAt >= t->idle) {
                t->idleExpired = true;
                return 1;
            }
        }
        return 0;
    };
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    if (transfer.maxBodyBytes != 0 && transfer.onData == nullptr) // a declared Content-Length past the cap is refused before any byte
        curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(transfer.maxBodyBytes));
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);

    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    char* contentType = nullptr;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &contentType);
    transfer.response.status = status;
    transfer.response.contentType = contentType != nullptr ? contentType : "";
    curl_off_t retryAfter = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retryAfter) == CURLE_OK && retryAfter > 0)
        transfer.response.retryAfter = std::chrono::seconds(retryAfter);
    char* redirect = nullptr;
    if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK && redirect != nullptr)
        transfer.response.redirectUrl = redirect;
    if (code == CURLE_OK || (transfer.onData != nullptr && transfer.stoppedByCaller))
        return transfer.response;

    const std::string where = request.method + " " + request.url + ": ";
    curl_off_t received = 0;
    curl_easy_getinfo(curl, CURLINFO_SIZE_DOWNLOAD_T, &received);
    const std::string receivedText = std::to_string(received) + " bytes received";
    if (transfer.bodyTooLarge || code == CURLE_FILESIZE_EXCEEDED)
        throw LiveError(LiveError::Kind::Protocol, where + "answer larger than " + describeSize(transfer.maxBodyBytes) +
                                                       ", refused (" + receivedText + ")");
    if (transfer.idleExpired)
        throw LiveError(LiveError::Kind::Unreachable, where + "no data for " + describeDuration(transfer.idle) +
                                                          " (idle timeout; " + receivedText + ")");
    const std::string curlText = errorBuffer[0] != '\0' ? errorBuffer : curl_easy_strerror(code);
    if (code == CURLE_OPERATION_TIMEDOUT) {
        curl_off_t connectedUs = 0;
        curl_off_t handshakeUs = 0;
        curl_easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connectedUs);
        curl_easy_getinfo(curl, CURLINFO_APPCONNECT_TIME_T, &handshakeUs);
        const bool tls = request.url.rfind("https:", 0) == 0;
        // libcurl counts the TLS handshake as part of connecting, so a stalled handshake may show
        // no connect time either; its own message tells the two apart.
        if (status == 0 && tls && handshakeUs == 0 && (connectedUs != 0 || curlText.find("SSL") != std::string::npos))
            throw LiveError(LiveError::Kind::Unreachable, where + "TLS handshake not finished within " +
                                                              describeDuration(m_timeouts.connect) + " (connect timeout)");
        if (status == 0 && connectedUs == 0)
            throw LiveError(LiveError::Kind::Unreachable, where + "no connection within " + describeDuration(m_timeouts.connect) +
                                                              " (connect timeout): " + curlText);
        if (transfer.onData != nullptr)
            throw LiveError(LiveError::Kind::Protocol, where + "the stream was still open after " + describeDuration(total) +
                                                           ", past the deadline the server was given (" + receivedText + ")");
        throw LiveError(LiveError::Kind::Unreachable, where + "no complete answer within " + describeDuration(total) +
                                                          " (request timeout; " + receivedText + ")");
    }
    throw LiveError(LiveError::Kind::Unreachable, where + curlText);
}

} // namespace orrery::live
