#pragma once
#include "model/scenario.h"
#include "store/ids.h"

#include <optional>
#include <string>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::app {

// What a stored run was, for the views and commands that open it (docs/architecture.md §8).
// Which kinds a run has comes from what the run recorded; only a kind's own view that shows the
// scenario's content (the cluster layout, the service graph, STRL jobs) reads the scenario back,
// and it does so here.

//! The kinds of a stored run's workloads, from the `run.workload` annotations the simulation
//! records (env::kRunWorkloadAnnotation), in the scenario's order; nullopt for a run stored by a
//! build that did not record them.
[[nodiscard]] std::optional<std::vector<std::string>> runWorkloadKinds(const store::Project& project, store::RunId runId);

//! Whether run `runId` has a workload of `kind`: true also when the run did not record its kinds
//! (an older build), so a caller then looks at the scenario itself.
[[nodiscard]] bool runMayHaveKind(const store::Project& project, store::RunId runId, const std::string& kind);

//! The scenario a run was started from, validated again from the text stored with it.
struct StoredRunScenario {
    std::optional<model::Scenario> scenario; //!< empty when none is stored or it no longer loads
    bool stored = false;                     //!< the run has a scenario text
    std::string error;                       //!< the diagnostics when it no longer loads
};
[[nodiscard]] StoredRunScenario storedRunScenario(const store::Project& project, store::RunId runId);

} // namespace orrery::app
