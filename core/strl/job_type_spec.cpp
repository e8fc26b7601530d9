#include "strl/job_type_spec.h"

namespace orrery::strl {

std::optional<JobType> parseJobType(std::string_view text)
{
    if (text == "gpu")
        return JobType::Gpu;
    if (text == "mpi")
        return JobType::Mpi;
    if (text == "availability")
        return JobType::Availability;
    if (text == "slo")
        return JobType::Slo;
    if (text == "best-effort")
        return JobType::BestEffort;
    return std::nullopt;
}

const char* toString(JobType type)
{
    switch (type) {
    case JobType::Gpu: return "gpu";
    case JobType::Mpi: return "mpi";
    case JobType::Availability: return "availability";
    case JobType::Slo: return "slo";
    case JobType::BestEffort: return "best-effort";
    }
    return "?";
}

} // namespace orrery::strl
