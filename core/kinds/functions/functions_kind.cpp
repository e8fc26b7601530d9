#include "kinds/functions/functions_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/functions/functions_environment.h"
#include "kinds/functions/functions_reader.h"
#include "kinds/functions/functions_runtime.h"
#include "scenario/workload_kind_readers.h"

#include <mutex>

namespace orrery::kinds::functions {

namespace {
constexpr const char* kKind = "Functions";

//! FunctionsDeployment::appendMetrics: the totals and each function's latency and violations.
std::vector<env::RecordedMetric> recordedMetrics()
{
    return {{"fn.invocations", "invocations"},
            {"fn.completed", "invocations"},
            {"fn.failures", "invocations"},
            {"fn.memory_reclaimed", "invocations"},
            {"fn.slo_violations", "invocations"},
            {"fn.slo_violation_rate", "ratio"},
            {"fn.cold_starts", "containers"},
            {"fn.latency.p99.mean", "ms", true},
            {"fn.cpu_utilization", "ratio"},
            {"fn.memory_utilization", "ratio"},
            {"fn.containers.mean", "containers"},
            {"fn.<function>.latency.p50", "ms", true},
            {"fn.<function>.latency.p99", "ms", true},
            {"fn.<function>.slo_violation_rate", "ratio"}};
}

const FunctionsSpec& functionsSpecOf(const model::KindSpec& spec)
{
    return dynamic_cast<const FunctionsSpec&>(spec);
}
} // namespace

void registerFunctionsKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader({kKind, functionsKeys(),
                                              [](scenario::MapReader& reader, scenario::ParseContext& context,
                                                 const model::ClusterSpec* cluster, scenario::ServiceGraphCache&) -> std::unique_ptr<model::KindSpec> {
                                                  return readFunctionsWorkload(reader, context, cluster);
                                              }});
        env::registerWorkloadKindRuntime(
            {kKind,
             [](const model::KindSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                env::NodeContention& contention) -> std::unique_ptr<env::KindRuntime> {
                 return std::make_unique<FunctionsRuntime>(functionsSpecOf(spec), scenario, cluster, contention);
             },
             [](const model::Scenario& scenario, const model::KindSpec& spec,
                const env::SimulatedEnvironmentOptions& options) -> std::unique_ptr<policy::Environment> {
                 return std::make_unique<FunctionsEnvironment>(scenario, functionsSpecOf(spec), options);
             },
             {"cpu", "memory", "replicas"}, // SIMPPO's three knobs (seed 001 §4.3)
             {},
             recordedMetrics(),
             {}});
    });
}

} // namespace orrery::kinds::functions
