#pragma once
#include "aware/lifecycle_stage.h"
#include "aware/multidimensional_recommender.h"
#include "aware_encoding.h"
#include "aware_params.h"
#include "context_features.h"
#include "learn/control_agent.h"
#include "learn/running_normalizer.h"
#include "policy/control_action.h"
#include "policy/observation.h"

#include <map>
#include <memory>
#include <string>
#include <span>
#include <vector>

namespace orrery::plugins::aware {

//! One target's share of a decision: the conditioned state it was taken on and the action in the
//! agent's space (the agent's own, or the fallback's encoded), for the replay buffer.
struct AwareTargetStep {
    std::string target;
    std::vector<float> state;
    std::vector<float> action;
};

//! What AwareController::decide returns: the actions to send and the per-target steps.
struct AwareDecision {
    std::vector<policy::ControlAction> actions;
    std::vector<AwareTargetStep> steps;
};

//! The acting core the aware policy and its trainer share (seed 001 §5.3–5.4, one-for-all): per
//! target, Table 5.1's state conditioned on the embedding; the lifecycle's acting controller
//! decides whether the hpa-vpa fallback (aware::MultidimensionalRecommender) or the DDPG agent
//! gives the actions. Base limits (the first seen per target) and the fallback's history are per
//! episode: beginEpisode() forgets them. With contextFeatures, ContextFeatures' two values follow
//! Table 5.1's nine, before the embedding.
class AwareController {
public:
    AwareController(const AwareParams& params, std::vector<float> embedding);

    void beginEpisode();
    void setEmbedding(std::vector<float> embedding) { m_embedding = std::move(embedding); }
    //! The agent sees the first `normalizer->dimension()` state values normalised (null: raw).
    //! The normalizer outlives the controller's decisions.
    void setNormalizer(const learn::RunningNormalizer* normalizer) { m_normalizer = normalizer; }
    //! `state` as the agent sees it: its prefix normalised when there is a normalizer.
    [[nodiscard]] std::vector<float> agentInput(std::span<const float> state) const;
    [[nodiscard]] const std::vector<float>& embedding() const { return m_embedding; }

    //! The actions for `observation`. Fallback: the recommender's actions, each target's step
    //! holding the configuration they lead to as an action (encodeConfiguration). Agent: the
    //! agent's action per target (with exploration noise when `explore`), decoded.
    //! With `warmup`, the agent's actions are uniform random (its warm-up before learning).
    AwareDecision decide(const policy::Observation& observation, orrery::aware::ActingController who,
                         learn::ControlAgent& agent, bool explore, bool warmup = false);
    //! The conditioned state of a target (its base limits as remembered; the current limits when
    //! it was never seen).
    [[nodiscard]] std::vector<float> stateOf(const policy::TargetObservation& target) const;
    //! What a transition of `next`'s target stores for `requested`: executedAction against the
    //! target's base limits (`requested` itself when the target has none yet).
    [[nodiscard]] std::vector<float> executedAction(const policy::TargetObservation& next, std::span<const float> requested) const;

private:
    const policy::PerControlResource<double>& baseOf(const policy::TargetObservation& target);
    //! After the states of a decision are taken: the observation joins the context features' history.
    void recordContext(const policy::Observation& observation);

    AwareParams m_params;
    std::vector<float> m_embedding;
    const learn::RunningNormalizer* m_normalizer = nullptr;
    std::unique_ptr<orrery::aware::MultidimensionalRecommender> m_fallback;
    std::map<std::string, policy::PerControlResource<double>> m_baseLimits;
    ContextFeatures m_context; //!< used when params.contextFeatures (TL+)
};

} // namespace orrery::plugins::aware
