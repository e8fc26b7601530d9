#include "serve/kube_status.h"

#include <nlohmann/json.hpp>

namespace orrery::serve {

std::string KubeStatus::failure(int code, const std::string& reason, const std::string& message)
{
    nlohmann::json status{{"kind", "Status"},   {"apiVersion", "v1"}, {"metadata", nlohmann::json::object()},
                          {"status", "Failure"}, {"message", message}, {"code", code}};
    if (!reason.empty()) // StatusReasonUnknown is "" and omitted
        status["reason"] = reason;
    return status.dump();
}

std::string KubeStatus::reasonFor(int code)
{
    switch (code) {
    case 400: return "BadRequest";
    case 404: return "NotFound";
    case 405: return "MethodNotAllowed";
    case 406: return "NotAcceptable";
    case 409: return "Conflict";
    case 410: return "Expired";
    case 415: return "UnsupportedMediaType";
    case 422: return "Invalid";
    default: return "InternalError";
    }
}

} // namespace orrery::serve
