#include "serve/deployment_patch.h"

#include "model/units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <string_view>

namespace orrery::serve {
namespace {

using nlohmann::json;
using Parsed = DeploymentPatch::Parsed;

Parsed failed(int code, std::string message) { return {std::nullopt, {code, std::move(message)}}; }

//! Builds the patch field by field; the first invalid value is the answer.
class PatchReader {
public:
    PatchReader(std::string name, std::string container)
        : m_name(std::move(name)), m_container(std::move(container))
    {
    }

    bool replicas(const json& value)
    {
        const std::string field = "spec.replicas";
        if (!value.is_number_integer())
            return invalid(field, value.dump(), "must be an integer");
        const std::int64_t n = value.get<std::int64_t>();
        if (n < 0)
            return invalid(field, value.dump(), "must be greater than or equal to 0");
        if (n == 0)
            return invalid(field, value.dump(), "the simulated workload keeps at least one replica of every service");
        if (n > 10000)
            return invalid(field, value.dump(), "must be at most 10000 in a served cluster");
        m_patch.replicas = static_cast<std::int32_t>(n);
        return true;
    }

    bool limit(const std::string& resource, const json& value, const std::string& at, bool request = false)
    {
        const std::string field = at + (request ? ".resources.requests[" : ".resources.limits[") + resource + "]";
        std::string text;
        if (value.is_string())
            text = value.get<std::string>();
        else if (value.is_number())
            text = value.dump();
        else
            return invalid(field, value.dump(), "must be a quantity");
        std::string why;
        const std::optional<std::int64_t> parsed =
            resource == "cpu" ? model::parseMillicores(text, &why) : model::parseBytes(text, &why);
        if (!parsed)
            return invalid(field, "\"" + text + "\"", why.empty() ? "not a quantity" : why);
        if (*parsed <= 0)
            return invalid(field, "\"" + text + "\"", "must be greater than 0");
        if (request)
            (resource == "cpu" ? m_patch.requestCpuMillicores : m_patch.requestMemoryBytes) = *parsed;
        else
            (resource == "cpu" ? m_patch.cpuMillicores : m_patch.memoryBytes) = *parsed;
        return true;
    }

    bool container(const json& c, const std::string& at)
    {
        if (!c.is_object())
            return invalid(at, c.dump(), "must be an object");
        const std::string name = c.contains("name") && c["name"].is_string() ? c["name"].get<std::string>() : "";
        if (name != m_container)
            return invalid(at + ".name", "\"" + name + "\"",
                           "a served Deployment has one container, \"" + m_container + "\"");
        const auto r = c.find("resources");
        if (r == c.end() || !r->is_object())
            return true;
        for (const char* part : {"limits", "requests"}) {
            const auto found = r->find(part);
            if (found == r->end() || !found->is_object())
                continue;
            const bool request = std::string_view(part) == "requests";
            for (const auto& [resource, value] : found->items()) {
                if (resource != "cpu" && resource != "memory")
                    return invalid(at + ".resources." + part + "[" + resource + "]", value.dump(),
                                   std::string("a served cluster sets cpu and memory ") + part + " only");
                if (!limit(resource, value, at, request))
                    return false;
            }
        }
        return true;
    }

    bool document(const json& patch)
    {
        if (!patch.is_object())
            return bad("the patch must be a JSON object");
        const auto spec = patch.find("spec");
        if (spec == patch.end() || spec->is_null())
            return true;
        if (!spec->is_object())
            return invalid("spec", spec->dump(), "must be an object");
        if (const auto r = spec->find("replicas"); r != spec->end() && !replicas(*r))
            return false;
        const auto tmpl = spec->find("template");
        if (tmpl == spec->end() || !tmpl->is_object())
            return true;
        const auto podSpec = tmpl->find("spec");
        if (podSpec == tmpl->end() || !podSpec->is_object())
            return true;
        const auto containers = podSpec->find("containers");
        if (containers == podSpec->end() || containers->is_null())
            return true;
        if (!containers->is_array())
            return invalid("spec.template.spec.containers", containers->dump(), "must be a list");
        for (std::size_t i = 0; i < containers->size(); ++i)
            if (!container((*containers)[i], "spec.template.spec.containers[" + std::to_string(i) + "]"))
                return false;
        return true;
    }

    bool operations(const json& ops)
    {
        if (!ops.is_array())
            return bad("a JSON patch must be a list of operations");
        const std::string limitPrefix = "/spec/template/spec/containers/0/resources/limits/";
        const std::string requestPrefix = "/spec/template/spec/containers/0/resources/requests/";
        for (const json& op : ops) {
            const std::string kind = op.is_object() && op.contains("op") && op["op"].is_string() ? op["op"].get<std::string>() : "";
            const std::string path = op.is_object() && op.contains("path") && op["path"].is_string() ? op["path"].get<std::string>() : "";
            if (kind == "test")
                continue;
            if (kind != "replace" && kind != "add")
                return invalid(path.empty() ? "op" : path, "\"" + kind + "\"", "a served cluster applies replace and add operations only");
            if (!op.contains("value"))
                return bad("operation " + kind + " " + path + ": missing value");
            if (path == "/spec/replicas") {
                if (!replicas(op["value"]))
                    return false;
            } else if (path.rfind(limitPrefix, 0) == 0 || path.rfind(requestPrefix, 0) == 0) {
                const bool request = path.rfind(requestPrefix, 0) == 0;
                const std::string resource = path.substr((request ? requestPrefix : limitPrefix).size());
                if (resource != "cpu" && resource != "memory")
                    return invalid(path, op["value"].dump(), "a served cluster sets cpu and memory limits and requests only");
                if (!limit(resource, op["value"], "spec.template.spec.containers[0]", request))
                    return false;
            } else {
                return invalid(path, op["value"].dump(),
                               "a served cluster patches /spec/replicas and container limits and requests only");
            }
        }
        return true;
    }

    Parsed result() const
    {
        if (m_error)
            return {std::nullopt, *m_error};
        return {m_patch, DeploymentPatchError{}};
    }

private:
    bool invalid(const std::string& field, const std::string& value, const std::string& why)
    {
        m_error = DeploymentPatchError{422, "Deployment.apps \"" + m_name + "\" is invalid: " + field + ": Invalid value: " +
                                                  value + ": " + why};
        return false;
    }
    bool bad(const std::string& why)
    {
        m_error = DeploymentPatchError{400, why};
        return false;
    }

    std::string m_name;
    std::string m_container;
    DeploymentPatch m_patch;
    std::optional<DeploymentPatchError> m_error;
};

} // namespace

DeploymentPatch::Parsed DeploymentPatch::parse(const std::string& contentType, const std::string& body,
                                               const std::string& name, const std::string& container)
{
    const std::string type = contentType.substr(0, contentType.find(';'));
    const bool jsonPatch = type == "application/json-patch+json";
    if (!jsonPatch && type != "application/merge-patch+json" && type != "application/strategic-merge-patch+json" &&
        type != "application/apply-patch+yaml")
        return failed(415, "the body of the request was in an unknown format - accepted media types include: "
                           "application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json");
    if (type == "application/apply-patch+yaml")
        return failed(415, "server-side apply is not supported by orrery serve; use a merge or strategic merge patch");
    const json patch = json::parse(body, nullptr, false);
    if (patch.is_discarded())
        return failed(400, "error decoding patch: the body is not valid JSON");
    PatchReader reader(name, container);
    if (jsonPatch)
        reader.operations(patch);
    else
        reader.document(patch);
    return reader.result();
}

} // namespace orrery::serve
