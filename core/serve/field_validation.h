#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orrery::serve {

//! What the API server does with fields its types do not have (the `fieldValidation` query
//! parameter of POST, PUT and PATCH): drop them silently, drop them with a `Warning` header
//! each (the default since Kubernetes 1.27), or refuse the request with 400.
enum class FieldValidation { Ignore, Warn, Strict };

//! The parameter's value ("" is the default, Warn), or nothing for a value the API server refuses.
[[nodiscard]] std::optional<FieldValidation> fieldValidationOf(const std::string& value);

//! The field names of the kinds clients write to a served cluster (Pod, Binding, Event, Lease),
//! from resources/kubernetes/known-fields.json (kubernetes/api's round-trip fixtures, which set
//! every field; tools/kubernetes/known_fields.py), for the decoder's unknown-field check.
class KnownFields {
public:
    //! The embedded resources/kubernetes/known-fields.json.
    [[nodiscard]] static const KnownFields& builtIn();
    //! From that file's text; throws std::runtime_error when it is not such a file.
    explicit KnownFields(const std::string& text);

    //! Whether `kind` ("v1/Pod", "coordination.k8s.io/v1/Lease") is checked; others pass as they are.
    [[nodiscard]] bool knows(const std::string& kind) const;
    //! The fields of `body` (a JSON object of `kind`) its type does not have, as the strict
    //! decoder names them ("spec.containers[0].imagee"), in the order they appear in the body.
    [[nodiscard]] std::vector<std::string> unknownFields(const std::string& kind, const std::string& body) const;
    //! `object` without those fields (what the API server stores under Warn and Ignore).
    void dropUnknownFields(const std::string& kind, nlohmann::json& object) const;

private:
    nlohmann::json m_kinds;
};

//! kube-apiserver's 400 message for a strict decoding failure: `Pod in version "v1" cannot be
//! handled as a Pod: strict decoding error: unknown field "spec.foo", unknown field "spec.bar"`.
[[nodiscard]] std::string strictDecodingMessage(const std::string& kindName, const std::string& version,
                                                const std::vector<std::string>& unknownFields);

//! A `Warning` header's value for one unknown field: `299 - "unknown field \"spec.foo\""`.
[[nodiscard]] std::string unknownFieldWarning(const std::string& field);

} // namespace orrery::serve
