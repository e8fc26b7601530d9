#include "kinds/strl_jobs/strl_jobs_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/strl_jobs/strl_jobs_reader.h"
#include "kinds/strl_jobs/strl_jobs_runtime.h"
#include "scenario/workload_kind_readers.h"

#include <mutex>

namespace orrery::kinds::strl_jobs {

namespace {
constexpr const char* kKind = kStrlJobsKind;

//! StrlJobsRuntime::finish: SLO attainment, best-effort latency, utilisation and the planner's work.
std::vector<env::RecordedMetric> recordedMetrics()
{
    return {{"strl.jobs_submitted", "jobs"},
            {"strl.jobs_completed", "jobs"},
            {"strl.jobs_dropped", "jobs"},
            {"strl.jobs_slowed", "jobs"},
            {"strl.slo_jobs", "jobs"},
            {"strl.slo_met", "jobs"},
            {"strl.slo_attainment", "ratio"},
            {"strl.availability_met", "ratio"},
            {"strl.best_effort.latency.mean", "s"},
            {"strl.best_effort.latency.p95", "s"},
            {"strl.completion_time.mean", "s"},
            {"strl.utilization", "ratio"},
            {"strl.cycles", "cycles"},
            {"strl.solve_seconds.mean", "s"},
            {"strl.solve_seconds.p99", "s"},
            {"strl.solve_seconds.max", "s"},
            {"strl.cycles_timed_out", "cycles"},
            {"strl.plan_fallbacks", "cycles"},
            {"strl.assignments_rejected", "assignments"},
            {"strl.unit_decisions", "decisions"}};
}
} // namespace

void registerStrlJobsKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader({kKind, strlJobsKeys(),
                                              [](scenario::MapReader& reader, scenario::ParseContext& context,
                                                 const model::ClusterSpec* cluster, scenario::ServiceGraphCache&) -> std::unique_ptr<model::KindSpec> {
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
             {},
             recordedMetrics(),
             {}});
    });
}

} // namespace orrery::kinds::strl_jobs
