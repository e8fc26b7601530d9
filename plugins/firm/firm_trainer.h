#pragma once
#include "firm_model.h"
#include "firm_params.h"
#include "firm_state.h"
#include "firm_agent.h"
#include "learn/replay_buffer.h"
#include "learn/rollout_pool.h"
#include "learn/update_stats_window.h"
#include "policy/control_training.h"
#include "policy/environment.h"
#include "policy/placement_sample.h"

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace orrery::plugins::firm {

//! FIRM's training loop (seed 001 Alg. 3.3, §3.3.3) over a policy::Environment, for the seed's
//! DDPG or the learning core's DDPG, TD3 or SAC (FirmParams::learner).
//!
//! Episode k (1-based) resets the environment with seed + k − 1 and runs at most stepsPerEpisode
//! steps, ending early when the environment says done. Each step, every acting target (critical,
//! or all with `targets: all`) gets a noisy action from its agent; after env.step each such
//! target adds (s, a, r, s', terminated) to its agent's replay buffer, r being StepResult::reward
//! (`reward: environment`) or the target's own firmReward (`reward: firm`), a the action as
//! executed (actionFor of the limits in effect after the step) and terminated only for a real
//! termination (the time limit is bootstrapped); then every agent that received a transition
//! takes one update on a minibatch of batchSize once its buffer holds that many. During the
//! first warmupSteps steps actions are uniformly random and nothing learns. An episode's reward
//! is the sum of StepResult::reward. Checkpoints carry the means of the update statistics since
//! the previous one (learn::UpdateStatsWindow's update.* metrics), the final model those of the run.
//!
//! Parallel rollouts (`environments: K` > 1, policy API 1.8): K environments (the one given and
//! K − 1 of its siblings, Environment::makeSibling) run episodes first … first + K − 1 side by
//! side, stepped on config.threads threads; actions, transitions and updates keep environment
//! order, so the model is the same for any thread count. Checkpoints and progress reports come
//! after each round of K episodes, in episode order; a checkpoint holds the model at the end of
//! its round. K = 1 is the loop above, unchanged.
//!
//! Agents: one shared (one-for-all), one per target name (one-for-each; seeded from the seed and
//! the name), or one per target name initialised from a one-for-all base model (transfer).
//! Deterministic for a seed (with makeTorchDeterministic, which train() calls).
class FirmTrainer {
public:
    FirmTrainer(FirmParams params, const policy::ControlTrainingConfig& config);
    ~FirmTrainer();

    //! Runs the episodes; the result holds the model (FirmModel bytes), the metrics and a report.
    [[nodiscard]] policy::TrainingResult train(policy::Environment& environment,
                                               policy::ControlTrainingProgress& progress);
    //! The model as it stands now.
    [[nodiscard]] FirmModel model() const;

private:
    struct Learner {
        FirmAgent agent;
        learn::ReplayBuffer replay;
        bool hasNewTransition = false;
    };
    struct Pending {
        Learner* learner;
        std::string target;
        FirmState state;
        std::vector<float> action;
    };

    //! One environment's episode in progress.
    struct Rollout {
        policy::Environment* environment = nullptr;
        policy::Observation observation;
        std::map<std::string, policy::PerControlResource<double>> baseLimits; //!< first seen, per target
        std::vector<Pending> pending;
        std::vector<policy::ControlAction> actions;
        policy::StepResult result;
        policy::ControlEpisodeReport report;
        bool done = false;
    };
    Learner& learnerFor(const std::string& target);
    //! Starts `rollout`'s episode (resets its environment with seed + episode − 1).
    void begin(Rollout& rollout, std::uint32_t episode);
    //! The acting targets' actions for the rollout's observation (pending and actions).
    void act(Rollout& rollout);
    //! Counts the rollout's step, stores its transitions and updates the agents that got one.
    void learn(Rollout& rollout);
    //! Whether the rollout's episode goes on.
    [[nodiscard]] bool running(const Rollout& rollout) const;
    //! Ends the rollout's episode: its report.
    policy::ControlEpisodeReport finish(Rollout& rollout) const;
    //! One episode; returns its report.
    policy::ControlEpisodeReport runEpisode(policy::Environment& environment, std::uint32_t episode);
    //! Episodes first … first + count − 1, one per environment, stepped side by side: each
    //! step, the actions in environment order, the environments' steps on the pool's threads,
    //! then their transitions and updates in environment order (so the model does not depend on
    //! the thread count).
    std::vector<policy::ControlEpisodeReport> runRound(std::span<policy::Environment* const> environments,
                                                       std::uint32_t first, std::uint32_t count, learn::RolloutPool& pool);

    FirmParams m_params;
    policy::ControlTrainingConfig m_config;
    std::string m_baseAgent; //!< transfer: the base model's shared agent
    std::map<std::string, std::unique_ptr<Learner>> m_learners;
    learn::ReplayBatch m_batch;
    std::unordered_map<std::string, std::size_t> m_nextIndex; //!< learn(): the step's targets by name
    std::uint64_t m_steps = 0;
    std::uint64_t m_updates = 0;
    //! The updates since the last checkpoint (its update.* metrics) and since the start (the model's).
    learn::UpdateStatsWindow m_sinceCheckpoint;
    learn::UpdateStatsWindow m_wholeRun;
};

} // namespace orrery::plugins::firm
