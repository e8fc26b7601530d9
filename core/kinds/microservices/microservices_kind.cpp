#include "kinds/microservices/microservices_kind.h"

#include "env/workload_kind_runtimes.h"
#include "kinds/microservices/microservices_reader.h"
#include "kinds/microservices/microservices_runtime.h"
#include "kinds/microservices/simulated_environment.h"
#include "scenario/workload_kind_readers.h"

#include <algorithm>
#include <mutex>

namespace orrery::kinds::microservices {

namespace {

//! MicroserviceStats::appendMetrics and ControlLoop::appendMetrics (the `control.` names every
//! control loop records are the experiment catalog's, not declared here). With several
//! Microservices workloads every `ms.` name carries the workload's name after the prefix: the
//! totals then match the request-type patterns (`ms.<workload>.requests`); the deeper names are
//! not declared, and the validator warns about them.
std::vector<env::RecordedMetric> recordedMetrics()
{
    return {{"ms.requests", "requests"},
            {"ms.completed", "requests"},
            {"ms.dropped", "requests"},
            {"ms.drop_rate", "ratio"},
            {"ms.slo_violations", "requests"},
            {"ms.slo_violation_rate", "ratio"},
            {"ms.latency.p50", "s", true},
            {"ms.latency.p99", "s", true},
            {"ms.spans", "spans"},
            {"ms.traces", "traces"},
            {"ms.oom_kills", "kills"},
            {"ms.<type>.requests", "requests"},
            {"ms.<type>.completed", "requests"},
            {"ms.<type>.dropped", "requests"},
            {"ms.<type>.latency.mean", "s", true},
            {"ms.<type>.latency.p50", "s", true},
            {"ms.<type>.latency.p99", "s", true},
            {"ms.<type>.slo_violations", "requests"},
            {"ms.<type>.slo_violation_rate", "ratio"},
            {"ms.service.<service>.latency.p50", "s", true},
            {"ms.service.<service>.latency.p99", "s", true},
            {"ms.service.<service>.utilization.mean", "ratio"},
            {"ms.service.<service>.oom_kills", "kills"}};
}

const MicroservicesSpec& microservicesSpec(const model::KindSpec& spec)
{
    return dynamic_cast<const MicroservicesSpec&>(spec);
}

//! Whether `spec` is the scenario's first Microservices workload, and whether there are several.
std::pair<bool, bool> placeAmongMicroservices(const model::KindSpec& spec, const model::Scenario& scenario)
{
    const MicroservicesSpec* first = nullptr;
    std::size_t count = 0;
    for (const model::WorkloadSpec& workload : scenario.workloads) {
        if (const MicroservicesSpec* other = microservicesSpecOf(workload)) {
            first = first ? first : other;
            ++count;
        }
    }
    return {first == &spec, count > 1};
}

} // namespace

void registerMicroservicesKind()
{
    static std::once_flag once;
    std::call_once(once, [] {
        scenario::registerWorkloadKindReader(
            {kMicroservicesKind, microservicesKeys(),
             [](scenario::MapReader& reader, scenario::ParseContext& context, const model::ClusterSpec* cluster,
                scenario::ServiceGraphCache& graphs) -> std::unique_ptr<model::KindSpec> {
                 return readMicroservices(reader, context, cluster, graphs);
             }});
        env::registerWorkloadKindRuntime(
            {kMicroservicesKind,
             [](const model::KindSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                env::NodeContention& contention) -> std::unique_ptr<env::KindRuntime> {
                 const auto [first, several] = placeAmongMicroservices(spec, scenario);
                 return std::make_unique<MicroservicesRuntime>(microservicesSpec(spec), scenario, cluster, contention, first, several);
             },
             [](const model::Scenario& scenario, const model::KindSpec& spec,
                const env::SimulatedEnvironmentOptions& options) -> std::unique_ptr<policy::Environment> {
                 env::SimulatedEnvironmentOptions named = options;
                 named.workload = spec.name;
                 return std::make_unique<SimulatedEnvironment>(scenario, named);
             },
             {"cpu", "replicas"}, // FIRM's knobs (seed 001 §3.2.5: CPU limit, scale out/in)
             {},
             recordedMetrics(),
             {}});
    });
}

} // namespace orrery::kinds::microservices
