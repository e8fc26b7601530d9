#pragma once
#include "serve/serve_api.h"

#include <cstddef>
#include <optional>
#include <string>

namespace orrery::app {

//! Cuts HTTP/1.1 requests out of the bytes a connection received (pipelining included): the
//! request line, headers and a Content-Length body, decoded into a serve::ServeRequest.
class HttpRequestParser {
public:
    static constexpr std::size_t kMaxHeadBytes = 64 * 1024;
    static constexpr std::size_t kMaxBodyBytes = 16 * 1024 * 1024;

    struct Parsed {
        serve::ServeRequest request;
        bool keepAlive = true;
    };
    //! What the bytes held: nothing complete yet, a request, or an error to answer (then close).
    struct Result {
        std::optional<Parsed> parsed;
        int errorCode = 0;          //!< 400, 411, 413, 431, 505 when the bytes cannot be a request
        std::string errorMessage;
    };

    //! Takes one complete request off the front of `buffer`, if there is one.
    static Result next(std::string& buffer);
    //! Percent-decoding (`plus` also turns '+' into a space, as in a query).
    static std::string decoded(std::string_view text, bool plus);
};

} // namespace orrery::app
