#pragma once
#include "strl/equivalence_set_table.h"
#include "strl/expression.h"
#include "strl/generator_context.h"
#include "strl/job_type_spec.h"
#include "strl/pending_job.h"

#include <optional>
#include <string>
#include <vector>

namespace orrery::strl {

//! A job as written in an StrlRequests file: a hand-written expression or a job type.
struct JobRequest {
    std::string name;
    std::optional<Expression> expression;
    std::optional<JobTypeSpec> generated;
};

//! The content of an StrlRequests file: named equivalence sets and jobs.
struct StrlRequests {
    EquivalenceSetTable sets;
    std::vector<JobRequest> jobs;

    //! The pending jobs for one window: hand-written expressions as they are, generated ones
    //! built by generateJob; defines the generators' sets in `sets` too.
    [[nodiscard]] std::vector<PendingJob> pendingJobs(const GeneratorContext& context, EquivalenceSetTable& sets) const;
};

} // namespace orrery::strl
