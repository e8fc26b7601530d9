#include "serve/serve_http_server.h"

#include "serve/http_request_parser.h"
#include "serve/kube_status.h"
#include "serve/served_cluster.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace orrery::app {
namespace {

using Clock = std::chrono::steady_clock;

//! A consumer that stops reading is cut off rather than buffered for without end.
constexpr std::size_t kMaxPendingOutput = std::size_t(64) << 20;

const char* reasonPhrase(int code)
{
    switch (code) {
    case 200: return "OK";
    case 201: return "Created";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Entity";
    case 431: return "Request Header Fields Too Large";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
    }
}

} // namespace

struct ServeHttpServer::Connection {
    int fd = -1;
    std::string in;
    std::string out;
    std::optional<serve::WatchCursor> watch;
    Clock::time_point watchEnds;
    Clock::time_point nextBookmark;
    bool keepAlive = true;
    bool closing = false; //!< close once `out` is written
    bool dead = false;
};

ServeHttpServer::ServeHttpServer(serve::ServedCluster& cluster, Options options)
    : m_cluster(cluster), m_api(cluster), m_options(options)
{
    m_listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (m_listener < 0)
        throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
    const int yes = 1;
    ::setsockopt(m_listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(options.port);
    if (::bind(m_listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(m_listener, 128) != 0) {
        const std::string why = std::strerror(errno);
        ::close(m_listener);
        throw std::runtime_error("cannot listen on 127.0.0.1:" + std::to_string(options.port) + ": " + why);
    }
    socklen_t length = sizeof address;
    ::getsockname(m_listener, reinterpret_cast<sockaddr*>(&address), &length);
    m_port = ntohs(address.sin_port);
}

ServeHttpServer::~ServeHttpServer()
{
    for (const auto& connection : m_connections)
        ::close(connection->fd);
    if (m_listener >= 0)
        ::close(m_listener);
}

void ServeHttpServer::run(const std::atomic<bool>& stop, std::optional<Clock::time_point> until)
{
    const auto period = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double, std::nano>(static_cast<double>(m_cluster.options().controlPeriod) / m_cluster.options().speed));
    Clock::time_point nextAdvance = Clock::now() + period;
    std::vector<pollfd> fds;
    while (!stop.load()) {
        Clock::time_point now = Clock::now();
        if (until && now >= *until)
            break;
        if (now >= nextAdvance) {
            m_cluster.advance();
            ++m_counters.periods;
            nextAdvance += period;
            if (now - nextAdvance > period) { // the simulation cannot keep up: do not try to catch up in a burst
                ++m_counters.latePeriods;
                nextAdvance = now + period;
            }
        }
        pushWatches(now);
        fds.clear();
        fds.push_back({m_listener, POLLIN, 0});
        for (const auto& connection : m_connections)
            fds.push_back({connection->fd, static_cast<short>(POLLIN | (connection->out.empty() ? 0 : POLLOUT)), 0});
        auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(nextAdvance - Clock::now()).count();
        wait = std::max<long long>(0, std::min<long long>(wait, 100));
        if (::poll(fds.data(), fds.size(), static_cast<int>(wait)) < 0 && errno != EINTR)
            throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
        if (fds[0].revents & POLLIN)
            accept();
        for (std::size_t i = 1; i < fds.size() && i - 1 < m_connections.size(); ++i) {
            Connection& connection = *m_connections[i - 1];
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                readFrom(connection);
            if (!connection.dead && !connection.out.empty())
                writeTo(connection);
        }
        std::erase_if(m_connections, [](const std::unique_ptr<Connection>& connection) {
            if (connection->dead || (connection->closing && connection->out.empty())) {
                ::close(connection->fd);
                return true;
            }
            return false;
        });
    }
}

void ServeHttpServer::accept()
{
    while (true) {
        const int fd = ::accept4(m_listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0)
            return;
        if (m_connections.size() >= m_options.maxConnections) {
            ::close(fd);
            continue;
        }
        const int yes = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
        auto connection = std::make_unique<Connection>();
        connection->fd = fd;
        m_connections.push_back(std::move(connection));
    }
}

void ServeHttpServer::readFrom(Connection& connection)
{
    char buffer[64 * 1024];
    while (true) {
        const ssize_t n = ::recv(connection.fd, buffer, sizeof buffer, 0);
        if (n > 0) {
            connection.in.append(buffer, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            connection.dead = true; // the client went away (a watch ends with it)
        break;
    }
    // Requests are answered in order; a connection that holds a watch reads nothing more.
    while (!connection.dead && !connection.closing && !connection.watch) {
        HttpRequestParser::Result result = HttpRequestParser::next(connection.in);
        if (result.errorCode != 0) {
            const int code = result.errorCode;
            respond(connection, {code, "application/json", serve::KubeStatus::failure(code, serve::KubeStatus::reasonFor(code), result.errorMessage), std::nullopt, false, {}},
                    false, false);
            break;
        }
        if (!result.parsed)
            break;
        ++m_counters.requests;
        const HttpRequestParser::Parsed& parsed = *result.parsed;
        const serve::ServeResponse response = m_api.handle(parsed.request);
        respond(connection, response, parsed.request.method == "HEAD", parsed.keepAlive);
    }
}

void ServeHttpServer::respond(Connection& connection, const serve::ServeResponse& response, bool head, bool keepAlive)
{
    std::string& out = connection.out;
    out += "HTTP/1.1 " + std::to_string(response.code) + " " + reasonPhrase(response.code) + "\r\n";
    out += "Content-Type: " + response.contentType + "\r\n";
    for (const std::string& warning : response.warnings)
        out += "Warning: " + warning + "\r\n";
    if (!keepAlive)
        out += "Connection: close\r\n";
    if (response.watch) {
        out += "Transfer-Encoding: chunked\r\nCache-Control: no-cache, private\r\n\r\n";
        connection.keepAlive = keepAlive;
        if (!response.body.empty()) {
            chunk(connection, response.body);
            m_counters.watchEvents += static_cast<std::uint64_t>(std::count(response.body.begin(), response.body.end(), '\n'));
        }
        if (response.endStream) {
            endChunks(connection);
            connection.closing = !keepAlive;
            return;
        }
        connection.watch = response.watch;
        const Clock::time_point now = Clock::now();
        connection.watchEnds = now + std::chrono::seconds(response.watch->timeoutSeconds);
        connection.nextBookmark = now + m_options.bookmarkInterval;
        return;
    }
    out += "Content-Length: " + std::to_string(response.body.size()) + "\r\n\r\n";
    if (!head)
        out += response.body;
    connection.closing = !keepAlive;
}

void ServeHttpServer::pushWatches(Clock::time_point now)
{
    for (const auto& pointer : m_connections) {
        Connection& connection = *pointer;
        if (!connection.watch || connection.dead)
            continue;
        bool gone = false;
        const std::string lines = m_api.poll(*connection.watch, gone);
        if (!lines.empty()) {
            chunk(connection, lines);
            m_counters.watchEvents += static_cast<std::uint64_t>(std::count(lines.begin(), lines.end(), '\n'));
        }
        if (!gone && connection.watch->bookmarks && now >= connection.nextBookmark) {
            chunk(connection, serve::ServeApi::bookmark(*connection.watch));
            connection.nextBookmark = now + m_options.bookmarkInterval;
        }
        if (gone || now >= connection.watchEnds) {
            endChunks(connection);
            connection.watch.reset();
            connection.closing = !connection.keepAlive;
            // Requests pipelined behind the watch are answered now.
            if (!connection.closing && !connection.in.empty())
                readFrom(connection);
        }
        if (connection.out.size() > kMaxPendingOutput)
            connection.dead = true;
    }
}

void ServeHttpServer::chunk(Connection& connection, const std::string& data)
{
    char size[20];
    std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    connection.out += size;
    connection.out += data;
    connection.out += "\r\n";
}

void ServeHttpServer::endChunks(Connection& connection) { connection.out += "0\r\n\r\n"; }

void ServeHttpServer::writeTo(Connection& connection)
{
    while (!connection.out.empty()) {
        const ssize_t n = ::send(connection.fd, connection.out.data(), connection.out.size(), MSG_NOSIGNAL);
        if (n > 0) {
            connection.out.erase(0, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return;
        connection.dead = true;
        return;
    }
}

} // namespace orrery::app
