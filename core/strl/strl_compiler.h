#pragma once
#include "strl/cluster_state.h"
#include "strl/compiled_program.h"
#include "strl/equivalence_set_table.h"
#include "strl/pending_job.h"
#include "strl/plan_options.h"

#include <vector>

namespace orrery::strl {

//! Compiles all pending jobs into one MILP over the slices of the plan-ahead window (the
//! TetriSched translation, docs/strl.md): a binary indicator per job and per operand of max and
//! sum, integer node counts per leaf and partition class, k·I = Σ counts per leaf, Σ over the
//! leaves holding a class in a slice ≤ the class's free nodes in that slice, the operator rows
//! (max: Σ child indicators ≤ I; sum: child ≤ I; min: children share I and V ≤ each child's
//! value; barrier: threshold·I ≤ child's value), and objective Σ values.
CompiledProgram compileStrl(const std::vector<PendingJob>& jobs, const EquivalenceSetTable& sets,
                            const ClusterState& cluster, const PlanOptions& options);

} // namespace orrery::strl
