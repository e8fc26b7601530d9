#include "fcfs_policy.h"

#include "sim/sim_time.h"

namespace orrery::plugins {

FcfsPolicy::FcfsPolicy(const policy::PolicyContext& context)
{
    (void)context;
}

double FcfsPolicy::priority(const policy::QueuedRequest& request)
{
    return static_cast<double>(request.arrivedAt) / static_cast<double>(sim::kSecond);
}

} // namespace orrery::plugins
