#include "serve/field_selector.h"

#include <algorithm>

namespace orrery::serve {
namespace {

using nlohmann::json;

struct Field {
    ResourceKind kind;
    const char* label;
    const char* path;
    const char* fallback;
};

// The field labels kube-apiserver converts for these kinds (pkg/apis/core/v1/conversion.go);
// metadata.name and metadata.namespace hold for every kind.
constexpr Field kFields[] = {
    {ResourceKind::Pod, "spec.nodeName", "spec.nodeName", ""},
    {ResourceKind::Pod, "spec.schedulerName", "spec.schedulerName", ""},
    {ResourceKind::Pod, "spec.restartPolicy", "spec.restartPolicy", ""},
    {ResourceKind::Pod, "spec.serviceAccountName", "spec.serviceAccountName", ""},
    {ResourceKind::Pod, "spec.hostNetwork", "spec.hostNetwork", "false"},
    {ResourceKind::Pod, "status.phase", "status.phase", ""},
    {ResourceKind::Pod, "status.podIP", "status.podIP", ""},
    {ResourceKind::Pod, "status.nominatedNodeName", "status.nominatedNodeName", ""},
    {ResourceKind::Node, "spec.unschedulable", "spec.unschedulable", "false"},
    {ResourceKind::Event, "involvedObject.kind", "involvedObject.kind", ""},
    {ResourceKind::Event, "involvedObject.namespace", "involvedObject.namespace", ""},
    {ResourceKind::Event, "involvedObject.name", "involvedObject.name", ""},
    {ResourceKind::Event, "involvedObject.uid", "involvedObject.uid", ""},
    {ResourceKind::Event, "involvedObject.apiVersion", "involvedObject.apiVersion", ""},
    {ResourceKind::Event, "involvedObject.resourceVersion", "involvedObject.resourceVersion", ""},
    {ResourceKind::Event, "involvedObject.fieldPath", "involvedObject.fieldPath", ""},
    {ResourceKind::Event, "reason", "reason", ""},
    {ResourceKind::Event, "reportingComponent", "reportingComponent", ""},
    {ResourceKind::Event, "source", "source.component", ""},
    {ResourceKind::Event, "type", "type", ""},
};

const Field* fieldOf(ResourceKind kind, const std::string& label)
{
    static constexpr Field kName{ResourceKind::Pod, "metadata.name", "metadata.name", ""};
    static constexpr Field kNamespace{ResourceKind::Pod, "metadata.namespace", "metadata.namespace", ""};
    if (label == kName.label)
        return &kName;
    if (label == kNamespace.label)
        return &kNamespace;
    const auto it = std::find_if(std::begin(kFields), std::end(kFields),
                                 [&](const Field& field) { return field.kind == kind && label == field.label; });
    return it == std::end(kFields) ? nullptr : &*it;
}

//! The value at a dotted path as the API server compares it: strings as they are, flags as
//! true/false; nothing when absent.
std::optional<std::string> valueAt(const json& object, const std::string& path)
{
    const json* at = &object;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = path.find('.', start);
        const std::string step = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!at->is_object())
            return std::nullopt;
        const auto found = at->find(step);
        if (found == at->end())
            return std::nullopt;
        at = &*found;
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    if (at->is_string())
        return at->get<std::string>();
    if (at->is_boolean())
        return std::string(at->get<bool>() ? "true" : "false");
    if (at->is_null())
        return std::nullopt;
    return at->dump();
}

} // namespace

std::optional<FieldSelector> FieldSelector::parse(ResourceKind kind, const std::string& text, std::string* error)
{
    FieldSelector selector;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string term = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        start = comma == std::string::npos ? text.size() : comma + 1;
        std::size_t operatorAt = term.find("!=");
        std::size_t valueStart = operatorAt + 2;
        const bool equal = operatorAt == std::string::npos;
        if (equal) {
            operatorAt = term.find('=');
            const bool doubled = operatorAt != std::string::npos && term.compare(operatorAt, 2, "==") == 0;
            valueStart = operatorAt + (doubled ? 2 : 1);
        }
        if (operatorAt == std::string::npos || operatorAt == 0) {
            if (error)
                *error = "invalid selector: '" + text + "'; can't understand '" + term + "'";
            return std::nullopt;
        }
        const std::string label = term.substr(0, operatorAt);
        const Field* field = fieldOf(kind, label);
        if (!field) {
            if (error)
                *error = "field label not supported: " + label;
            return std::nullopt;
        }
        selector.m_terms.push_back({field->path, field->fallback, term.substr(valueStart), equal});
    }
    return selector;
}

bool FieldSelector::matches(const json& object) const
{
    return std::all_of(m_terms.begin(), m_terms.end(), [&](const Term& term) {
        return (valueAt(object, term.path).value_or(term.fallback) == term.value) == term.equal;
    });
}

} // namespace orrery::serve
