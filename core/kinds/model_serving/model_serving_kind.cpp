#include "kinds/model_serving/model_serving_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/model_serving/model_serving_environment.h"
#include "kinds/model_serving/model_serving_reader.h"
#include "kinds/model_serving/model_serving_runtime.h"
#include "scenario/workload_kind_readers.h"

#include <mutex>

namespace orrery::kinds::model_serving {

namespace {
constexpr const char* kKind = kModelServingKind;

//! ModelServingRuntime::finish: requests, latency, SLO, power and energy, replicas, per device.
std::vector<env::RecordedMetric> recordedMetrics()
{
    return {{"serving.requests", "requests"},
            {"serving.completed", "requests"},
            {"serving.dropped", "requests"},
            {"serving.latency.mean", "s"},
            {"serving.latency.p50", "s"},
            {"serving.latency.p99", "s"},
            {"serving.slo_attainment", "share"},
            {"serving.slo_ratio.p99", "factor"},
            {"serving.batch.mean", "requests"},
            {"serving.power.mean", "W"},
            {"serving.energy", "J"},
            {"serving.energy_per_request", "J/request"},
            {"serving.mhz.mean", "MHz"},
            {"serving.frequency_changes", "changes"},
            {"serving.gpu_utilization.mean", "share"},
            {"serving.replicas.mean", "replicas"},
            {"serving.replicas_unplaced", "replicas"},
            {"serving.launch_failures", "replicas"},
            {"serving.scale_ins", "replicas"},
            {"serving.scale_outs", "replicas"},
            {"serving.cost", "USD"},
            {"serving.<device>.mhz.mean", "MHz"},
            {"serving.<device>.power.mean", "W"},
            {"serving.<device>.utilization", "share"}};
}
} // namespace

void registerModelServingKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader({kKind, modelServingKeys(),
                                              [](scenario::MapReader& reader, scenario::ParseContext& context,
                                                 const model::ClusterSpec* cluster, scenario::ServiceGraphCache&) -> std::unique_ptr<model::KindSpec> {
                                                  return readModelServingWorkload(reader, context, cluster);
                                              }});
        env::registerWorkloadKindRuntime(
            {kKind,
             [](const model::KindSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                env::NodeContention&) -> std::unique_ptr<env::KindRuntime> {
                 return std::make_unique<ModelServingRuntime>(dynamic_cast<const ModelServingSpec&>(spec), scenario, cluster);
             },
             [](const model::Scenario& scenario, const model::KindSpec& spec,
                const env::SimulatedEnvironmentOptions& options) -> std::unique_ptr<policy::Environment> {
                 return std::make_unique<ModelServingEnvironment>(scenario, dynamic_cast<const ModelServingSpec&>(spec), options);
             },
             {"gpu-frequency"},
             {},
             recordedMetrics(),
             {}});
    });
}

} // namespace orrery::kinds::model_serving
