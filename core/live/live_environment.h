#pragma once
#include "policy/environment.h"
#include "live/actuation_guard.h"

#include <chrono>
#include <string>
#include <vector>

namespace orrery::live {

class KubeClient;
class PrometheusClient;

//! What a LiveEnvironment watches and how it acts.
struct LiveEnvironmentOptions {
    std::string nameSpace = "default";
    std::vector<std::string> deployments;  //!< empty: every Deployment of the namespace
    std::string telemetryWindow = "1m";    //!< PromQL range for rate()
    std::chrono::milliseconds period{0};   //!< step() waits this long before observing again
    bool previewOnly = false;              //!< dry-run every action, never apply
    //! PromQL of a target's p99 latency in ms, with `$namespace`, `$deployment` and `$window`
    //! (= telemetryWindow); empty: latency is not observed (p99 stays 0, SLO maintenance 1).
    std::string latencyQuery;
    double sloLatencyMs = 0;               //!< every target's SLO; with latency, SLO maintenance = min(1, SLO / p99)
};

//! The Environment over a real cluster: observations from the API server (replicas, limits) and
//! Prometheus (usage); actions become PATCHes of Deployments. Each action is checked against
//! the ActuationGuard (off by default, enabled per context and namespace; rate-limited), sent
//! with `dryRun=All` first, then applied; every attempt is written to the audit sink.
//! Reward: mean over targets of ½·SLO maintenance + ½·CPU utilisation (usage/limit, capped at 1).
class LiveEnvironment : public policy::Environment {
public:
    //! `prometheus` may be null (usage stays 0). The referenced objects must outlive this one.
    LiveEnvironment(KubeClient& kube, PrometheusClient* prometheus, ActuationGuard& guard, ActuationAuditSink audit,
                    LiveEnvironmentOptions options);

    policy::Observation reset(std::uint64_t seed) override;
    policy::StepResult step(std::span<const policy::ControlAction> actions) override;

    //! Observes now without acting.
    policy::Observation observe();
    //! Acts without waiting or observing (each action checked, previewed, applied and audited as
    //! step() does), against the targets of the last observation.
    std::vector<policy::ActionOutcome> apply(std::span<const policy::ControlAction> actions);
    //! The patch body an action becomes (strategic merge for limits, merge for replicas).
    static std::string patchBody(const policy::ControlAction& action, const std::string& containerName);
    static std::string actionJson(const policy::ControlAction& action);

private:
    policy::ActionOutcome act(const policy::ControlAction& action);
    //! Fills p99 latency, the SLO and SLO maintenance from latencyQuery (a NaN answer counts as 0).
    void observeLatency(const std::string& deployment, policy::TargetObservation& target);
    void record(const policy::ControlAction& action, const std::string& deployment, bool dryRun,
                ActuationRecord::Outcome outcome, const std::string& message);

    KubeClient& m_kube;
    PrometheusClient* m_prometheus;
    ActuationGuard& m_guard;
    ActuationAuditSink m_audit;
    LiveEnvironmentOptions m_options;
    std::chrono::steady_clock::time_point m_start;
    std::vector<std::string> m_containers; //!< first container per observed target, by index
    policy::Observation m_last;
};

} // namespace orrery::live
