#pragma once
#include "env/node_contention.h"
#include "env/run_metric.h"
#include "kinds/functions/functions_platform.h"
#include "model/cluster.h"
#include "model/scenario.h"

#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace orrery::kinds::functions {

//! A Functions workload as deployed for one run: one platform shared by every function (the
//! multi-tenant setting), or, with platform.isolated, one platform per function on its own copy
//! of the cluster (the single-tenant setting of seed 001 §4.5.1). Either way it presents the
//! functions in spec order as one set of control targets and one set of run metrics.
class FunctionsDeployment {
public:
    //! `cluster` and `contention` are the run's (shared mode); isolated functions get their own.
    FunctionsDeployment(const FunctionsSpec& spec, const model::Scenario& scenario, std::uint64_t seed,
                        model::Cluster& cluster, env::NodeContention& contention);
    ~FunctionsDeployment();

    void start(sim::Engine& engine);
    [[nodiscard]] policy::Observation observe(sim::SimTime now);
    std::vector<policy::ActionOutcome> apply(std::span<const policy::ControlAction> actions, sim::SimTime now);
    //! Run metrics: per function fn.<name>.latency.{p50,p99} and .slo_violation_rate, and over all
    //! functions fn.invocations, .completed, .failures, .slo_violations, .slo_violation_rate,
    //! .cold_starts, .latency.p99.mean, .cpu_utilization, .memory_utilization, .containers.mean.
    void appendMetrics(env::RunMetrics& metrics, sim::SimTime now) const;

    [[nodiscard]] std::size_t functionCount() const { return m_index.size(); }
    [[nodiscard]] const FunctionSpec& functionSpec(std::size_t f) const;
    [[nodiscard]] const FunctionTotals& totals(std::size_t f) const;
    [[nodiscard]] std::uint64_t invocationsCompleted() const;

private:
    struct Island { //!< an isolated function's own cluster
        FunctionsSpec spec;
        model::Cluster cluster;
        std::unique_ptr<env::NodeContention> contention;
    };
    std::vector<std::unique_ptr<Island>> m_islands;
    std::vector<std::unique_ptr<FunctionsPlatform>> m_platforms;
    std::vector<std::pair<std::size_t, std::size_t>> m_index; //!< function → (platform, its index there)
};

} // namespace orrery::kinds::functions
