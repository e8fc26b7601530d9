// The SIMPPO family (plugins/simppo): Table 4.1's state and actions, the auxiliary global
// state's invariances, rewards and penalties, agent churn without reshaping networks, and the
// team model's round trip.
#include "agent_team.h"
#include "function_action.h"
#include "function_state.h"
#include "global_state.h"
#include "learn/deterministic_torch.h"

#include <QtTest>

#include <algorithm>

using namespace orrery;
using namespace orrery::plugins::simppo;

namespace {

policy::TargetObservation target(const std::string& name, double sp, double shares, double memoryMiB, int containers)
{
    policy::TargetObservation t;
    t.name = name;
    t.group = "cpu";
    t.sloMaintenance = sp;
    t.limit[policy::indexOf(policy::ControlResource::Cpu)] = shares / 1024.0;
    t.limit[policy::indexOf(policy::ControlResource::Memory)] = memoryMiB * (1 << 20);
    t.usage[policy::indexOf(policy::ControlResource::Cpu)] = 0.5 * shares / 1024.0;
    t.usage[policy::indexOf(policy::ControlResource::Memory)] = 0.25 * memoryMiB * (1 << 20);
    t.replicas = containers;
    t.arrivalRate = 10;
    t.previousArrivalRate = 5;
    return t;
}

AgentSnapshot snapshot(float sp, float cpu, FunctionAction last)
{
    AgentSnapshot s;
    s.state[kSp] = sp;
    s.state[kRltCpu] = cpu;
    s.state[kRuCpu] = 0.5f;
    s.lastAction = last;
    return s;
}

} // namespace

class TestSimppo : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { learn::makeTorchDeterministic(0); }

    void localStateFollowsTable41()
    {
        const LocalState s = localState(target("f", 0.8, 1024, 512, 3));
        QCOMPARE(s[kSp], 0.8f);
        QCOMPARE(s[kRuCpu], 0.5f);
        QCOMPARE(s[kRuMem], 0.25f);
        QCOMPARE(s[kAc], 0.5f);                          // (10 − 5) / max(10, 5)
        QVERIFY(std::abs(s[kRltCpu] - (1024.0f - 128) / (2048 - 128)) < 1e-6f);
        QVERIFY(std::abs(s[kRltMem] - (512.0f - 128) / (2048 - 128)) < 1e-6f);
        QVERIFY(std::abs(s[kNc] - static_cast<float>(std::log1p(3.0) / std::log1p(1000.0))) < 1e-6f);
    }

    void illegalAndOscillatingActions()
    {
        QVERIFY(isIllegal(FunctionAction::ScaleIn, target("f", 1, 1024, 512, 0)));
        QVERIFY(isIllegal(FunctionAction::CpuUp, target("f", 1, 2048, 512, 1)));
        QVERIFY(isIllegal(FunctionAction::MemoryDown, target("f", 1, 1024, 128, 1)));
        QVERIFY(!isIllegal(FunctionAction::ScaleOut, target("f", 1, 1024, 512, 0)));
        QVERIFY(!toControlAction(FunctionAction::ScaleIn, target("f", 1, 1024, 512, 0)));
        const auto out = toControlAction(FunctionAction::ScaleOut, target("f", 1, 1024, 512, 8));
        QVERIFY(out);
        QCOMPARE(out->value, 10.0); // + ⌈8 / 4⌉
        const auto cpu = toControlAction(FunctionAction::CpuDown, target("f", 1, 1024, 512, 8));
        QCOMPARE(cpu->value, 0.5); // 512 shares as a cpu limit in cores
        QVERIFY(oscillates(FunctionAction::ScaleOut, FunctionAction::ScaleIn));
        QVERIFY(oscillates(FunctionAction::MemoryDown, FunctionAction::MemoryUp));
        QVERIFY(!oscillates(FunctionAction::ScaleOut, FunctionAction::CpuDown));
    }

    void globalStateIsOrderInvariantAndSizeAgnostic()
    {
        std::vector<AgentSnapshot> agents = {snapshot(1.0f, 0.2f, FunctionAction::ScaleOut), snapshot(0.5f, 0.4f, FunctionAction::Hold),
                                             snapshot(0.7f, 0.9f, FunctionAction::CpuUp), snapshot(0.9f, 0.1f, FunctionAction::MemoryDown)};
        const auto states = globalStates(GlobalStateKind::Selected, agents);
        QCOMPARE(states.size(), std::size_t{4});
        QCOMPARE(static_cast<int>(states[0].size()), globalStateSize(GlobalStateKind::Selected));
        // Agent 0 sees the others' mean SP (0.5 + 0.7 + 0.9) / 3 and their mean horizontal action 0.
        QVERIFY(std::abs(states[0][4] - 0.7f) < 1e-6f);
        QVERIFY(std::abs(states[0][3] - 0.0f) < 1e-6f);
        // Shuffling the others changes nothing for agent 0.
        std::vector<AgentSnapshot> shuffled = {agents[0], agents[3], agents[1], agents[2]};
        const auto again = globalStates(GlobalStateKind::Selected, shuffled);
        for (std::size_t k = 0; k < states[0].size(); ++k)
            QVERIFY(std::abs(states[0][k] - again[0][k]) < 1e-6f);
        // More agents: same width.
        agents.push_back(snapshot(0.3f, 0.3f, FunctionAction::ScaleIn));
        QCOMPARE(globalStates(GlobalStateKind::Selected, agents)[0].size(), states[0].size());
        QCOMPARE(static_cast<int>(globalStates(GlobalStateKind::AllStates, agents)[2].size()), 2 * kLocalStateSize);
        // Alone: zeros.
        const auto alone = globalStates(GlobalStateKind::Selected, std::vector<AgentSnapshot>{agents[0]});
        QVERIFY(std::all_of(alone[0].begin(), alone[0].end(), [](float v) { return v == 0.0f; }));
    }

    void rewardsAndPenaltiesFollowSection431()
    {
        TeamConfig config;
        config.mode = Mode::SingleAgent;
        AgentTeam team(config);
        policy::Observation observation;
        observation.targets = {target("a", 1.0, 1024, 512, 0), target("b", 0.5, 1024, 512, 2)};
        team.syncAgents(observation);
        (void)team.act(observation, true, true);
        const double teamReward = team.observeOutcome(observation, {}, false);
        // a: α·1 + 0.35·(0.5 + 0.25) = 0.5625 (− 1 if it chose an illegal scale-in at zero containers);
        // b: 0.3·0.5 + 0.35·0.75 = 0.4125.
        const auto rewards = team.episodeRewards();
        QVERIFY(std::abs(rewards.at("b") - 0.4125) < 1e-9 || std::abs(rewards.at("b") - (0.4125 - 1)) < 1e-9);
        QVERIFY(std::abs(rewards.at("a") - 0.5625) < 1e-9 || std::abs(rewards.at("a") - (0.5625 - 1)) < 1e-9);
        QVERIFY(std::abs(teamReward - (rewards.at("a") + rewards.at("b")) / 2) < 1e-9);
    }

    void agentsComeAndGoWithoutReshapingNetworks()
    {
        TeamConfig config;
        config.mode = Mode::Simppo;
        config.seed = 5;
        AgentTeam team(config);
        policy::Observation observation;
        observation.targets = {target("a", 1.0, 1024, 512, 1), target("b", 0.5, 1024, 512, 2)};
        QCOMPARE(team.syncAgents(observation), (std::pair<int, int>{2, 0}));
        const int width = team.agentConfig(0).stateDim + team.agentConfig(0).criticExtraDim;
        for (int step = 0; step < 6; ++step) {
            (void)team.act(observation, true, true);
            team.observeOutcome(observation, {}, step == 5);
        }
        team.update();
        observation.targets.push_back(target("c", 0.9, 512, 256, 1));
        observation.targets.erase(observation.targets.begin());
        QCOMPARE(team.syncAgents(observation), (std::pair<int, int>{1, 1}));
        QCOMPARE(team.agentConfig(0).stateDim + team.agentConfig(0).criticExtraDim, width);
        QVERIFY(team.hasAgent("c") && !team.hasAgent("a"));
        (void)team.act(observation, true, true); // every agent, old and new, acts with the same inputs
    }

    void teamModelRoundTrips()
    {
        TeamConfig config;
        config.mode = Mode::Simppo;
        config.seed = 9;
        AgentTeam team(config);
        policy::Observation observation;
        observation.targets = {target("a", 0.4, 1024, 512, 1), target("b", 0.6, 512, 1024, 3)};
        team.syncAgents(observation);
        for (int step = 0; step < 10; ++step) {
            (void)team.act(observation, true, true);
            team.observeOutcome(observation, {}, step == 9);
        }
        team.update();
        const std::vector<std::uint8_t> bytes = team.save();
        AgentTeam copy(config);
        copy.load(bytes);
        QCOMPARE(copy.episodesTrained(), 1u);
        const auto greedy = team.act(observation, false, false);
        const auto greedyCopy = copy.act(observation, false, false);
        QCOMPARE(greedy.size(), greedyCopy.size());
        for (std::size_t k = 0; k < greedy.size(); ++k) {
            QCOMPARE(greedy[k].target, greedyCopy[k].target);
            QCOMPARE(greedy[k].value, greedyCopy[k].value);
        }
        TeamConfig other = config;
        other.mode = Mode::SingleAgent;
        AgentTeam wrong(other);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, wrong.load(bytes));
    }
};

QTEST_APPLESS_MAIN(TestSimppo)
#include "tst_simppo.moc"
