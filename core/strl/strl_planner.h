#pragma once
#include "strl/cluster_state.h"
#include "strl/equivalence_set_table.h"
#include "strl/pending_job.h"
#include "strl/plan.h"
#include "strl/plan_options.h"

#include <vector>

namespace orrery::strl {

//! One TetriSched cycle: compiles every pending job into one MILP (compileStrl), solves it with
//! CBC and reads the granted leaves back. Without a solution (no incumbent by the time limit,
//! or a solver failure) the plan is empty and `status` says why.
Plan planStrl(const std::vector<PendingJob>& jobs, const EquivalenceSetTable& sets, const ClusterState& cluster,
              const PlanOptions& options);

} // namespace orrery::strl
