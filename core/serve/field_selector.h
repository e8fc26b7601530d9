#pragma once
#include "serve/object_store.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace orrery::serve {

//! A fieldSelector as the API server reads it: comma-separated `field=value`, `field==value` or
//! `field!=value` terms on the fields the API server supports for the kind (every kind:
//! metadata.name, metadata.namespace; pods: spec.nodeName, spec.schedulerName, status.phase, …;
//! events: involvedObject.name/namespace/uid/kind, reason, type, …; nodes: spec.unschedulable).
//! Any other field fails to parse ("field label not supported"), so it is never silently ignored.
class FieldSelector {
public:
    //! The selector, or nullopt with `error` set. Empty text selects all.
    static std::optional<FieldSelector> parse(ResourceKind kind, const std::string& text, std::string* error);
    [[nodiscard]] bool matches(const nlohmann::json& object) const;
    [[nodiscard]] bool empty() const { return m_terms.empty(); }

private:
    struct Term {
        std::string path;     //!< where the field is in the object (dotted)
        std::string fallback; //!< its value when absent ("" for strings, "false" for flags)
        std::string value;
        bool equal = true;
    };
    std::vector<Term> m_terms;
};

} // namespace orrery::serve
