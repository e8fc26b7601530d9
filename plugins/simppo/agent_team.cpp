#include "agent_team.h"

#include "learn/parallel_agents.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <stdexcept>

namespace orrery::plugins::simppo {

namespace {

// Format 2 adds each agent's last action, which carries into the next episode's oscillation
// check, so a run resumed from a checkpoint continues exactly; format 3 the learner's form
// (rolloutSteps) and each agent's unfinished rollout. Formats 1 and 2 still load (Hold, the seed's form).
constexpr std::string_view kMagic = "ORRERY-SIMPPO-TEAM-3";
constexpr std::string_view kMagicVersion2 = "ORRERY-SIMPPO-TEAM-2";
constexpr std::string_view kMagicVersion1 = "ORRERY-SIMPPO-TEAM-1";

template <class T>
void putPod(std::string& out, const T& value)
{
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T getPod(std::string_view in, std::size_t& at)
{
    T value{};
    if (at + sizeof value > in.size())
        throw std::runtime_error("truncated SIMPPO rollout");
    std::memcpy(&value, in.data() + at, sizeof value);
    at += sizeof value;
    return value;
}

void putFloats(std::string& out, const std::vector<float>& values)
{
    putPod(out, static_cast<std::uint32_t>(values.size()));
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
}

std::vector<float> getFloats(std::string_view in, std::size_t& at)
{
    const auto count = getPod<std::uint32_t>(in, at);
    if (count > (in.size() - at) / sizeof(float))
        throw std::runtime_error("truncated SIMPPO rollout");
    std::vector<float> values(count);
    std::memcpy(values.data(), in.data() + at, count * sizeof(float));
    at += count * sizeof(float);
    return values;
}

std::string rolloutBytes(const std::vector<learn::PpoTransition>& rollout)
{
    std::string out;
    putPod(out, static_cast<std::uint64_t>(rollout.size()));
    for (const learn::PpoTransition& t : rollout) {
        putFloats(out, t.state);
        putFloats(out, t.criticExtra);
        putPod(out, t.action);
        putPod(out, t.logProbability);
        putPod(out, t.value);
        putPod(out, t.reward);
        putPod(out, static_cast<std::uint8_t>(t.done));
    }
    return out;
}

std::vector<learn::PpoTransition> rolloutOf(std::string_view in)
{
    std::size_t at = 0;
    const auto count = getPod<std::uint64_t>(in, at);
    std::vector<learn::PpoTransition> rollout;
    for (std::uint64_t k = 0; k < count; ++k) {
        learn::PpoTransition t;
        t.state = getFloats(in, at);
        t.criticExtra = getFloats(in, at);
        t.action = getPod<std::int32_t>(in, at);
        t.logProbability = getPod<float>(in, at);
        t.value = getPod<float>(in, at);
        t.reward = getPod<float>(in, at);
        t.done = getPod<std::uint8_t>(in, at) != 0;
        rollout.push_back(std::move(t));
    }
    return rollout;
}

void putString(std::vector<std::uint8_t>& out, std::string_view text)
{
    const auto size = static_cast<std::uint64_t>(text.size());
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&size);
    out.insert(out.end(), bytes, bytes + sizeof size);
    out.insert(out.end(), text.begin(), text.end());
}

std::string getString(const std::vector<std::uint8_t>& in, std::size_t& at)
{
    std::uint64_t size = 0;
    if (at + sizeof size > in.size())
        throw std::runtime_error("truncated SIMPPO team model");
    std::memcpy(&size, in.data() + at, sizeof size);
    at += sizeof size;
    if (size > in.size() - at)
        throw std::runtime_error("truncated SIMPPO team model");
    std::string text(reinterpret_cast<const char*>(in.data() + at), static_cast<std::size_t>(size));
    at += static_cast<std::size_t>(size);
    return text;
}

double individualReward(const policy::TargetObservation& target, double alpha)
{
    // r = α·SP + (1 − α)/2 · (RU_cpu + RU_mem)   (seed 001 §4.3.1; the penalty is added by the caller)
    return alpha * std::clamp(target.sloMaintenance, 0.0, 1.0)
        + (1.0 - alpha) / 2.0 * (cpuUtilization(target) + memoryUtilization(target));
}

} // namespace

AgentTeam::AgentTeam(TeamConfig config)
    : m_config(config)
{
}

learn::PpoConfig AgentTeam::agentConfig(std::uint64_t seed) const
{
    learn::PpoConfig config;
    config.stateDim = kLocalStateSize;
    config.criticExtraDim = globalStateSize(globalStateKindOf(m_config.mode));
    config.actionCount = kActionCount;
    config.minibatchSize = m_config.minibatch;
    if (m_config.rolloutSteps > 0) {
        // The learning core's form (issue 32): the critic regresses on normalised returns, and an
        // update stops its epochs once the policy has moved 1.5 × 0.01 in KL from the rollout's
        // (OpenAI Spinning Up's PPO default, target_kl 0.01). Table 4.2's rates, clip, β, δ stay.
        config.normalizeValues = true;
        config.targetKl = 0.01;
    }
    config.seed = seed;
    return config;
}

std::unique_ptr<learn::PpoAgent> AgentTeam::newAgent(const std::string& name, const std::string& group)
{
    // Each agent's seed depends on the team seed and its function's name, not on arrival order.
    const std::uint64_t seed = m_config.seed ^ (sim::RngStream::hashName(name) * 0x9E3779B97F4A7C15ull);
    auto agent = std::make_unique<learn::PpoAgent>(agentConfig(seed));
    if (m_config.parameterSharing) {
        if (const auto base = m_bases.find(group); base != m_bases.end())
            agent->copyParametersFrom(*base->second);
    }
    ++m_created;
    return agent;
}

AgentTeam::Lane& AgentTeam::Agent::lane(std::size_t index)
{
    while (lanes.size() <= index) {
        lanes.emplace_back();
        lanes.back().lastAction = lastAction;
    }
    return lanes[index];
}

std::pair<int, int> AgentTeam::syncAgents(const policy::Observation& observation)
{
    return syncAgents(std::span<const policy::Observation>(&observation, 1));
}

std::pair<int, int> AgentTeam::syncAgents(std::span<const policy::Observation> observations)
{
    const auto present = [&](const std::string& name) {
        return std::any_of(observations.begin(), observations.end(), [&](const policy::Observation& observation) {
            return std::any_of(observation.targets.begin(), observation.targets.end(),
                               [&](const auto& target) { return target.name == name; });
        });
    };
    int added = 0, removed = 0;
    for (auto it = m_agents.begin(); it != m_agents.end();) {
        if (present(it->first)) {
            ++it;
        } else {
            it = m_agents.erase(it);
            ++removed;
        }
    }
    for (const policy::Observation& observation : observations) {
        for (const auto& target : observation.targets) {
            if (m_agents.count(target.name))
                continue;
            Agent agent;
            agent.group = target.group;
            agent.ppo = newAgent(target.name, target.group);
            m_agents.emplace(target.name, std::move(agent));
            ++added;
        }
    }
    return {added, removed};
}

std::vector<policy::ControlAction> AgentTeam::act(const policy::Observation& observation, bool explore, bool record,
                                                  std::size_t lane)
{
    const std::size_t n = observation.targets.size();
    std::vector<AgentSnapshot> snapshots(n);
    std::vector<Agent*> agents(n, nullptr);
    std::vector<Lane*> lanes(n, nullptr);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& target = observation.targets[i];
        snapshots[i].state = localState(target);
        if (const auto it = m_agents.find(target.name); it != m_agents.end()) {
            agents[i] = &it->second;
            lanes[i] = &it->second.lane(lane);
            snapshots[i].lastAction = lanes[i]->lastAction;
        }
    }
    const std::vector<std::vector<float>> global = globalStates(globalStateKindOf(m_config.mode), snapshots);

    std::vector<std::size_t> movers;
    if (m_config.mode == Mode::PriorityQueue) {
        // CPQ-RL (§4.6.2): the coordinator serves agents one at a time, lowest SLO preservation
        // first; one control period is one agent's turn, so the others wait (and starve).
        std::size_t best = n;
        for (std::size_t i = 0; i < n; ++i) {
            if (agents[i] && (best == n || snapshots[i].state[kSp] < snapshots[best].state[kSp]))
                best = i;
        }
        if (best < n)
            movers.push_back(best);
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            if (agents[i])
                movers.push_back(i);
        }
    }
    std::vector<policy::ControlAction> actions;
    for (Lane* each : lanes) {
        if (each)
            each->pending = false;
    }
    for (const std::size_t i : movers) {
        Lane& state = *lanes[i];
        const auto& target = observation.targets[i];
        const learn::PpoDecision decision = agents[i]->ppo->act(snapshots[i].state, global[i], explore);
        const auto action = static_cast<FunctionAction>(decision.action);
        if (record) {
            state.pending = true;
            state.penalised = isIllegal(action, target) || oscillates(state.lastAction, action);
            state.decision = {};
            state.decision.state.assign(snapshots[i].state.begin(), snapshots[i].state.end());
            state.decision.criticExtra = global[i];
            state.decision.action = decision.action;
            state.decision.logProbability = decision.logProbability;
            state.decision.value = decision.value;
        }
        state.lastAction = action;
        if (auto controlAction = toControlAction(action, target))
            actions.push_back(std::move(*controlAction));
    }
    return actions;
}

double AgentTeam::observeOutcome(const policy::Observation& next, const std::vector<policy::ActionOutcome>& outcomes, bool done,
                                 std::size_t lane)
{
    std::map<std::string, double> rewards;
    for (const auto& target : next.targets) {
        const auto it = m_agents.find(target.name);
        if (it == m_agents.end())
            continue;
        const Lane& state = it->second.lane(lane);
        double reward = individualReward(target, m_config.alpha);
        const bool rejected = std::any_of(outcomes.begin(), outcomes.end(), [&](const auto& outcome) {
            return outcome.requested.target == target.name && outcome.status == policy::ActionOutcome::Status::Rejected;
        });
        if (state.pending && (state.penalised || rejected))
            reward -= 1.0; // §4.3.1: illegal or oscillating actions
        rewards[target.name] = reward;
    }
    // The state after this step, for bootstrapping at the episode's time limit.
    {
        std::vector<AgentSnapshot> snapshots(next.targets.size());
        for (std::size_t i = 0; i < next.targets.size(); ++i) {
            snapshots[i].state = localState(next.targets[i]);
            if (const auto it = m_agents.find(next.targets[i].name); it != m_agents.end())
                snapshots[i].lastAction = it->second.lane(lane).lastAction;
        }
        const std::vector<std::vector<float>> global = globalStates(globalStateKindOf(m_config.mode), snapshots);
        for (std::size_t i = 0; i < next.targets.size(); ++i) {
            const auto it = m_agents.find(next.targets[i].name);
            if (it == m_agents.end())
                continue;
            Lane& state = it->second.lane(lane);
            if (state.pending) {
                state.lastState.assign(snapshots[i].state.begin(), snapshots[i].state.end());
                state.lastGlobal = global[i];
            }
        }
    }
    double team = 0;
    for (const auto& [name, reward] : rewards)
        team += reward;
    team = rewards.empty() ? 0.0 : team / static_cast<double>(rewards.size());
    for (auto& [name, agent] : m_agents) {
        const auto reward = rewards.find(name);
        if (reward == rewards.end())
            continue;
        Lane& state = agent.lane(lane);
        state.episodeReward += reward->second;
        if (!state.pending)
            continue;
        state.decision.reward = static_cast<float>(usesTeamReward(m_config.mode) ? team : reward->second);
        state.decision.done = false; // a time limit, not a terminal state (see the header)
        (void)done;
        state.steps.push_back(std::move(state.decision));
        state.pending = false;
    }
    return team;
}

TeamUpdate AgentTeam::update(std::uint32_t episodes)
{
    // Profiling training (docs/performance.md, "SIMPPO training") puts ~70 % of the time in the
    // agents' PPO updates and < 10 % in the simulation, so the cores go to the updates: each
    // agent owns its networks and generator, so they run side by side with the same results.
    const bool rollouts = m_config.rolloutSteps > 0;
    std::vector<Agent*> learners;
    std::vector<const Lane*> bootstraps; // the seed's form: the lane whose last state closes the episode
    for (auto& [name, agent] : m_agents) {
        const Lane* lastLane = nullptr;
        for (Lane& lane : agent.lanes) {
            if (lane.steps.empty())
                continue;
            if (!rollouts && lastLane)
                throw std::logic_error("SIMPPO: the seed's form updates on one episode at a time (one lane)");
            lastLane = &lane;
            if (rollouts && !lane.steps.back().done) {
                // The episode ended at its time limit; the rollout goes on in the next one, so the
                // boundary is closed here: γ·V(s') joins the last reward and no value crosses it
                // (as learn::trainPpo does, Stable-Baselines3's handling of truncation).
                learn::PpoTransition& last = lane.steps.back();
                if (!lane.lastState.empty())
                    last.reward += static_cast<float>(agent.ppo->config().gamma) * agent.ppo->value(lane.lastState, lane.lastGlobal);
                last.done = true;
            }
            std::move(lane.steps.begin(), lane.steps.end(), std::back_inserter(agent.trajectory));
            lane.steps.clear();
        }
        if (agent.trajectory.empty())
            continue;
        if (!rollouts || agent.trajectory.size() >= m_config.rolloutSteps) {
            learners.push_back(&agent);
            // The seed's form: the episode ended at its time limit, so bootstrap from V of the
            // state after the last step. Rollouts closed every boundary above.
            bootstraps.push_back(rollouts ? nullptr : lastLane);
        }
    }
    std::vector<learn::PpoUpdateStats> stats(learners.size());
    learn::forEachAgentInParallel(learners.size(), m_config.threads, [&](std::size_t i) {
        Agent& agent = *learners[i];
        const Lane* last = bootstraps[i];
        const float bootstrap = !last || last->lastState.empty() ? 0.0f : agent.ppo->value(last->lastState, last->lastGlobal);
        stats[i] = agent.ppo->update(agent.trajectory, bootstrap);
        agent.trajectory.clear();
    });
    TeamUpdate summary;
    for (const learn::PpoUpdateStats& each : stats) {
        ++summary.agentsUpdated;
        summary.policyLoss += each.policyLoss;
        summary.valueLoss += each.valueLoss;
        summary.entropy += each.entropy;
    }
    summary.perAgent = stats;
    if (summary.agentsUpdated > 0) {
        const double n = static_cast<double>(summary.agentsUpdated);
        summary.policyLoss /= n;
        summary.valueLoss /= n;
        summary.entropy /= n;
    }
    // Base models (§4.7.2): per class, the agent that earned the most this round.
    std::map<std::string, std::pair<const Agent*, double>> best;
    for (const auto& [name, agent] : m_agents) {
        double earned = 0;
        for (const Lane& lane : agent.lanes)
            earned += lane.episodeReward;
        auto& current = best[agent.group];
        if (!current.first || earned > current.second)
            current = {&agent, earned};
    }
    for (const auto& [group, agent] : best) {
        auto& base = m_bases[group];
        if (!base)
            base = std::make_unique<learn::PpoAgent>(agentConfig(m_config.seed ^ sim::RngStream::hashName("base/" + group)));
        base->copyParametersFrom(*agent.first->ppo);
    }
    // The next round starts from where the last lane's episode left each agent.
    for (auto& [name, agent] : m_agents) {
        if (!agent.lanes.empty())
            agent.lastAction = agent.lanes.back().lastAction;
        agent.lanes.clear();
    }
    m_episodes += episodes;
    return summary;
}

const std::vector<learn::PpoTransition>* AgentTeam::pendingTransitions(const std::string& name) const
{
    const auto it = m_agents.find(name);
    return it == m_agents.end() ? nullptr : &it->second.trajectory;
}

std::map<std::string, double> AgentTeam::episodeRewards(std::size_t lane) const
{
    std::map<std::string, double> rewards;
    for (const auto& [name, agent] : m_agents)
        rewards[name] = lane < agent.lanes.size() ? agent.lanes[lane].episodeReward : 0.0;
    return rewards;
}

std::vector<std::uint8_t> AgentTeam::save() const
{
    std::vector<std::uint8_t> out;
    putString(out, kMagic);
    putString(out, pluginIdOf(m_config.mode));
    putString(out, std::to_string(m_episodes));
    putString(out, std::to_string(m_config.rolloutSteps));
    putString(out, std::to_string(m_agents.size()));
    for (const auto& [name, agent] : m_agents) {
        putString(out, name);
        putString(out, agent.group);
        putString(out, agent.ppo->saveBytes());
        putString(out, std::to_string(static_cast<int>(agent.lastAction)));
        putString(out, rolloutBytes(agent.trajectory));
    }
    putString(out, std::to_string(m_bases.size()));
    for (const auto& [group, base] : m_bases) {
        putString(out, group);
        putString(out, base->saveBytes());
    }
    return out;
}

std::vector<std::uint8_t> AgentTeam::fingerprint() const
{
    std::vector<std::uint8_t> out;
    putString(out, std::to_string(m_episodes));
    for (const auto& [name, agent] : m_agents) {
        putString(out, name);
        const std::vector<std::uint8_t> print = agent.ppo->fingerprint();
        putString(out, std::string_view(reinterpret_cast<const char*>(print.data()), print.size()));
        putString(out, std::to_string(static_cast<int>(agent.lastAction)));
        putString(out, rolloutBytes(agent.trajectory));
    }
    for (const auto& [group, base] : m_bases) {
        putString(out, "base/" + group);
        const std::vector<std::uint8_t> print = base->fingerprint();
        putString(out, std::string_view(reinterpret_cast<const char*>(print.data()), print.size()));
    }
    return out;
}

void AgentTeam::load(const std::vector<std::uint8_t>& bytes)
{
    std::size_t at = 0;
    const std::string magic = getString(bytes, at);
    if (magic != kMagic && magic != kMagicVersion2 && magic != kMagicVersion1)
        throw std::runtime_error("not a SIMPPO team model");
    const bool hasLastActions = magic != kMagicVersion1;
    const bool hasRollouts = magic == kMagic;
    const std::string mode = getString(bytes, at);
    if (mode != pluginIdOf(m_config.mode))
        throw std::runtime_error("the model was trained by " + mode + ", not " + std::string(pluginIdOf(m_config.mode)));
    m_episodes = static_cast<std::uint32_t>(std::stoul(getString(bytes, at)));
    // The agents' networks are built for the form they were trained in.
    m_config.rolloutSteps = hasRollouts ? std::stoul(getString(bytes, at)) : 0;
    const std::size_t agents = std::stoul(getString(bytes, at));
    m_agents.clear();
    for (std::size_t k = 0; k < agents; ++k) {
        std::string name = getString(bytes, at);
        Agent agent;
        agent.group = getString(bytes, at);
        agent.ppo = std::make_unique<learn::PpoAgent>(agentConfig(0));
        agent.ppo->loadBytes(getString(bytes, at));
        if (hasLastActions) {
            const int last = std::stoi(getString(bytes, at));
            if (last < 0 || last >= kActionCount)
                throw std::runtime_error("SIMPPO team model: agent " + name + " has an unknown last action " + std::to_string(last));
            agent.lastAction = static_cast<FunctionAction>(last);
        }
        if (hasRollouts)
            agent.trajectory = rolloutOf(getString(bytes, at));
        m_agents.emplace(std::move(name), std::move(agent));
    }
    const std::size_t bases = std::stoul(getString(bytes, at));
    m_bases.clear();
    for (std::size_t k = 0; k < bases; ++k) {
        std::string group = getString(bytes, at);
        auto base = std::make_unique<learn::PpoAgent>(agentConfig(0));
        base->loadBytes(getString(bytes, at));
        m_bases.emplace(std::move(group), std::move(base));
    }
}

} // namespace orrery::plugins::simppo
