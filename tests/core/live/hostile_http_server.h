#pragma once
// A loopback server that misbehaves on purpose (issue 22 item 5): each connection gets the one
// hostile behaviour the server was made with. Plain POSIX sockets on threads of its own, writing
// with blocking sends, so a client that stops reading stops the server too (the kernel's socket
// buffer is all that is ever queued) and the test measures the client's memory, not the server's.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace orrery::testing {

enum class Hostility {
    SlowDrip,            //!< 200 with Content-Length 4096, then the body 1 byte per second
    EndlessBody,         //!< 200, chunked, JSON-looking bytes without end and without a newline
    EndlessWatchEvents,  //!< 200, chunked, valid watch events without end (ignores timeoutSeconds)
    HugeJson,            //!< 200, a valid NodeList of about 10 MB
    InvalidUtf8,         //!< 200, a list whose item name holds bytes that are not UTF-8
    ServerError,         //!< 500 with a Status body
    TooManyRequests,     //!< 429 with Retry-After: 2
    UnavailableUntil,    //!< 503 with Retry-After as an HTTP date 3 s ahead
    StalledTlsHandshake, //!< accepts, reads the ClientHello, never answers it
    StallMidBody,        //!< Content-Length 4096, 100 bytes, then silence with the connection open
    ShortBodyThenClose,  //!< Content-Length 4096, 100 bytes, then the connection closed
    HugeContentLength,   //!< declares Content-Length 1 TiB and sends bytes
    RedirectLoop,        //!< 302 to the very URL asked for
    OutOfOrderWatch,     //!< lists at resourceVersion 5; a watch sends 30, 10, 20 then closes
};

//! Serves one Hostility on 127.0.0.1 on a free port until destroyed.
class HostileHttpServer {
public:
    explicit HostileHttpServer(Hostility hostility);
    ~HostileHttpServer();
    HostileHttpServer(const HostileHttpServer&) = delete;
    HostileHttpServer& operator=(const HostileHttpServer&) = delete;

    //! http://127.0.0.1:port, or https:// for StalledTlsHandshake (the client must try TLS).
    [[nodiscard]] std::string url() const;
    [[nodiscard]] int connections() const { return m_connections.load(); }
    static const char* name(Hostility hostility);

    //! The HugeJson body, built once (before a test measures memory).
    static const std::string& hugeJson();

private:
    void acceptLoop();
    void serve(int socket);
    bool readRequest(int socket, std::string& target);
    bool sendAll(int socket, std::string_view bytes);
    //! Waits `milliseconds` or until the peer closes or the server stops; false for the latter two.
    bool pause(int socket, int milliseconds);
    void holdOpen(int socket);

    Hostility m_hostility;
    int m_listener = -1;
    std::uint16_t m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_connections{0};
    std::mutex m_mutex;
    std::vector<int> m_sockets;
    std::vector<std::thread> m_threads;
    std::thread m_acceptor;
};

} // namespace orrery::testing
