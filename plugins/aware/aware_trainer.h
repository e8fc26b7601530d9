#pragma once
#include "aware/agent_lifecycle.h"
#include "aware_controller.h"
#include "aware_model.h"
#include "aware_params.h"
#include "learn/control_agent.h"
#include "learn/running_normalizer.h"
#include "learn/episode_trajectory.h"
#include "learn/meta_learner.h"
#include "learn/replay_buffer.h"
#include "learn/sibling_environments.h"
#include "learn/update_stats_window.h"
#include "policy/control_training.h"
#include "policy/environment.h"
#include "policy/placement_sample.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace orrery::plugins::aware {

//! AWARE's training loop (seed 001 §5.3, Alg. 5.1) over a policy::Environment, one agent for all
//! targets. Episode k resets the environment with seed + k − 1 and runs at most stepsPerEpisode
//! steps. The lifecycle decides per episode:
//!  - OFFLINE: the hpa-vpa fallback acts; its decisions, encoded as the agent's actions, go into
//!    the replay buffer, and the agent trains on them with TD3+BC's behaviour-cloning term
//!    (ControlAgent::updateWithBehaviourCloning, bcAlpha) — the conservative offline correction;
//!  - ONLINE: the agent acts with exploration noise (uniform random for its first warmupSteps
//!    steps) and trains (plain updates of its learner);
//!  - SERVING: the agent acts without noise and does not train.
//! After each episode its mean reward per step × lifecycleSteps goes to AgentLifecycle::observe.
//! With a meta learner (metaModel), the first kShot episodes are recorded in TransitionFeatures'
//! encoding and their adaptationEmbedding conditions every later state (zeros before, and without
//! one). Deterministic for a seed (makeTorchDeterministic).
//! Transfer mode (`--mode transfer`, the TL baseline's weight transfer and AWARE's adaptation)
//! starts from the base model's weights, embedding, meta learner (unless metaModel names one) and
//! lifecycle; the replay buffer starts empty.
//!
//! Parallel rollouts (`environments: K` > 1, policy API 1.8): a round runs episodes first …
//! first + K − 1 on the environment and K − 1 siblings (Environment::makeSibling), each with its
//! own controller (base limits, fallback history), all in the stage the lifecycle is in at the
//! round's start and with the embedding known then. Decisions, transitions and updates keep
//! environment order (one update per environment step, as with one), the simulations are
//! stepped on config.threads threads, so the model is the same for any thread count; after the
//! round the lifecycle observes the episodes in order, and the k-shot embedding is computed once
//! kShot episodes are in. K = 1 is the loop above, unchanged.
class AwareTrainer {
public:
    AwareTrainer(AwareParams params, const policy::ControlTrainingConfig& config);
    ~AwareTrainer();

    //! Runs the episodes; the result holds the model (AwareModel bytes), the metrics and a report.
    [[nodiscard]] policy::TrainingResult train(policy::Environment& environment,
                                               policy::ControlTrainingProgress& progress);
    [[nodiscard]] AwareModel model() const;
    [[nodiscard]] const orrery::aware::AgentLifecycle& lifecycle() const { return m_lifecycle; }

private:
    //! One environment's episode in a round.
    struct Lane {
        policy::Environment* environment = nullptr;
        AwareController* controller = nullptr;
        policy::Observation observation;
        AwareDecision decision;
        policy::StepResult result;
        policy::ControlEpisodeReport report;
        bool warmup = false;
        bool done = false;
        bool recordShot = false;
        learn::EpisodeTrajectory shot;
    };
    //! Runs episodes first … first + count − 1 on the first `count` environments, side by side
    //! when there are several; their reports in episode order.
    std::vector<policy::ControlEpisodeReport> runRound(learn::SiblingEnvironments<policy::Environment>& environments,
                                                       std::size_t count, std::uint32_t first);
    //! The embedding every controller conditions on.
    void setEmbedding(const std::vector<float>& embedding);

    AwareParams m_params;
    policy::ControlTrainingConfig m_config;
    std::unique_ptr<learn::MetaLearner> m_meta;
    std::string m_metaBytes;
    std::unique_ptr<learn::ControlAgent> m_agent;
    //! normalizeState (or a base model's): running statistics of Table 5.1's features.
    std::unique_ptr<learn::RunningNormalizer> m_normalizer;
    std::unique_ptr<learn::ReplayBuffer> m_replay;
    std::vector<std::unique_ptr<AwareController>> m_controllers; //!< one per environment
    orrery::aware::AgentLifecycle m_lifecycle;
    std::vector<learn::EpisodeTrajectory> m_shots; //!< the first kShot episodes, for the embedding
    bool m_embedded = false;                       //!< the k-shot embedding has been computed
    std::vector<double> m_lifecycleRewards;     //!< a transfer's base rewards first, then this run's
    std::size_t m_transferredRewards = 0;       //!< how many came from the base model
    learn::ReplayBatch m_batch;
    std::uint64_t m_steps = 0;
    std::uint64_t m_agentSteps = 0; //!< steps the agent acted while exploring (the first warmupSteps are random)
    std::uint64_t m_updates = 0;
    std::uint64_t m_offlineUpdates = 0;
    learn::UpdateStatsWindow m_sinceCheckpoint{{}}; //!< update.* metrics of the next checkpoint
};

} // namespace orrery::plugins::aware
