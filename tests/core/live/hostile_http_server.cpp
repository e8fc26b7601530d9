#include "hostile_http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

namespace orrery::testing {
namespace {

constexpr int kSlice = 100; //!< ms: how often blocked loops look at the stop flag

std::string head(int status, const char* reason, const std::string& extra)
{
    std::string text = "HTTP/1.1 ";
    text += std::to_string(status);
    text += ' ';
    text += reason;
    text += "\r\n";
    text += extra;
    text += "\r\n";
    return text;
}

std::string chunk(std::string_view data)
{
    char size[32];
    std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string text = size;
    text += data;
    text += "\r\n";
    return text;
}

std::string fixedLength(std::size_t bytes)
{
    std::string text = "Content-Type: application/json\r\nContent-Length: ";
    text += std::to_string(bytes);
    text += "\r\n";
    return text;
}

std::string watchLine(const std::string& type, const std::string& object)
{
    std::string line = R"({"type":")";
    line += type;
    line += R"(","object":)";
    line += object;
    line += "}\n";
    return line;
}

std::string nodeWithVersion(const std::string& name, const std::string& version)
{
    std::string node = R"({"kind":"Node","apiVersion":"v1","metadata":{"name":")";
    node += name;
    node += R"(","resourceVersion":")";
    node += version;
    node += R"("}})";
    return node;
}

} // namespace

const char* HostileHttpServer::name(Hostility hostility)
{
    switch (hostility) {
    case Hostility::SlowDrip: return "slow drip";
    case Hostility::EndlessBody: return "endless body";
    case Hostility::EndlessWatchEvents: return "endless watch events";
    case Hostility::HugeJson: return "10 MB JSON";
    case Hostility::InvalidUtf8: return "invalid UTF-8";
    case Hostility::ServerError: return "HTTP 500";
    case Hostility::TooManyRequests: return "HTTP 429 Retry-After 2";
    case Hostility::UnavailableUntil: return "HTTP 503 Retry-After date";
    case Hostility::StalledTlsHandshake: return "stalled TLS handshake";
    case Hostility::StallMidBody: return "stall mid-body";
    case Hostility::ShortBodyThenClose: return "short body, closed";
    case Hostility::HugeContentLength: return "Content-Length 1 TiB";
    case Hostility::RedirectLoop: return "redirect loop";
    case Hostility::OutOfOrderWatch: return "out-of-order watch";
    }
    return "?";
}

const std::string& HostileHttpServer::hugeJson()
{
    static const std::string body = [] {
        std::string text = R"({"kind":"NodeList","apiVersion":"v1","metadata":{"resourceVersion":"7"},"items":[)";
        for (int i = 0; text.size() < 10'000'000; ++i) {
            if (i > 0)
                text += ',';
            std::string name = "node-";
            name += std::to_string(i);
            text += R"({"metadata":{"name":")";
            text += name;
            text += R"(","labels":{"node.kubernetes.io/instance-type":"m5.large"}},)";
            text += R"("status":{"allocatable":{"cpu":"4","memory":"16Gi","pods":"110"}}})";
        }
        text += "]}";
        return text;
    }();
    return body;
}

HostileHttpServer::HostileHttpServer(Hostility hostility) : m_hostility(hostility)
{
    m_listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    if (m_listener < 0 || ::bind(m_listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(m_listener, 16) != 0 || ::getsockname(m_listener, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        throw std::runtime_error("hostile server: cannot listen on 127.0.0.1");
    m_port = ntohs(address.sin_port);
    m_acceptor = std::thread([this] { acceptLoop(); });
}

HostileHttpServer::~HostileHttpServer()
{
    m_stop = true;
    m_acceptor.join();
    {
        std::lock_guard lock(m_mutex);
        for (int socket : m_sockets)
            ::shutdown(socket, SHUT_RDWR); // wakes a send blocked on a full buffer
    }
    for (std::thread& thread : m_threads)
        thread.join();
    for (int socket : m_sockets)
        ::close(socket); // only now: a number closed earlier could be reused by another socket
    ::close(m_listener);
}

std::string HostileHttpServer::url() const
{
    std::string text = m_hostility == Hostility::StalledTlsHandshake ? "https" : "http";
    text += "://127.0.0.1:";
    text += std::to_string(m_port);
    return text;
}

void HostileHttpServer::acceptLoop()
{
    while (!m_stop) {
        pollfd listener{m_listener, POLLIN, 0};
        if (::poll(&listener, 1, kSlice) <= 0)
            continue;
        const int socket = ::accept4(m_listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (socket < 0)
            continue;
        ++m_connections;
        std::lock_guard lock(m_mutex);
        m_sockets.push_back(socket);
        m_threads.emplace_back([this, socket] {
            serve(socket);
            ::shutdown(socket, SHUT_RDWR);
        });
    }
}

bool HostileHttpServer::pause(int socket, int milliseconds)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds);
    while (!m_stop && std::chrono::steady_clock::now() < until) {
        pollfd peer{socket, POLLIN, 0};
        if (::poll(&peer, 1, kSlice) > 0) {
            char byte = 0;
            if (::recv(socket, &byte, 1, MSG_PEEK | MSG_DONTWAIT) <= 0)
                return false; // the client hung up
            char discard[4096];
            (void)::recv(socket, discard, sizeof discard, MSG_DONTWAIT);
        }
    }
    return !m_stop;
}

void HostileHttpServer::holdOpen(int socket)
{
    while (pause(socket, 1000)) {
    }
}

bool HostileHttpServer::sendAll(int socket, std::string_view bytes)
{
    while (!bytes.empty() && !m_stop) {
        pollfd peer{socket, POLLOUT, 0};
        if (::poll(&peer, 1, kSlice) <= 0)
            continue;
        const ssize_t sent = ::send(socket, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (sent <= 0)
            return false;
        bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
    return bytes.empty();
}

bool HostileHttpServer::readRequest(int socket, std::string& target)
{
    std::string received;
    while (!m_stop && received.find("\r\n\r\n") == std::string::npos) {
        pollfd peer{socket, POLLIN, 0};
        if (::poll(&peer, 1, kSlice) <= 0)
            continue;
        char buffer[4096];
        const ssize_t count = ::recv(socket, buffer, sizeof buffer, 0);
        if (count <= 0)
            return false;
        received.append(buffer, static_cast<std::size_t>(count));
        if (received.size() > (1 << 20))
            return false;
    }
    const auto space = received.find(' ');
    const auto end = received.find(' ', space + 1);
    if (space == std::string::npos || end == std::string::npos)
        return false;
    target = received.substr(space + 1, end - space - 1);
    return true; // a request body (the OIDC token POST) is never reached: discovery fails first
}

void HostileHttpServer::serve(int socket)
{
    if (m_hostility == Hostility::StalledTlsHandshake) {
        holdOpen(socket); // the ClientHello is read and dropped; no ServerHello ever comes
        return;
    }
    std::string target;
    if (!readRequest(socket, target))
        return;
    const bool watch = target.find("watch=1") != std::string::npos;
    switch (m_hostility) {
    case Hostility::SlowDrip: {
        const std::string body(4096, ' ');
        if (!sendAll(socket, head(200, "OK", fixedLength(body.size()))))
            return;
        for (char byte : body) {
            if (!sendAll(socket, std::string_view(&byte, 1)) || !pause(socket, 1000))
                return;
        }
        return;
    }
    case Hostility::EndlessBody:
    case Hostility::EndlessWatchEvents: {
        if (!sendAll(socket, head(200, "OK", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n")))
            return;
        std::string block;
        if (m_hostility == Hostility::EndlessBody) {
            block = R"({"kind":"NodeList","items":[)";
            while (block.size() < 64 * 1024)
                block += R"({"metadata":{"name":"n"}},)";
        } else {
            for (int i = 0; block.size() < 64 * 1024; ++i)
                block += watchLine("MODIFIED", nodeWithVersion("n", std::to_string(i + 100)));
        }
        const std::string encoded = chunk(block);
        while (sendAll(socket, encoded)) {
        }
        return;
    }
    case Hostility::HugeJson: {
        const std::string body = watch ? watchLine("ADDED", hugeJson()) : hugeJson();
        sendAll(socket, head(200, "OK", fixedLength(body.size()) + "Connection: close\r\n"));
        sendAll(socket, body);
        return;
    }
    case Hostility::InvalidUtf8: {
        const std::string node = nodeWithVersion("bad-\xff\xfe-name", "9");
        const std::string body =
            watch ? watchLine("ADDED", node)
                  : R"({"kind":"NodeList","apiVersion":"v1","metadata":{"resourceVersion":"9"},"items":[)" + node + "]}";
        sendAll(socket, head(200, "OK", fixedLength(body.size()) + "Connection: close\r\n") + body);
        return;
    }
    case Hostility::ServerError: {
        const std::string body =
            R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"etcdserver: request timed out","reason":"InternalError","code":500})";
        sendAll(socket, head(500, "Internal Server Error", fixedLength(body.size()) + "Connection: close\r\n") + body);
        return;
    }
    case Hostility::TooManyRequests: {
        const std::string body = "Too many requests, please try again later.\n";
        sendAll(socket, head(429, "Too Many Requests",
                             fixedLength(body.size()) + "Retry-After: 2\r\nConnection: close\r\n") + body);
        return;
    }
    case Hostility::UnavailableUntil: {
        const std::time_t later = std::time(nullptr) + 3;
        std::tm utc{};
        gmtime_r(&later, &utc);
        char date[64];
        std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &utc);
        const std::string body = "Service Unavailable: the server is shedding load\n";
        std::string extra = fixedLength(body.size());
        extra += "Retry-After: ";
        extra += date;
        extra += "\r\nConnection: close\r\n";
        sendAll(socket, head(503, "Service Unavailable", extra) + body);
        return;
    }
    case Hostility::StallMidBody:
    case Hostility::ShortBodyThenClose: {
        if (!sendAll(socket, head(200, "OK", fixedLength(4096)) + std::string(100, ' ')))
            return;
        if (m_hostility == Hostility::StallMidBody)
            holdOpen(socket);
        return;
    }
    case Hostility::HugeContentLength: {
        if (!sendAll(socket, head(200, "OK", "Content-Type: application/json\r\nContent-Length: 1099511627776\r\n")))
            return;
        const std::string block(64 * 1024, 'x');
        while (sendAll(socket, block)) {
        }
        return;
    }
    case Hostility::RedirectLoop: {
        std::string extra = "Location: ";
        extra += url();
        extra += target;
        extra += "\r\nContent-Length: 0\r\nConnection: close\r\n";
        sendAll(socket, head(302, "Found", extra));
        return;
    }
    case Hostility::OutOfOrderWatch: {
        if (!watch) {
            const std::string body = R"({"kind":"NodeList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[]})";
            sendAll(socket, head(200, "OK", fixedLength(body.size()) + "Connection: close\r\n") + body);
            return;
        }
        std::string events;
        for (const char* version : {"30", "10", "20"})
            events += chunk(watchLine("MODIFIED", nodeWithVersion("n", version)));
        sendAll(socket, head(200, "OK", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n") +
                            events + "0\r\n\r\n");
        return;
    }
    case Hostility::StalledTlsHandshake:
        return;
    }
}

} // namespace orrery::testing
