#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
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

//! Time and size limits: an unreachable server must fail fast (k9s #3471 hangs forever) and a
//! hostile one must not make the client wait or buffer without end (docs/reliability.md).
struct HttpTimeouts {
    std::chrono::milliseconds connect{5000};  //!< TCP connect and TLS handshake together
    std::chrono::milliseconds request{10000}; //!< whole request, for non-streaming calls; for a
                                              //!< stream, the slack past its own deadline
    //! Once an answer has begun, no new byte for this long ends it (a body stalled mid-way).
    //! Time before the first byte is the server thinking (a Prometheus query): `request` bounds it.
    std::chrono::milliseconds idle{30000};
    //! A non-streaming answer larger than this is refused instead of buffered (64 MiB: a page of
    //! 500 pods is a few MB; a Prometheus answer past this is a query to narrow).
    std::size_t maxBodyBytes = std::size_t(64) << 20;
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
    std::chrono::seconds retryAfter{0};    //!< a 429/503 answer's Retry-After (seconds or date), else 0
    std::string redirectUrl;               //!< a 3xx answer's Location; redirects are never followed
};

//! One libcurl easy handle, reused across requests (keep-alive). Thread-confined: use it from
//! one thread at a time. Transport failures and timeouts throw LiveError(Unreachable) naming
//! method, URL and the limit that ended it; an answer past maxBodyBytes throws
//! LiveError(Protocol). HTTP error statuses are returned, not thrown; redirects are returned
//! too, never followed (a bearer token must not travel to wherever a Location points).
class HttpClient {
public:
    HttpClient(HttpEndpoint endpoint, HttpTimeouts timeouts);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    HttpResponse perform(const HttpRequest& request);
    //! Streams the body to `onData` (return false to stop) until the server closes it or `stop`
    //! becomes true. Returns the status (body holds the text of an error status, content type is
    //! filled). A stream still open after `maxDuration` throws LiveError(Protocol): the caller
    //! asked the server to end it sooner.
    HttpResponse stream(const HttpRequest& request, const std::function<bool(std::string_view)>& onData,
                        const std::atomic<bool>* stop, std::chrono::milliseconds maxDuration);

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
