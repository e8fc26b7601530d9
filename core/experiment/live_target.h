#pragma once
#include "model/diagnostic.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orrery::experiment {

//! One per-window metric of a live experiment: a PromQL expression evaluated at the end of each
//! measurement window. `$namespace` becomes the target namespace and `$window` the window's
//! length as a PromQL range (e.g. `30s`), so `rate(x[$window])` covers exactly the window.
struct LiveMetricQuery {
    std::string name;   //!< the metric's name in the comparison (e.g. latency.p99)
    std::string promql;
    std::string unit;   //!< shown in tables (ms, cores, …); free text
    model::SourceLocation location;
};

//! The SLO guard of a live experiment: a PromQL expression checked every control period; when
//! its value is above `threshold` for `consecutive` checks in a row, the experiment stops and
//! the cluster's recorded original state is restored.
struct LiveGuard {
    std::string promql;
    double threshold = 0;
    int consecutive = 1;
    model::SourceLocation location;
};

//! `spec.live.placement`: the arms are placement policies, and each window submits the same set of
//! pods for the arm's scheduler to place (docs/live-clusters.md, "A/B between placement
//! policies"). The pods are labelled, audited and deleted at the end of their window.
struct LivePlacementWorkload {
    int pods = 10;                               //!< pods submitted per window
    std::int64_t millicores = 500;               //!< each pod's CPU request
    std::int64_t memoryBytes = std::int64_t{256} << 20;
    int gpus = 0;                                //!< nvidia.com/gpu per pod
    std::string image = "registry.k8s.io/pause:3.9";
    std::string schedulerName = "orrery-ab";     //!< the pods' spec.schedulerName; the arm's scheduler takes it
    model::SourceLocation location;
};

//! What a placement window measures from the Kubernetes API, besides the PromQL metrics
//! (LiveExperimentRunner): name and unit.
struct LivePlacementMetric {
    const char* name;
    const char* unit;
};
//! placement.pods_bound, placement.unschedulable, placement.pending_time.{mean,p99},
//! placement.decision_time.mean, placement.nodes_used, placement.fragmentation.
[[nodiscard]] const std::vector<LivePlacementMetric>& livePlacementMetrics();

//! `spec.target: live` with `spec.live`: an A/B experiment whose arms are control policies (or,
//! with `placement`, placement policies) that take turns on a live namespace (docs/live-clusters.md, "A/B experiments on a live cluster").
//! Arms alternate in randomized, equal-length windows (a block of one window per arm, in a
//! seeded random order, repeated `windowsPerArm` times); each window starts with a washout that
//! is discarded; the metrics are Prometheus queries over each window.
struct LiveTarget {
    std::string context;        //!< kubeconfig context; empty: the current context
    std::string kubeconfig;     //!< kubeconfig file, resolved against the experiment's folder; empty: kubectl's rules
    std::string nameSpace;      //!< required
    std::vector<std::string> workloads; //!< Deployments the arms control; empty: every Deployment of the namespace
    std::string prometheus;     //!< Prometheus base URL, required
    int windowsPerArm = 3;
    sim::SimTime window = 60 * sim::kSecond;     //!< measured part of a window
    sim::SimTime washout = 30 * sim::kSecond;    //!< discarded start of every window
    sim::SimTime controlPeriod = 5 * sim::kSecond;
    std::uint64_t orderSeed = 1;                 //!< seeds the random window order
    std::string telemetryWindow = "1m";          //!< PromQL range the control policies' usage is read over
    //! PromQL for each target's p99 latency in ms (`$deployment` is the Deployment's name);
    //! empty: targets report no latency (only usage-driven policies then make sense).
    std::string latencyQuery;
    double sloLatencyMs = 0;                     //!< each target's SLO (0: none)
    std::vector<LiveMetricQuery> metrics;        //!< at least one, unless the arms place pods
    std::optional<LivePlacementWorkload> placement;      //!< the arms are placement policies
    std::optional<LiveGuard> guard;
    double actuationBurst = 5;                   //!< ActuationGuard token bucket
    double actuationPerSecond = 0.2;
    model::SourceLocation location;
};

} // namespace orrery::experiment
