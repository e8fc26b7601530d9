#include "serve/node_patch.h"

#include "serve/kube_status.h"

#include <nlohmann/json.hpp>

namespace orrery::serve {
namespace {

using nlohmann::json;

ApiAnswer fail(int code, const std::string& message)
{
    return {code, KubeStatus::failure(code, KubeStatus::reasonFor(code), message)};
}

} // namespace

ApiAnswer patchNode(ObjectStore& store, const std::string& name, const std::string& contentType, const std::string& body)
{
    const json* stored = store.find(ResourceKind::Node, "", name);
    if (!stored)
        return fail(404, "nodes \"" + name + "\" not found");
    const std::string type = contentType.substr(0, contentType.find(';'));
    if (type != "application/merge-patch+json" && type != "application/strategic-merge-patch+json")
        return fail(415, "the node patch must be application/merge-patch+json or application/strategic-merge-patch+json, not \"" + type + "\"");
    const json patch = json::parse(body, nullptr, false);
    if (!patch.is_object())
        return fail(400, "the body is not a JSON object");
    json node = *stored;
    for (const auto& [section, fields] : patch.items()) {
        if (section == "metadata" && fields.is_object()) {
            for (const auto& [field, value] : fields.items()) {
                if (field != "labels" || !(value.is_object() || value.is_null()))
                    return fail(422, "Node \"" + name + "\" is invalid: metadata." + field + ": a served node takes labels only");
                for (const auto& [key, label] : value.items()) {
                    if (label.is_null())
                        node["metadata"]["labels"].erase(key);
                    else if (label.is_string())
                        node["metadata"]["labels"][key] = label;
                    else
                        return fail(422, "Node \"" + name + "\" is invalid: metadata.labels." + key + ": must be a string");
                }
            }
        } else if (section == "spec" && fields.is_object()) {
            for (const auto& [field, value] : fields.items()) {
                if (field == "taints" && (value.is_array() || value.is_null())) {
                    // kubectl taint sends the whole list, so both patch types replace it.
                    for (const json& taint : value.is_array() ? value : json::array()) {
                        const std::string effect = taint.is_object() ? taint.value("effect", "") : std::string();
                        if (!taint.is_object() || taint.value("key", "").empty() ||
                            (effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute"))
                            return fail(422, "Node \"" + name + "\" is invalid: spec.taints: each needs a key and an effect NoSchedule, PreferNoSchedule or NoExecute");
                    }
                    if (value.is_null() || value.empty())
                        node["spec"].erase("taints");
                    else
                        node["spec"]["taints"] = value;
                } else if (field == "unschedulable" && (value.is_boolean() || value.is_null())) {
                    if (value.is_boolean() && value.get<bool>())
                        node["spec"]["unschedulable"] = true;
                    else
                        node["spec"].erase("unschedulable");
                } else {
                    return fail(422, "Node \"" + name + "\" is invalid: spec." + field + ": a served node takes taints and unschedulable only");
                }
            }
        } else {
            return fail(422, "Node \"" + name + "\" is invalid: " + section + ": a served node takes metadata.labels, spec.taints and spec.unschedulable");
        }
    }
    store.put(ResourceKind::Node, node);
    return {200, store.find(ResourceKind::Node, "", name)->dump()};
}

} // namespace orrery::serve
