#pragma once
#include "policy/batch_request.h"
#include "policy/cluster_view.h"
#include "strl/cluster_state.h"
#include "strl/equivalence_set_table.h"
#include "strl/generator_context.h"
#include "strl/job_type_spec.h"
#include "strl/pending_job.h"

#include <vector>

namespace orrery::plugins::tetrisched {

//! What core/strl needs for one cycle, built from the policy API's BatchRequest: node attributes
//! (devices, pool labels), their busy-until times, the generators' context and sets, and each
//! pending job's type spec (jobs of an unknown type are left out: `specs[i]` unset). A job that
//! carries its own STRL (BatchJob::request: a user generator or a hand-written expression) is
//! planned with it instead of its type's generator.
struct StrlInputs {
    strl::ClusterState cluster;
    strl::GeneratorContext context;
    strl::EquivalenceSetTable sets;
    std::vector<std::optional<strl::JobTypeSpec>> specs; //!< parallel to request.pending
    std::vector<std::int32_t> nodeCaps; //!< parallel to request.pending: the most nodes a job's granted leaves are given

    static StrlInputs of(const policy::BatchRequest& request, const policy::ClusterView& view, sim::SimTime slotLength,
                         int windowSlots);
    //! The pending job `i` as STRL for this window: its own request when it carries one, else its
    //! type's generator (an empty max when its type is unknown).
    [[nodiscard]] strl::PendingJob pendingJob(const policy::BatchRequest& request, std::size_t i) const;
};

//! A deadline job's options are all worth its value (core/strl's generators), so the MILP is
//! indifferent between starting now and at the end of the window, and between the fast and the
//! slow placement. Re-planned every cycle, that indifference let a job's start slide to the
//! window's end again and again until its deadline passed (found in the study, docs/reproduction.md).
//! This breaks the tie: each option of the top-level max is scaled by
//! 1 − kDeadlineTieBreak · late / (late + W), late = its completion − now, W = the window's
//! length, so an earlier completion is worth strictly more, and at most 1 % less than the value.
inline constexpr double kDeadlineTieBreak = 0.01;
void preferEarlierCompletion(strl::Expression& expression, const strl::GeneratorContext& context);

} // namespace orrery::plugins::tetrisched
