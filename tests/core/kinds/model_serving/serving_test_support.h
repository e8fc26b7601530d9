#pragma once
// What the model-serving tests share: a scenario read with the built-in kinds registered, its
// model-serving spec, and one run of ModelServingRuntime on a real engine, as metrics by name.
#include "kinds/built_in_kinds.h"
#include "kinds/model_serving/model_serving_runtime.h"
#include "kinds/model_serving/model_serving_spec.h"
#include "model/cluster.h"
#include "policy/control_policy.h"
#include "policy/placement_policy.h"
#include "policy/plugin_descriptor.h"
#include "policy/queue_policy.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtGlobal>

#include <map>
#include <string>
#include <variant>

namespace orrery::testing {

inline scenario::LoadResult loadServingScenario(const std::string& text, const std::string& file)
{
    kinds::registerBuiltInKinds();
    return scenario::parseScenario(text, file);
}

//! The first `kind: model-serving` workload's spec.
inline const kinds::model_serving::ModelServingSpec& servingSpecOf(const model::Scenario& scenario)
{
    for (const auto& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload))
            return dynamic_cast<const kinds::model_serving::ModelServingSpec&>(*kind->spec);
    }
    qFatal("no model-serving workload");
}

//! Runs the scenario's model-serving workload to its horizon; `keep` receives what it recorded;
//! `placement` places the replicas (written for the current policy API) when given.
inline std::map<std::string, double> runServingScenario(const model::Scenario& scenario, policy::ControlPolicy* control = nullptr,
                                                        policy::QueuePolicy* queue = nullptr, sim::InMemoryRunRecorder* keep = nullptr,
                                                        policy::PlacementPolicy* placement = nullptr)
{
    model::Cluster cluster(scenario.cluster);
    kinds::model_serving::ModelServingRuntime runtime(servingSpecOf(scenario), scenario, cluster);
    if (control)
        runtime.attachControl(*control);
    if (placement)
        runtime.attachPlacement(*placement, ORRERY_POLICY_API_VERSION);
    if (queue)
        runtime.attachQueue(*queue);
    sim::Engine engine;
    sim::InMemoryRunRecorder local;
    runtime.start(engine, keep ? *keep : local);
    engine.run(scenario.horizon);
    env::RunMetrics metrics;
    runtime.finish(&metrics);
    std::map<std::string, double> out;
    for (const auto& metric : metrics)
        out[metric.name] = metric.value;
    return out;
}

} // namespace orrery::testing
