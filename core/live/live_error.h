#pragma once
#include <chrono>
#include <stdexcept>
#include <string>

namespace orrery::live {

//! A failure talking to a live cluster or reading its configuration. The message is complete
//! (it names the file, context, field, URL or query) and is shown to the user as-is.
class LiveError : public std::runtime_error {
public:
    enum class Kind {
        Config,      //!< kubeconfig or command-line input is wrong (exit 2)
        Credentials, //!< credentials could not be obtained (exec plugin failed, token expired)
        Unreachable, //!< no answer: connect failure, DNS, TLS handshake, timeout
        Http,        //!< the server answered with an error status (see httpStatus())
        Protocol     //!< the server answered with something that is not what the API promises
    };

    LiveError(Kind kind, const std::string& message, long httpStatus = 0,
              std::chrono::seconds retryAfter = std::chrono::seconds(0))
        : std::runtime_error(message), m_kind(kind), m_httpStatus(httpStatus), m_retryAfter(retryAfter)
    {
    }

    [[nodiscard]] Kind kind() const { return m_kind; }
    //! The HTTP status for Kind::Http (e.g. 404, 410), else 0.
    [[nodiscard]] long httpStatus() const { return m_httpStatus; }
    //! A 429/503 answer's Retry-After: the server's own word on when to ask again, else 0.
    [[nodiscard]] std::chrono::seconds retryAfter() const { return m_retryAfter; }

private:
    Kind m_kind;
    long m_httpStatus;
    std::chrono::seconds m_retryAfter;
};

} // namespace orrery::live
