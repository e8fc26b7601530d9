#include "kinds/strl_jobs/strl_jobs_spec.h"

namespace orrery::kinds::strl_jobs {

bool StrlJobsSpec::scaleArrivals(double factor)
{
    if (load <= 0.0)
        return false;
    load *= factor;
    return true;
}

const JobClass* StrlJobsSpec::findClass(const std::string& name) const
{
    for (const JobClass& jobClass : classes) {
        if (jobClass.name == name)
            return &jobClass;
    }
    return nullptr;
}

double StrlJobsSpec::meanNodeSeconds() const
{
    double weighted = 0.0, shares = 0.0;
    for (const JobClass& jobClass : classes) {
        weighted += jobClass.share * jobClass.nodes * sim::toSeconds(jobClass.duration);
        shares += jobClass.share;
    }
    return shares > 0.0 ? weighted / shares : 0.0;
}

const strl::StrlGenerator* StrlJobsSpec::findGenerator(const std::string& name) const
{
    for (const strl::StrlGenerator& generator : generators) {
        if (generator.name == name)
            return &generator;
    }
    return nullptr;
}

} // namespace orrery::kinds::strl_jobs
