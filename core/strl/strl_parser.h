#pragma once
#include "model/diagnostic.h"
#include "strl/strl_requests.h"

#include <optional>
#include <string>
#include <string_view>

namespace orrery::strl {

//! What parsing an StrlRequests file gives: the requests when valid, and every problem found.
struct StrlParseResult {
    std::optional<StrlRequests> requests;
    model::Diagnostics diagnostics; //!< "file:line:column: error: field.path: what was expected"

    [[nodiscard]] bool ok() const { return requests.has_value(); }
};

//! Parses an StrlRequests YAML document (format in docs/strl.md):
//!   apiVersion: orrery.dev/v1
//!   kind: StrlRequests
//!   spec:
//!     sets: [{name, accelerator, labels, memoryAtLeast, cpuAtLeast}]
//!     jobs: [{name, expression: <expr>} | {name, generate: {type, k, duration, slowdown, value, deadline, set}}]
//! where <expr> is a mapping with one operator: nCk: {set, k, start, duration, value},
//! max/min/sum: [<expr>...], scale: {factor, of: <expr>}, barrier: {threshold, of: <expr>}.
StrlParseResult parseStrlRequests(std::string_view text, const std::string& fileNameForMessages);

} // namespace orrery::strl
