#include "env/workload_kind_runtimes.h"

#include <mutex>
#include <stdexcept>
#include <variant>
#include <vector>

namespace orrery::env {
namespace {

struct RuntimeTable {
    std::mutex mutex;
    std::vector<std::unique_ptr<WorkloadKindRuntime>> runtimes; //!< never erased: pointers stay valid
};

RuntimeTable& table()
{
    static RuntimeTable instance;
    return instance;
}

} // namespace

void registerWorkloadKindRuntime(WorkloadKindRuntime runtime)
{
    RuntimeTable& t = table();
    const std::lock_guard lock(t.mutex);
    for (auto& existing : t.runtimes) {
        if (existing->kind == runtime.kind) {
            *existing = std::move(runtime);
            return;
        }
    }
    t.runtimes.push_back(std::make_unique<WorkloadKindRuntime>(std::move(runtime)));
}

const WorkloadKindRuntime* findWorkloadKindRuntime(const std::string& kind)
{
    RuntimeTable& t = table();
    const std::lock_guard lock(t.mutex);
    for (const auto& runtime : t.runtimes) {
        if (runtime->kind == kind)
            return runtime.get();
    }
    return nullptr;
}

bool matchesMetricPattern(std::string_view pattern, std::string_view metric)
{
    const std::size_t open = pattern.find('<');
    if (open == std::string_view::npos)
        return pattern == metric;
    const std::size_t close = pattern.find('>', open);
    if (close == std::string_view::npos || metric.substr(0, open) != pattern.substr(0, open))
        return false;
    const std::string_view rest = pattern.substr(close + 1);
    // The placeholder takes one or more characters up to a '.', then the rest must match.
    for (std::size_t end = open + 1; end <= metric.size(); ++end) {
        if (metric[end - 1] == '.')
            break;
        if (matchesMetricPattern(rest, metric.substr(end)))
            return true;
    }
    return false;
}

std::vector<std::string> declaredExactMetricNames()
{
    RuntimeTable& t = table();
    const std::lock_guard lock(t.mutex);
    std::vector<std::string> names;
    for (const auto& runtime : t.runtimes) {
        for (const RecordedMetric& recorded : runtime->recordedMetrics) {
            if (recorded.pattern.find('<') == std::string::npos)
                names.push_back(recorded.pattern);
        }
    }
    return names;
}

const WorkloadKindRuntime* findKindRecordingMetric(std::string_view metric)
{
    RuntimeTable& t = table();
    const std::lock_guard lock(t.mutex);
    for (const auto& runtime : t.runtimes) {
        for (const RecordedMetric& recorded : runtime->recordedMetrics) {
            if (matchesMetricPattern(recorded.pattern, metric))
                return runtime.get();
        }
    }
    return nullptr;
}

namespace {

//! The workload whose control environment a trainer gets (see makeControlEnvironment), with its
//! kind's factories.
struct ControlledWorkload {
    const model::KindWorkload* workload = nullptr;
    const WorkloadKindRuntime* runtime = nullptr;
};

ControlledWorkload findControlledWorkload(const model::Scenario& scenario, const SimulatedEnvironmentOptions& options)
{
    for (const model::WorkloadSpec& workload : scenario.workloads) {
        const auto* kind = std::get_if<model::KindWorkload>(&workload);
        if (!kind || (!options.workload.empty() && kind->name != options.workload))
            continue;
        const WorkloadKindRuntime* runtime = findWorkloadKindRuntime(kind->spec->kind);
        if (runtime && runtime->makeEnvironment)
            return {kind, runtime};
        if (!options.workload.empty())
            throw std::invalid_argument("workload '" + kind->name + "' (kind " + kind->spec->kind
                                        + ") has no control environment");
    }
    throw std::invalid_argument("scenario '" + scenario.name + "' has no "
                                + (options.workload.empty() ? std::string("workload with a control environment (Microservices, Functions, model-serving, training-jobs)")
                                                            : "workload named '" + options.workload + "'"));
}

} // namespace

std::unique_ptr<policy::Environment> makeControlEnvironment(const model::Scenario& scenario,
                                                            const SimulatedEnvironmentOptions& options)
{
    const ControlledWorkload found = findControlledWorkload(scenario, options);
    return found.runtime->makeEnvironment(scenario, *found.workload->spec, options);
}

ControlEnvironmentTraits controlEnvironmentTraits(const model::Scenario& scenario, const SimulatedEnvironmentOptions& options)
{
    const ControlledWorkload found = findControlledWorkload(scenario, options);
    const WorkloadKindRuntime& runtime = *found.runtime;
    return {found.workload->spec->kind, found.workload->name, runtime.controlKnobs,
            runtime.controlTargetCapacity ? runtime.controlTargetCapacity(*found.workload->spec) : 0};
}

} // namespace orrery::env
