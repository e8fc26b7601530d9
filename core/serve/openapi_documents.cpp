#include "serve/openapi_documents.h"

namespace orrery::serve {
namespace {

using nlohmann::json;

//! "v1" → "api/v1", "apps/v1" → "apis/apps/v1": where a group version's paths start.
std::string prefixOf(const std::string& groupVersion)
{
    return groupVersion.find('/') == std::string::npos ? "api/" + groupVersion : "apis/" + groupVersion;
}

json operation(const OpenApiKind& kind)
{
    const std::string groupVersion = kind.groupVersion;
    const std::size_t slash = groupVersion.find('/');
    const std::string group = slash == std::string::npos ? "" : groupVersion.substr(0, slash);
    const std::string version = slash == std::string::npos ? groupVersion : groupVersion.substr(slash + 1);
    return {{"x-kubernetes-group-version-kind", {{"group", group}, {"version", version}, {"kind", kind.kind}}},
            {"parameters", json::array({{{"name", "fieldValidation"}, {"in", "query"}, {"schema", {{"type", "string"}}}}})},
            {"responses", {{"200", {{"description", "OK"}}}}}};
}

} // namespace

json OpenApiDocuments::root() const
{
    json paths = json::object();
    for (const OpenApiKind& kind : m_kinds) {
        const std::string prefix = prefixOf(kind.groupVersion);
        paths[prefix] = {{"serverRelativeURL", "/openapi/v3/" + prefix}};
    }
    return {{"paths", paths}};
}

std::optional<json> OpenApiDocuments::document(const std::string& path) const
{
    json paths = json::object();
    for (const OpenApiKind& kind : m_kinds) {
        const std::string prefix = prefixOf(kind.groupVersion);
        if (prefix != path)
            continue;
        const std::string collection = "/" + prefix + (kind.namespaced ? "/namespaces/{namespace}/" : "/") + kind.resource;
        paths[collection] = {{"post", operation(kind)}};
        paths[collection + "/{name}"] = {{"patch", operation(kind)}};
    }
    if (paths.empty())
        return std::nullopt;
    return json{{"openapi", "3.0.0"}, {"info", {{"title", "Kubernetes (orrery serve)"}, {"version", "v1.29.0"}}}, {"paths", paths}};
}

} // namespace orrery::serve
