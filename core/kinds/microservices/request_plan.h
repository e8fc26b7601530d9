#pragma once
#include "model/request_type.h"
#include "model/service_graph.h"
#include "trace/name_table.h"

#include <cstdint>
#include <vector>

namespace orrery::kinds::microservices {

//! A request type's call tree flattened for the simulator: calls in an array (root first), the
//! children of each stage at consecutive indices, names interned once.
struct RequestPlan {
    static constexpr std::uint32_t kNoParent = 0xffffffffu;

    struct Call {
        std::uint32_t service = 0;
        trace::NameId operation = 0;
        std::uint32_t parent = kNoParent;
        std::uint32_t firstStage = 0; //!< index into stages
        std::uint32_t stageCount = 0;
        std::uint32_t subtreeSize = 1; //!< this call and every call below it
        bool background = false;
        model::DurationDistribution work;
    };
    struct Stage {
        std::uint32_t firstChild = 0;
        std::uint32_t childCount = 0;
    };

    trace::NameId name = 0;
    std::vector<Call> calls;
    std::vector<Stage> stages;

    //! Flattens `type`; a call without work gets log-normal(latency.cpu, kDefaultWorkSigma).
    static RequestPlan compile(const model::RequestType& type, const model::ServiceGraph& graph, trace::NameTable& names);
};

} // namespace orrery::kinds::microservices
