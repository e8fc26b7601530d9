#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::live {

//! TLS and authentication of one endpoint (no credentials are ever written to disk).
struct HttpEndpoint {
    std::string caPem;                     //!< empty: the system trust store
    std::string clientCertificatePem;
    std::string clientKeyPem;
    bool insecureSkipTlsVerify = false;
    std::string bearerToken;
    std::string basicUser;
    std::string basicPassword;
};

//! Time limits: an unreachable server must fail fast (k9s #3471 hangs forever).
struct HttpTimeouts {
    std::chrono::milliseconds connect{5000};
    std::chrono::milliseconds request{10000}; //!< whole request, for non-streaming calls
};

struct HttpRequest {
    std::string method = "GET";
    std::string url;
    std::vector<std::string> headers;      //!< "Name: value"
    std::string body;
};

struct HttpResponse {
    long status = 0;
    std::string contentType;
    std::string body;
};

//! One libcurl easy handle, reused across requests (keep-alive). Thread-confined: use it from
//! one thread at a time. Transport failures throw LiveError(Unreachable) naming method and URL;
//! HTTP error statuses are returned, not thrown.
class HttpClient {
public:
    HttpClient(HttpEndpoint endpoint, HttpTimeouts timeouts);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    HttpResponse perform(const HttpRequest& request);
    //! Streams the body to `onData` (return false to stop) until the server closes it, `stop`
    //! becomes true, or `maxDuration` passes. Returns the status (body holds the text of an
    //! error status, content type is filled).
    HttpResponse stream(const HttpRequest& request, const std::function<bool(std::string_view)>& onData,
                        const std::atomic<bool>* stop, std::chrono::seconds maxDuration);

    [[nodiscard]] const HttpTimeouts& timeouts() const { return m_timeouts; }
    //! `text` percent-encoded for a query string.
    static std::string escape(std::string_view text);

private:
    struct Transfer;
    HttpResponse run(const HttpRequest& request, Transfer& transfer, std::chrono::milliseconds total);

    void* m_curl = nullptr;                //!< CURL*; kept opaque so callers need no curl headers
    HttpEndpoint m_endpoint;
    HttpTimeouts m_timeouts;
};

} // namespace orrery::live
