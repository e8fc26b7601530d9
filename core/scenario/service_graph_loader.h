#pragma once
#include "model/diagnostic.h"
#include "model/service_graph.h"

#include <memory>
#include <string>
#include <string_view>

namespace orrery::scenario {

//! What loading a ServiceGraph file gives: the graph when the file is valid, and every problem
//! found (in file order, each pointing into that file). `graph` is set exactly when
//! `diagnostics` is empty.
struct ServiceGraphLoadResult {
    std::shared_ptr<const model::ServiceGraph> graph;
    model::Diagnostics diagnostics;

    [[nodiscard]] bool ok() const { return graph != nullptr; }
};

//! Reads and validates a ServiceGraph file (docs/scenario-format.md, "Service graph files").
//! Never throws; a file that cannot be read is a diagnostic too.
ServiceGraphLoadResult loadServiceGraphFile(const std::string& path);

//! Parses ServiceGraph text; `fileNameForMessages` names it in diagnostics and becomes
//! ServiceGraph::sourceFile. Never throws.
ServiceGraphLoadResult parseServiceGraph(std::string_view text, const std::string& fileNameForMessages);

} // namespace orrery::scenario
