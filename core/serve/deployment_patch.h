#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace orrery::serve {

//! The parts of a Deployment a served cluster lets a PATCH change: spec.replicas and the
//! container's cpu and memory limits (spec.template.spec.containers[name].resources.limits).
//! Everything else a patch holds (labels, annotations, …) is accepted and ignored.
struct DeploymentPatch {
    std::optional<std::int32_t> replicas;
    std::optional<std::int64_t> cpuMillicores;         //!< limits
    std::optional<std::int64_t> memoryBytes;
    std::optional<std::int64_t> requestCpuMillicores;  //!< requests (what schedulers reserve)
    std::optional<std::int64_t> requestMemoryBytes;

    struct Parsed;

    //! Reads a patch of Deployment `name` whose only container is `container`. `contentType`
    //! is application/merge-patch+json, application/strategic-merge-patch+json or
    //! application/json-patch+json (replace/add of /spec/replicas and of the container's
    //! /resources/limits/cpu|memory and /resources/requests/cpu|memory).
    static Parsed parse(const std::string& contentType, const std::string& body, const std::string& name,
                        const std::string& container);
};

//! Why a patch was refused: the HTTP code (400 unreadable, 415 unknown type, 422 invalid) and
//! the message of the Status answer.
struct DeploymentPatchError {
    int code = 422;
    std::string message;
};

//! A patch read, or why not.
struct DeploymentPatch::Parsed {
    std::optional<DeploymentPatch> patch;
    DeploymentPatchError error; //!< set when patch is empty
};

} // namespace orrery::serve
