#pragma once
#include "model/diagnostic.h"
#include "model/duration_distribution.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace orrery::model {

//! One call of a request's call tree (seed 001 §3.2.2, Fig. 2.1): `service` runs `operation`,
//! spending `work` of CPU time (at one full core), then runs its stages one after another; the
//! calls within a stage run in parallel. A background call is not waited for by its caller
//! (Jaeger FOLLOWS_FROM).
struct CallSpec {
    std::size_t service = 0;  //!< index into ServiceGraph::services()
    std::string operation;
    //! CPU work per call; unset = log-normal with the service's latency.cpu as median and
    //! kDefaultWorkSigma (docs/model.md).
    std::optional<DurationDistribution> work;
    bool background = false;
    std::vector<std::vector<CallSpec>> stages;
    SourceLocation location;
};

//! σ of the log-normal work of a call that gives no `work` of its own.
inline constexpr double kDefaultWorkSigma = 0.3;

//! A kind of request an application serves (compose-post, read-home-timeline): its call tree.
struct RequestType {
    std::string name;
    CallSpec root;
    SourceLocation location;

    //! Calls in the tree, the root included.
    [[nodiscard]] std::size_t callCount() const;
};

} // namespace orrery::model
