#pragma once
#include "aware/agent_lifecycle.h"
#include "aware_controller.h"
#include "aware_params.h"
#include "learn/control_agent.h"
#include "learn/running_normalizer.h"
#include "learn/episode_trajectory.h"
#include "learn/meta_learner.h"
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace orrery::plugins::aware {

//! AWARE's multidimensional autoscaler as a control policy (seed 001 §5.3–5.4): every control
//! period the lifecycle (Alg. 5.1) decides who acts — OFFLINE: the hpa-vpa fallback; ONLINE: the
//! agent with exploration; SERVING: the agent without — and AwareController turns that into
//! replica and CPU/memory-limit actions for every target (one agent for all).
//!
//! The lifecycle starts where the trained model's training left it (its rewards are replayed into
//! a lifecycle with this run's thresholds), or, without a model, in the profile's first stage with
//! an untrained agent. During a run it goes on: every episodeSteps periods the mean of the
//! environment reward (env::controlReward, α) × lifecycleSteps is one episode reward. Runs do not
//! train (the policy API has no rewards or learning); ONLINE in a run means exploring actions.
//! targetLabels() puts every target in its stage ("offline", "online", "serving"), so runs record
//! each stage change as a `policy.label` annotation on the timeline.
//!
//! k-shot adaptation in runs (§5.3.2): when the model carries a meta learner and `runEmbedding` is
//! on, the run starts with the model's embedding, records its first kShot lifecycle episodes in
//! env::TransitionFeatures' encoding (the actions it sent counted as applied: a policy does not
//! see their outcomes) and from then on conditions the agent on their adaptationEmbedding — the
//! embedding of the application this run meets, not the one the model was trained on.
class AwarePolicy : public policy::ControlPolicy {
public:
    explicit AwarePolicy(const policy::PolicyContext& context);
    ~AwarePolicy() override;

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;
    [[nodiscard]] std::vector<policy::TargetLabel> targetLabels() const override;

    [[nodiscard]] const orrery::aware::AgentLifecycle& lifecycle() const { return m_lifecycle; }
    [[nodiscard]] const std::vector<float>& embedding() const { return m_controller->embedding(); }
    //! Whether the embedding is this run's own k-shot embedding (see above).
    [[nodiscard]] bool adapted() const { return m_adapted; }

private:
    //! Adds the period just closed (the last decision's observation and actions, and `reward`)
    //! to the k-shot episode being recorded.
    void recordShot(double reward, bool episodeEnds);

    AwareParams m_params;
    std::unique_ptr<learn::MetaLearner> m_meta; //!< the model's, for the run's own embedding
    std::vector<learn::EpisodeTrajectory> m_shots;
    learn::EpisodeTrajectory m_shot;
    policy::Observation m_previous;                    //!< the observation of the last decision
    std::vector<policy::ControlAction> m_sent;         //!< … and the actions it sent
    bool m_adapted = false;
    std::unique_ptr<learn::ControlAgent> m_agent;
    std::unique_ptr<learn::RunningNormalizer> m_normalizer; //!< the model's state statistics, if it has them
    std::unique_ptr<AwareController> m_controller;
    orrery::aware::AgentLifecycle m_lifecycle;
    bool m_decided = false;
    double m_windowReward = 0;
    std::int64_t m_windowSteps = 0;
    std::vector<policy::TargetLabel> m_labels;
};

} // namespace orrery::plugins::aware
