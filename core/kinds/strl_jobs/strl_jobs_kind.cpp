#include "kinds/strl_jobs/strl_jobs_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/strl_jobs/strl_jobs_reader.h"
#include "kinds/strl_jobs/strl_jobs_runtime.h"
#include "scenario/workload_kind_readers.h"

#include <mutex>

namespace orrery::kinds::strl_jobs {

namespace {
constexpr const char* kKind = "strl-jobs";
} // namespace

void registerStrlJobsKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader({kKind, strlJobsKeys(),
                                              [](scenario::MapReader& reader, scenario::ParseContext& context,
                                                 const model::ClusterSpec* cluster) -> std::unique_ptr<model::KindSpec> {
                                                  return readStrlJobsWorkload(reader, context, cluster);
                                              }});
        env::registerWorkloadKindRuntime(
            {kKind,
             [](const model::KindSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                env::NodeContention&) -> std::unique_ptr<env::KindRuntime> {
                 return std::make_unique<StrlJobsRuntime>(dynamic_cast<const StrlJobsSpec&>(spec), scenario, cluster);
             },
             {}, // no control environment: the jobs run whole nodes to completion
             {},
             {}});
    });
}

} // namespace orrery::kinds::strl_jobs
