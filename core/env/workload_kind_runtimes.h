#pragma once
#include "env/run_metric.h"
#include "env/simulated_environment_options.h"
#include "env/workload_generator.h"
#include "model/kind_spec.h"
#include "model/scenario.h"
#include "policy/environment.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::model {
class Cluster;
}
namespace orrery::policy {
class BatchPlacementPolicy;
class ControlPolicy;
class PlacementPolicy;
class QueuePolicy;
} // namespace orrery::policy
namespace orrery::sim {
class Engine;
class RunRecorder;
} // namespace orrery::sim
namespace orrery::trace {
class SpanSink;
}

namespace orrery::env {

class NodeContention;

//! One run's simulator of a self-registering workload kind (model/kind_spec.h), driven by the
//! Simulation's engine next to every other workload, in the same contention model.
class KindRuntime {
public:
    virtual ~KindRuntime() = default;
    //! Where the kind delivers the spans it records (Simulation::setSpanSink; not owned; nullptr =
    //! none). Called before start(); kinds that record no spans ignore it.
    virtual void setSpanSink(trace::SpanSink* /*sink*/) {}
    //! Schedules the workload's first events and defines its series. Called once, before the loop.
    virtual void start(sim::Engine& engine, sim::RunRecorder& recorder) = 0;
    //! After the loop: appends the run's metrics (null when the run did not complete).
    virtual void finish(RunMetrics* metrics) = 0;
    //! `policies.control`: the kind calls `control` every control period. False when the kind has
    //! nothing a control policy could act on. `control` outlives the runtime.
    virtual bool attachControl(policy::ControlPolicy& /*control*/) { return false; }
    //! `policies.placement` when it is a per-unit policy: the kind may place its own units with it.
    //! False when the kind places nothing itself. `placement` outlives the runtime;
    //! `compatVersion` is the policy API it was written for (policy::writtenForMinor says which of
    //! its later virtual functions the kind may call).
    virtual bool attachPlacement(policy::PlacementPolicy& /*placement*/, std::string_view /*compatVersion*/) { return false; }
    //! `policies.placement` when it is a batch policy (TetriSched): false when the kind cannot use
    //! one; a run whose batch policy no kind accepts is a setup error. `placement` outlives the runtime.
    virtual bool attachBatchPlacement(policy::BatchPlacementPolicy& /*placement*/) { return false; }
    //! `policies.queue`: the order in which the kind serves waiting requests (model serving).
    //! False when the kind has no request queues; a run whose queue policy no kind accepts is a
    //! setup error. `queue` outlives the runtime.
    virtual bool attachQueue(policy::QueuePolicy& /*queue*/) { return false; }
};

//! A metric a kind records at the end of a run: the experiment validator accepts it without a
//! warning and docs/model.md lists it. `pattern` is the exact name, or has placeholders in angle
//! brackets for the parts a scenario names ("fn.<function>.latency.p99"); each placeholder
//! stands for one or more characters other than '.'.
struct RecordedMetric {
    std::string pattern;
    std::string unit;
    //! Lower is better and it is a time, so an experiment's "speedup" (baseline mean / arm mean)
    //! means something (experiment::isLatencyLike).
    bool latencyLike = false;
};

//! Whether `metric` is what `pattern` describes (RecordedMetric::pattern).
[[nodiscard]] bool matchesMetricPattern(std::string_view pattern, std::string_view metric);

//! How the simulation and the trainers build a registered kind.
struct WorkloadKindRuntime {
    std::string kind; //!< as model::KindSpec::kind
    std::function<std::unique_ptr<KindRuntime>(const model::KindSpec& spec, const model::Scenario& scenario,
                                               model::Cluster& cluster, NodeContention& contention)>
        makeRuntime;
    //! The kind's control Environment for training (empty when it has none). `options.workload`
    //! names the workload when there are several.
    std::function<std::unique_ptr<policy::Environment>(const model::Scenario& scenario, const model::KindSpec& spec,
                                                       const SimulatedEnvironmentOptions& options)>
        makeEnvironment;
    //! What a fixed-shape (Gymnasium-style) agent sets on each target by default: "replicas" or a
    //! ControlResource name (core/control_gym). Empty when the kind has no control environment.
    std::vector<std::string> controlKnobs;
    //! The most control targets one episode can have (training jobs: every job), so fixed-shape
    //! observations have room for all; empty = the targets of the episode's first observation.
    std::function<std::size_t(const model::KindSpec& spec)> controlTargetCapacity;
    //! Every metric the kind's runtime records (KindRuntime::finish); tests/core/kinds checks the
    //! list against real runs of each kind.
    std::vector<RecordedMetric> recordedMetrics;
    //! For a kind whose work is jobs of tasks placed one at a time by the simulation itself (as
    //! BatchJobs are: queue, placement policy, contention, the jobs.* and job.* metrics): its jobs'
    //! generator, seeded from the scenario seed. Such a kind needs no `makeRuntime`.
    std::function<std::unique_ptr<WorkloadGenerator>(const model::KindSpec& spec, std::uint64_t seed)> makeGenerator;
};

//! Registers (or replaces) a kind's runtime factories; kinds call it once at start-up.
void registerWorkloadKindRuntime(WorkloadKindRuntime runtime);
//! The factories of `kind` (exactly as model::KindSpec::kind), or nullptr.
[[nodiscard]] const WorkloadKindRuntime* findWorkloadKindRuntime(const std::string& kind);
//! Every registered kind's declared metric names that have no placeholder, for suggestions.
[[nodiscard]] std::vector<std::string> declaredExactMetricNames();
//! The kind of the registered runtime that declares `metric` (RecordedMetric), or nullptr.
[[nodiscard]] const WorkloadKindRuntime* findKindRecordingMetric(std::string_view metric);

//! The control Environment a trainer uses for `scenario`: the first workload whose kind offers one
//! (or the one `options.workload` names). Throws std::invalid_argument when there is none, or
//! as the kind's environment does.
[[nodiscard]] std::unique_ptr<policy::Environment> makeControlEnvironment(const model::Scenario& scenario,
                                                                          const SimulatedEnvironmentOptions& options);

//! What makeControlEnvironment would build, described for fixed-shape adapters: the workload's
//! kind, its default knobs and its target capacity (0 = unknown: the first observation's targets).
struct ControlEnvironmentTraits {
    std::string kind;
    std::string workload;
    std::vector<std::string> knobs;
    std::size_t targetCapacity = 0;
};
//! Throws std::invalid_argument as makeControlEnvironment does.
[[nodiscard]] ControlEnvironmentTraits controlEnvironmentTraits(const model::Scenario& scenario,
                                                                const SimulatedEnvironmentOptions& options);

} // namespace orrery::env
