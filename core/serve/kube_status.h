#pragma once
#include <string>

namespace orrery::serve {

//! The Kubernetes `Status` object an API server answers failures with (kind Status, status
//! Failure, message, reason, code), as JSON text.
class KubeStatus {
public:
    //! `reason` is the API's StatusReason: NotFound, Invalid, BadRequest, Expired, MethodNotAllowed, …;
    //! empty (StatusReasonUnknown) leaves it out, as for an error the API server did not classify.
    static std::string failure(int code, const std::string& reason, const std::string& message);
    //! The reason Kubernetes gives for an HTTP code (404 NotFound, 422 Invalid, …).
    static std::string reasonFor(int code);
};

} // namespace orrery::serve
