#pragma once
#include "serve/serve_api.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orrery::serve {
class ServedCluster;
}

namespace orrery::app {

//! The HTTP/1.1 server of `orrery serve` on 127.0.0.1: one thread polls the sockets and advances
//! the ServedCluster one control period every period / speed of wall time, so nothing is shared
//! across threads. Keep-alive and pipelined requests with Content-Length bodies; a watch is a
//! chunked response that stays open, one JSON line per event as it happens (after a PATCH or an
//! advance), BOOKMARK events every `bookmarkInterval` when asked for, ending at timeoutSeconds.
class ServeHttpServer {
public:
    struct Options {
        std::uint16_t port = 0;                             //!< 0 = a free port
        std::chrono::milliseconds bookmarkInterval{5000};
        std::size_t maxConnections = 256;
    };
    struct Counters {
        std::uint64_t requests = 0;
        std::uint64_t watchEvents = 0;                      //!< event lines sent on watches
        std::uint64_t periods = 0;                          //!< advance() calls
        std::uint64_t latePeriods = 0;                      //!< periods that started later than one period behind the clock
    };

    //! Binds and listens at once; throws std::runtime_error when it cannot.
    ServeHttpServer(serve::ServedCluster& cluster, Options options);
    ~ServeHttpServer();
    ServeHttpServer(const ServeHttpServer&) = delete;
    ServeHttpServer& operator=(const ServeHttpServer&) = delete;

    [[nodiscard]] std::uint16_t port() const { return m_port; }
    //! Serves, and advances the simulation at its speed, until `stop` is set or `until` passes.
    void run(const std::atomic<bool>& stop, std::optional<std::chrono::steady_clock::time_point> until = std::nullopt);
    [[nodiscard]] const Counters& counters() const { return m_counters; }

private:
    struct Connection;
    void accept();
    void readFrom(Connection& connection);
    void writeTo(Connection& connection);
    void respond(Connection& connection, const serve::ServeResponse& response, bool head, bool keepAlive);
    void pushWatches(std::chrono::steady_clock::time_point now);
    static void chunk(Connection& connection, const std::string& data);
    static void endChunks(Connection& connection);

    serve::ServedCluster& m_cluster;
    serve::ServeApi m_api;
    Options m_options;
    int m_listener = -1;
    std::uint16_t m_port = 0;
    std::vector<std::unique_ptr<Connection>> m_connections;
    Counters m_counters;
};

} // namespace orrery::app
