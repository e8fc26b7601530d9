#pragma once
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <map>
#include <string>

namespace orrery::plugins {

//! ENSURE's thresholds (Suresh et al., ACSOS 2020) as seed 001 §4.5.1 uses them.
struct EnsureParams {
    double latencyThreshold = 0.15; //!< act when p99 exceeds the isolated p99 by more than this (the chapter's 15 %)
    double staffing = 1.0;          //!< c of the container estimate R + c·√R
    int calmPeriods = 3;            //!< periods within the threshold before scaling in

    static EnsureParams from(const policy::ParamSet& params);
};

//! A threshold-based serverless autoscaler after ENSURE (docs: plugins/ensure/README.md): each
//! function's latency degradation against its isolated p99 (SLO / 1.15, seed 001 §4.4) drives
//! vertical scaling first (cpu.shares doubled up to 2048) and then horizontal scaling to the
//! square-root-staffing estimate R + c·√R containers, R = arrival rate × mean latency (the
//! concurrency the load needs). After `calmPeriods` periods within the threshold it scales in
//! to the estimate. Memory limits are left as they are.
class EnsurePolicy final : public policy::ControlPolicy {
public:
    explicit EnsurePolicy(const policy::PolicyContext& context);
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

    //! Containers the load needs: ⌈R + c·√R⌉ with R = rate × latency, at least 1 when anything arrives.
    [[nodiscard]] static int containersFor(double ratePerSecond, double latencyMs, double staffing);

private:
    EnsureParams m_params;
    std::map<std::string, int> m_calm; //!< periods within the threshold, by target
};

} // namespace orrery::plugins
