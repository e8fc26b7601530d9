#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <span>
#include <string>

namespace orrery::serve {

//! A kind the served API lets clients write, as its OpenAPI documents describe it.
struct OpenApiKind {
    const char* kind;          //!< "Pod"
    const char* groupVersion;  //!< "v1", "apps/v1"
    const char* resource;      //!< "pods"
    bool namespaced;
};

//! The OpenAPI v3 documents kubectl reads before `create -f` and `apply` (issue 36 item 2):
//! `/openapi/v3` lists a document per group version; each holds, per kind, the collection's POST
//! and the object's PATCH with `x-kubernetes-group-version-kind` and the `fieldValidation` query
//! parameter — which is what makes kubectl (1.27 and later) validate on the server instead of
//! downloading schemas (k8s.io/cli-runtime pkg/resource/query_param_verifier_v3.go). The
//! documents hold no schemas: the served cluster checks what it reads itself (serve/api_objects.h).
class OpenApiDocuments {
public:
    explicit OpenApiDocuments(std::span<const OpenApiKind> kinds) : m_kinds(kinds) {}

    //! `/openapi/v3`: {"paths": {"api/v1": {"serverRelativeURL": "/openapi/v3/api/v1"}, …}}.
    [[nodiscard]] nlohmann::json root() const;
    //! The document at `path` ("api/v1", "apis/apps/v1"), or nothing for a group version not served.
    [[nodiscard]] std::optional<nlohmann::json> document(const std::string& path) const;

private:
    std::span<const OpenApiKind> m_kinds;
};

} // namespace orrery::serve
