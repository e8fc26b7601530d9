#pragma once
#include "policy/control_policy.h"
#include "policy/policy_context.h"
#include "scaling_problem.h"
#include "sim/sim_time.h"

#include <map>
#include <string>

namespace orrery::plugins {

//! HetSev's heterogeneity-aware instance autoscaling (seed 002 §4.1) for the model-serving kind
//! with `autoscaling: on`. Every `period` it builds the ILP over every model target and every GPU
//! type present (device targets' groups), solves it exactly with CBC (`solver: exact`) or with the
//! paper's heuristic (`solver: heuristic`), and emits setReplicas("<model>@<type>", n) for each
//! type whose count changes. Models with launches in flight keep their counts that period.
//! A replica's throughput T_i is 1 / its latency alone on type i (the kind's `aloneSeconds@<type>`
//! profile, the paper's offline profiling), divided by the model's observed co-location stretch
//! with `interference: measured` (the paper's monitored throughput and latency).
class HetsevScalerPolicy : public policy::ControlPolicy {
public:
    explicit HetsevScalerPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;
    //! Per model: "<solver> <solve time>us <type>=<n>,…" after the last solve.
    [[nodiscard]] std::vector<policy::TargetLabel> targetLabels() const override;

    //! The per-type numbers the policy uses for `type` (parameters over core/fleet defaults).
    struct TypeInfo {
        double price = 0;        //!< per GPU-hour (normalised, seed 002 §6.3); < 0 when unknown
        double launchSeconds = 0;
        double memoryBytes = 0;  //!< 0 when unknown
        double speed = 1;        //!< service-rate factor against the reference GPU
    };
    [[nodiscard]] TypeInfo typeInfo(const std::string& type) const;

private:
    bool m_exact;
    double m_headroom;
    double m_lambda;
    double m_timeLimit;
    bool m_antiAffinity;
    sim::SimTime m_period;
    sim::SimTime m_cooldown;
    std::string m_reference;
    bool m_measureInterference;
    std::map<std::string, double> m_prices, m_launch, m_memoryGiB, m_speeds;
    std::map<std::string, double> m_stretch; //!< per model: smoothed observed stretch (≥ 1)
    bool m_synced = false;
    sim::SimTime m_lastSync = 0;
    std::map<std::string, sim::SimTime> m_lastScaleOut;
    std::vector<policy::TargetLabel> m_labels;
};

//! "T4=0.5, V100=1" → {T4: 0.5, V100: 1}; throws std::invalid_argument naming `param` when malformed.
[[nodiscard]] std::map<std::string, double> parseTypeMap(const std::string& text, const std::string& param);

} // namespace orrery::plugins
