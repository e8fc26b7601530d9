#include "kinds/job_streams/job_streams_spec.h"

namespace orrery::kinds::job_streams {

bool JobStreamsSpec::scaleArrivals(double factor)
{
    arrivalsPerSecond *= factor;
    return true;
}

bool JobStreamsSpec::setJobCount(std::int64_t jobs)
{
    maxJobs = jobs;
    return true;
}

} // namespace orrery::kinds::job_streams
