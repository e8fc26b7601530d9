#pragma once
#include "learn/ppo_update_stats.h"
#include "function_action.h"
#include "function_state.h"
#include "learn/ppo_agent.h"
#include "policy/control_action.h"
#include "policy/observation.h"
#include "simppo_mode.h"

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::plugins::simppo {

struct TeamConfig {
    Mode mode = Mode::Simppo;
    double alpha = 0.3;            //!< reward coefficient α (Table 4.2)
    int minibatch = 5;             //!< Table 4.2: 10 single-agent, 5 multi-agent
    //! 0: the seed's form (Table 4.2): every agent updates at the end of each episode on that
    //! episode's steps. N > 0: the learning core's form (issue 32): an agent updates once it holds
    //! N transitions, collected across episodes (each episode's time limit bootstrapped into its
    //! last reward as γ·V(s')), with value normalisation and a target-KL stop (agentConfig()).
    std::size_t rolloutSteps = 0;
    bool parameterSharing = true;  //!< new agents start from their class's base model (§4.7.2)
    std::uint64_t seed = 0;
    unsigned threads = 1;          //!< threads for the agents' updates (0 = every hardware thread)
};

//! What the team's last training update did.
struct TeamUpdate {
    std::size_t agentsUpdated = 0;
    double policyLoss = 0, valueLoss = 0, entropy = 0; //!< means over the agents
    std::vector<learn::PpoUpdateStats> perAgent;       //!< each updated agent's, in name order
};

//! One PPO agent per function (by name), as every mode of the family uses them: the states,
//! rewards and update rules of seed 001 §4.3–§4.7, with one PpoAgent each (core/learn). Agents
//! come and go with the observation's targets; with parameter sharing a new one copies its
//! function class's base model, the team's best agent of that class at the last episode's end.
class AgentTeam {
public:
    explicit AgentTeam(TeamConfig config);

    //! Adds an agent for every target without one and drops agents whose target is gone.
    //! Returns {added, removed}.
    std::pair<int, int> syncAgents(const policy::Observation& observation);
    //! The same for several environments' observations at once (parallel rollouts): an agent
    //! stays while any of them has its target.
    std::pair<int, int> syncAgents(std::span<const policy::Observation> observations);
    //! The actions for this step (in CPQ-RL one agent's at most). When `record`, remembers what
    //! each acting agent decided, for observeOutcome(). Targets without an agent hold.
    //! `lane`: which of the episodes in progress side by side this step belongs to (one per
    //! environment with parallel rollouts; 0 otherwise). Each lane starts from the agents' last
    //! actions of the previous round; lanes act and observe in lane order, so sampling is
    //! deterministic however the environments are stepped.
    [[nodiscard]] std::vector<policy::ControlAction> act(const policy::Observation& observation, bool explore, bool record,
                                                         std::size_t lane = 0);
    //! Rewards the decisions act() recorded from the next observation (Table 4.1's reward per
    //! agent; the team average where the mode uses it) and appends them to each agent's
    //! trajectory. Returns the team-average reward of the step. A serverless platform has no
    //! terminal state: episodes end at a time limit, so `done` only marks the episode's last step
    //! and update() bootstraps it with V of the state after it (partial-episode bootstrapping,
    //! Pardo et al., ICML 2018) instead of treating the end as terminal.
    double observeOutcome(const policy::Observation& next, const std::vector<policy::ActionOutcome>& outcomes, bool done,
                          std::size_t lane = 0);
    //! Ends the round (one episode per lane): each lane's transitions join its agent's
    //! trajectory in lane order; then one PPO update per agent on its trajectory (agents in
    //! parallel on config().threads; the result does not depend on the count), or, with
    //! rollouts, per agent whose rollout is full; then refreshes the bases. The seed's form
    //! updates on one episode: it takes one lane only (std::logic_error otherwise). `episodes`:
    //! how many the round ran (counted by episodesTrained()).
    TeamUpdate update(std::uint32_t episodes = 1);

    [[nodiscard]] std::size_t agentCount() const { return m_agents.size(); }
    [[nodiscard]] bool hasAgent(const std::string& name) const { return m_agents.count(name) > 0; }
    //! The transitions `name`'s agent holds for its next update (with rollouts, across episodes),
    //! or nullptr for no such agent.
    [[nodiscard]] const std::vector<learn::PpoTransition>* pendingTransitions(const std::string& name) const;
    //! Each agent's reward summed over lane `lane`'s current episode, by function.
    [[nodiscard]] std::map<std::string, double> episodeRewards(std::size_t lane = 0) const;
    [[nodiscard]] const TeamConfig& config() const { return m_config; }
    //! Episodes trained so far (update() calls), kept in save()'s bytes so a resumed run counts on.
    [[nodiscard]] std::uint32_t episodesTrained() const { return m_episodes; }
    //! Every agent's and base model's PpoAgent::fingerprint(), with their names, in name order:
    //! equal for two teams exactly when they hold the same agents in the same state.
    [[nodiscard]] std::vector<std::uint8_t> fingerprint() const;

    //! The team as bytes: a header (with the learner's form), then every agent's and base's PpoAgent
    //! bytes with its name and class, and each agent's unfinished rollout, so a resumed run goes on exactly.
    [[nodiscard]] std::vector<std::uint8_t> save() const;
    //! Restores save()'s bytes, the learner's form with them. Throws std::runtime_error when they
    //! are not a team of this mode.
    void load(const std::vector<std::uint8_t>& bytes);

    //! The PPO hyperparameters of one agent (Table 4.2).
    [[nodiscard]] learn::PpoConfig agentConfig(std::uint64_t seed) const;

private:
    //! One agent's part of one episode in progress.
    struct Lane {
        FunctionAction lastAction = FunctionAction::Hold;
        std::vector<learn::PpoTransition> steps; //!< this episode's transitions, joined at update()
        bool pending = false;            //!< decided this step, waiting for its reward
        learn::PpoTransition decision;   //!< the pending decision
        bool penalised = false;
        double episodeReward = 0;
        std::vector<float> lastState;  //!< the state after the agent's latest step (bootstraps update())
        std::vector<float> lastGlobal;
    };
    struct Agent {
        std::string group;
        std::unique_ptr<learn::PpoAgent> ppo;
        FunctionAction lastAction = FunctionAction::Hold; //!< at the end of the last round (saved)
        std::vector<learn::PpoTransition> trajectory;     //!< the next update's (with rollouts, across rounds)
        std::vector<Lane> lanes;                          //!< the round in progress, by lane

        //! Lane `index`, opened (from lastAction) if the round has not used it yet.
        Lane& lane(std::size_t index);
    };

    std::unique_ptr<learn::PpoAgent> newAgent(const std::string& name, const std::string& group);

    TeamConfig m_config;
    std::map<std::string, Agent> m_agents; //!< by function name: iteration order is deterministic
    std::map<std::string, std::unique_ptr<learn::PpoAgent>> m_bases; //!< by function class
    std::uint64_t m_created = 0;
    std::uint32_t m_episodes = 0;
};

} // namespace orrery::plugins::simppo
