#pragma once
#include "model/kind_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/graph_reference_reader.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace orrery::scenario {

//! How a self-registering workload kind reads its mapping under spec.workloads (model/kind_spec.h).
struct WorkloadKindReader {
    std::string kind;                 //!< as written after `kind:`, e.g. "Functions" (matched case-insensitively)
    std::vector<std::string> keys;    //!< every key the mapping may have, including name and kind
    //! Reads the mapping; reports problems to the context and returns nullptr when there were any.
    //! `cluster` is null when the scenario's cluster did not read cleanly; `graphs` holds the
    //! service graphs this scenario's workloads have loaded so far (readGraphReference).
    std::function<std::unique_ptr<model::KindSpec>(MapReader& reader, ParseContext& context,
                                                   const model::ClusterSpec* cluster, ServiceGraphCache& graphs)>
        read;
};

//! The process-wide table of registered kinds' readers. Kinds register once at start-up
//! (kinds/built_in_kinds.h); registering a kind twice replaces its reader.
void registerWorkloadKindReader(WorkloadKindReader reader);
//! The reader of `kind` (case-insensitive), or nullptr.
[[nodiscard]] const WorkloadKindReader* findWorkloadKindReader(const std::string& kind);
//! The registered kinds' names, sorted, for messages.
[[nodiscard]] std::vector<std::string> registeredWorkloadKinds();

} // namespace orrery::scenario
