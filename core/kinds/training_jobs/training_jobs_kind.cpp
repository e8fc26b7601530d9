#include "kinds/training_jobs/training_jobs_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/training_jobs/training_jobs_environment.h"
#include "kinds/training_jobs/training_jobs_reader.h"
#include "kinds/training_jobs/training_jobs_runtime.h"
#include "scenario/workload_kind_readers.h"

#include <mutex>

namespace orrery::kinds::training_jobs {

namespace {
constexpr const char* kKind = kTrainingJobsKind;

//! TrainingJobsRuntime::finish: job completion times, counts and the listener's work.
std::vector<env::RecordedMetric> recordedMetrics()
{
    return {{"train.jobs_submitted", "jobs"},
            {"train.jobs_completed", "jobs"},
            {"train.jct.mean", "s"},
            {"train.jct.p50", "s"},
            {"train.jct.p90", "s"},
            {"train.jct.max", "s"},
            {"train.makespan", "s"},
            {"train.limit_changes", "actions"},
            {"train.listener_runs", "runs"},
            {"train.containers_without_evaluation", "containers"},
            {"train.<job>.jct", "s"}};
}

const TrainingJobsSpec& trainingSpecOf(const model::KindSpec& spec)
{
    return dynamic_cast<const TrainingJobsSpec&>(spec);
}
} // namespace

void registerTrainingJobsKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader({kKind, trainingJobsKeys(),
                                              [](scenario::MapReader& reader, scenario::ParseContext& context,
                                                 const model::ClusterSpec* cluster, scenario::ServiceGraphCache&) -> std::unique_ptr<model::KindSpec> {
                                                  return readTrainingJobsWorkload(reader, context, cluster);
                                              }});
        env::registerWorkloadKindRuntime(
            {kKind,
             [](const model::KindSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                env::NodeContention& contention) -> std::unique_ptr<env::KindRuntime> {
                 return std::make_unique<TrainingJobsRuntime>(trainingSpecOf(spec), scenario, cluster, contention);
             },
             [](const model::Scenario& scenario, const model::KindSpec& spec,
                const env::SimulatedEnvironmentOptions& options) -> std::unique_ptr<policy::Environment> {
                 return std::make_unique<TrainingJobsEnvironment>(scenario, trainingSpecOf(spec), options);
             },
             {"cpu"}, // FlowCon's one knob: the container's CPU limit (seed 004 §4)
             [](const model::KindSpec& spec) -> std::size_t {
                 const TrainingJobsSpec& jobs = trainingSpecOf(spec); // one container per job
                 return static_cast<std::size_t>(jobs.count) + jobs.jobs.size();
             },
             recordedMetrics(),
             {}});
    });
}

} // namespace orrery::kinds::training_jobs
