#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::policy {

//! How a trainable control plugin shares what it learns between targets (seed 001 §3.3.3).
enum class ControlTrainingMode : std::uint8_t {
    OneForAll,  //!< one agent for every target
    OneForEach, //!< one agent per target name
    Transfer    //!< one agent per target, each initialised from a one-for-all base model
};

//! What OrreryPluginDescriptor::trainControl is asked to do.
struct ControlTrainingConfig {
    std::uint32_t episodes = 1;
    std::uint32_t stepsPerEpisode = 300;   //!< seed 001 Table 3.3; the environment may end sooner
    std::uint64_t seed = 0;                //!< episode k resets the environment with seed + k
    std::uint32_t checkpointEvery = 0;     //!< checkpoint after every K-th episode; 0 = none
    ControlTrainingMode mode = ControlTrainingMode::OneForAll;
    //! Transfer only: the one-for-all model to start every per-target agent from (owned by the
    //! caller; outlives the call).
    const std::vector<std::uint8_t>* baseModel = nullptr;
    //! baseModel is a checkpoint of this same training run (scenario and seed), killed or stopped
    //! early: continue it where it stopped — episode numbering, episode seeds and the
    //! environment's schedule (Environment::resumeAfter) — so that N episodes in two parts give
    //! the model N episodes in one would. Plugins that cannot resume reject it.
    bool resume = false;
    //! Threads a multi-agent trainer may use for its agents' updates (0 = every hardware thread).
    //! The results are the same for any count; callers that train several models at once give
    //! each a share of the cores.
    std::uint32_t threads = 0;
};

//! One finished training episode, as the progress callback sees it.
struct ControlEpisodeReport {
    std::uint32_t episode = 0;      //!< 1-based
    std::uint32_t steps = 0;        //!< steps taken (fewer than asked after early termination)
    double reward = 0;              //!< sum of the step rewards
    double meanReward = 0;          //!< reward / steps
    std::uint64_t updates = 0;      //!< gradient updates so far, all agents together
    bool terminatedEarly = false;   //!< the environment said done before stepsPerEpisode
    //! Multi-agent trainers: each agent's mean reward per step this episode, by target name
    //! (empty for single-agent trainers).
    std::vector<std::pair<std::string, double>> agentRewards;
    std::int32_t agentsAdded = 0;   //!< agents added at this episode's start (function churn)
    std::int32_t agentsRemoved = 0; //!< agents removed at this episode's start
};

//! Callbacks of a control training run; either may be empty. They run on the training thread.
struct ControlTrainingProgress {
    //! After every episode; return false to stop training (the result then holds the model as
    //! it is after that episode).
    std::function<bool(const ControlEpisodeReport&)> onEpisode;
    //! After every checkpointEvery-th episode: the model bytes as they are then, with metrics.
    std::function<void(std::uint32_t episode, const std::vector<std::uint8_t>& model,
                       const std::vector<std::pair<std::string, double>>& metrics)>
        onCheckpoint;
};

} // namespace orrery::policy
