#include "serve/field_validation.h"

#include <stdexcept>
#include <string_view>

namespace orrery::serve {

std::string_view knownFieldsText(); // generated from resources/kubernetes/known-fields.json

namespace {

using json = nlohmann::json;
using ordered = nlohmann::ordered_json;

//! A schema node: 0 a scalar, "*" anything (a map with free keys, raw JSON), an object its
//! fields, a one-element array a list of that element.
bool anything(const json& schema) { return schema.is_string(); }

std::string member(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

void collect(const ordered& value, const json& schema, const std::string& path, std::vector<std::string>& out)
{
    if (anything(schema))
        return;
    if (schema.is_object() && value.is_object()) {
        for (const auto& [key, child] : value.items()) {
            const auto field = schema.find(key);
            if (field == schema.end())
                out.push_back(member(path, key));
            else
                collect(child, *field, member(path, key), out);
        }
    } else if (schema.is_array() && value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            collect(value[i], schema.front(), path + "[" + std::to_string(i) + "]", out);
    }
    // A scalar, or a value of the wrong type: the type check that follows decoding reports it.
}

void drop(json& value, const json& schema)
{
    if (anything(schema))
        return;
    if (schema.is_object() && value.is_object()) {
        for (auto it = value.begin(); it != value.end();) {
            const auto field = schema.find(it.key());
            if (field == schema.end()) {
                it = value.erase(it);
            } else {
                drop(*it, *field);
                ++it;
            }
        }
    } else if (schema.is_array() && value.is_array()) {
        for (json& element : value)
            drop(element, schema.front());
    }
}

} // namespace

std::optional<FieldValidation> fieldValidationOf(const std::string& value)
{
    if (value.empty() || value == "Warn")
        return FieldValidation::Warn;
    if (value == "Strict")
        return FieldValidation::Strict;
    if (value == "Ignore")
        return FieldValidation::Ignore;
    return std::nullopt;
}

const KnownFields& KnownFields::builtIn()
{
    static const KnownFields fields{std::string(knownFieldsText())};
    return fields;
}

KnownFields::KnownFields(const std::string& text)
{
    const json parsed = json::parse(text, nullptr, false);
    if (!parsed.is_object() || !parsed.contains("kinds") || !parsed["kinds"].is_object())
        throw std::runtime_error("known fields: not an object with \"kinds\" (resources/kubernetes/known-fields.json)");
    m_kinds = parsed["kinds"];
}

bool KnownFields::knows(const std::string& kind) const { return m_kinds.contains(kind); }

std::vector<std::string> KnownFields::unknownFields(const std::string& kind, const std::string& body) const
{
    std::vector<std::string> out;
    const auto schema = m_kinds.find(kind);
    if (schema == m_kinds.end())
        return out;
    const ordered value = ordered::parse(body, nullptr, false);
    if (!value.is_discarded())
        collect(value, *schema, "", out);
    return out;
}

void KnownFields::dropUnknownFields(const std::string& kind, json& object) const
{
    const auto schema = m_kinds.find(kind);
    if (schema != m_kinds.end())
        drop(object, *schema);
}

std::string strictDecodingMessage(const std::string& kindName, const std::string& version,
                                  const std::vector<std::string>& unknownFields)
{
    std::string message = kindName + " in version \"" + version + "\" cannot be handled as a " + kindName + ": strict decoding error: ";
    for (std::size_t i = 0; i < unknownFields.size(); ++i)
        message += (i > 0 ? ", " : "") + std::string("unknown field \"") + unknownFields[i] + "\"";
    return message;
}

std::string unknownFieldWarning(const std::string& field)
{
    // RFC 7234 warn-text: a quoted string, `"` and `\` escaped.
    std::string text = "unknown field \"" + field + "\"";
    std::string quoted = "299 - \"";
    for (const char c : text) {
        if (c == '"' || c == '\\')
            quoted += '\\';
        quoted += c;
    }
    return quoted + "\"";
}

} // namespace orrery::serve
