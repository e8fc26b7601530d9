#include "strl/strl_requests.h"

#include "strl/job_generators.h"

namespace orrery::strl {

std::vector<PendingJob> StrlRequests::pendingJobs(const GeneratorContext& context, EquivalenceSetTable& sets) const
{
    context.defineSets(sets);
    std::vector<PendingJob> result;
    result.reserve(jobs.size());
    for (const JobRequest& job : jobs) {
        if (job.expression)
            result.push_back(PendingJob{job.name, *job.expression});
        else if (job.generated)
            result.push_back(PendingJob{job.name, generateJob(*job.generated, context)});
    }
    return result;
}

} // namespace orrery::strl
