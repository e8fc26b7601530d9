#pragma once
#include "strl/strl_template.h"
#include "kinds/strl_jobs/strl_jobs_spec.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace orrery::kinds::strl_jobs {

//! One job of the workload as submitted: its class, when, and its run time on its preferred placement.
struct SubmittedJob {
    std::string name;
    std::uint32_t jobClass = 0;  //!< index into the spec's classes
    sim::SimTime submitAt = 0;
    sim::SimTime duration = 0;
    std::shared_ptr<const strl::ExpressionTemplate> expression; //!< a scripted job's own expression
};

//! The workload's jobs, sorted by submission time (ties: scripted first, then in draw order):
//! the scripted ones, and a Poisson stream from `arrivalsFrom` to `arrivalsUntil` (else
//! `horizon`) at rate load × nodes / meanNodeSeconds, classes drawn by share and durations
//! uniform in duration × [1 − spread, 1 + spread]. Each draw has its own stream
//! ("strl-jobs/<name>/arrivals|classes|durations"), so no policy can perturb them.
std::vector<SubmittedJob> submittedJobs(const StrlJobsSpec& spec, std::uint64_t seed, int nodeCount, sim::SimTime horizon);

//! The request a batch policy plans `job` with when it is not its class type's generator (a user
//! generator or a hand-written expression, policy::BatchJob::request); null for built-in types.
//! `deadline` is the job's absolute deadline, if it has one.
std::shared_ptr<const strl::RequestTemplate> requestOf(const StrlJobsSpec& spec, const SubmittedJob& job,
                                                       std::optional<sim::SimTime> deadline);

} // namespace orrery::kinds::strl_jobs
