// The trajectory every learned agent leaves (issue 15 item 2): TransitionFeatures' fixed-size,
// application-level state and action, and TrajectoryRecordingEnvironment handing each step of
// any Environment to a sink without changing what the agent sees.
#include "kinds/built_in_kinds.h"
#include "kinds/microservices/simulated_environment.h"
#include "env/trajectory_recording_environment.h"
#include "env/transition_features.h"
#include "scenario/scenario_loader.h"

#include <QtTest>

#include <vector>

using namespace orrery;
using policy::ControlAction;
using policy::ControlResource;

namespace {

policy::TargetObservation target(const std::string& name, double cpuLimit, double cpuUsage, int replicas, double p99, double slo)
{
    policy::TargetObservation t;
    t.name = name;
    t.limit[policy::indexOf(ControlResource::Cpu)] = cpuLimit;
    t.usage[policy::indexOf(ControlResource::Cpu)] = cpuUsage;
    t.limit[policy::indexOf(ControlResource::Memory)] = 2.0 * 1024 * 1024 * 1024;
    t.usage[policy::indexOf(ControlResource::Memory)] = 1.0 * 1024 * 1024 * 1024;
    t.replicas = replicas;
    t.p99LatencyMs = p99;
    t.sloLatencyMs = slo;
    t.sloMaintenance = p99 > slo ? slo / p99 : 1.0;
    t.arrivalRate = 100;
    t.previousArrivalRate = 50;
    return t;
}

model::Scenario socialNetwork()
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    kinds::registerBuiltInKinds();
    const auto loaded = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml", options);
    if (!loaded.ok())
        qFatal("%s", model::formatAll(loaded.diagnostics).c_str());
    return *loaded.scenario;
}

} // namespace

class TestTrajectoryRecording : public QObject {
    Q_OBJECT

private slots:
    void stateIsMeanAndMaxOverTargets()
    {
        policy::Observation observation;
        observation.targets = {target("a", 1.0, 0.5, 1, 10, 20), target("b", 3.0, 0.3, 3, 40, 20)};
        observation.sloViolationRate = 0.25;
        observation.completedRequests = 90;
        observation.droppedRequests = 10;
        const auto state = env::TransitionFeatures::state(observation);
        QCOMPARE(state.size(), env::TransitionFeatures::kStateDim);
        constexpr std::size_t k = env::TransitionFeatures::kPerTarget;
        QCOMPARE(state[0], 2.0f);     // mean CPU limit
        QCOMPARE(state[k + 0], 3.0f); // max CPU limit
        QCOMPARE(state[1], 2.0f);     // memory limit in GiB
        QCOMPARE(state[2], 0.3f);     // mean utilisation (0.5 + 0.1) / 2
        QCOMPARE(state[k + 2], 0.5f);
        QCOMPARE(state[4], 0.75f);    // SLO preservation (1 + 0.5) / 2
        QCOMPARE(state[5], 2.0f);     // load doubled
        QCOMPARE(state[6], 2.0f);     // replicas
        QCOMPARE(state[k + 7], 2.0f); // worst p99 / SLO
        QCOMPARE(state[2 * k], 0.25f);
        QCOMPARE(state[2 * k + 1], 0.1f);
        // An application of another shape has a state of the same size.
        observation.targets.push_back(target("c", 1.0, 1.0, 1, 5, 20));
        QCOMPARE(env::TransitionFeatures::state(observation).size(), env::TransitionFeatures::kStateDim);
        QCOMPARE(env::TransitionFeatures::state(policy::Observation{}), (std::array<float, env::TransitionFeatures::kStateDim>{}));
    }

    void actionIsWhatTheActionsDid()
    {
        policy::Observation before;
        before.targets = {target("a", 1.0, 0.5, 1, 10, 20), target("b", 2.0, 0.3, 3, 40, 20)};
        std::vector<policy::ActionOutcome> outcomes;
        const auto applied = [](ControlAction action) { return policy::ActionOutcome{policy::ActionOutcome::Status::Applied, action, action, {}}; };
        outcomes.push_back(applied(ControlAction::setReplicas("a", 3)));                    // +2
        outcomes.push_back(applied(ControlAction::setLimit("b", ControlResource::Cpu, 3.0))); // +50 % on one of two
        ControlAction rejected = ControlAction::setReplicas("b", 10);
        outcomes.push_back({policy::ActionOutcome::Status::Rejected, rejected, rejected, "rate limit"});
        outcomes.push_back(applied(ControlAction::setReplicas("unknown", 9)));
        const auto action = env::TransitionFeatures::action(before, outcomes);
        QCOMPARE(action[0], 2.0f);
        QCOMPARE(action[1], 0.25f);
        QCOMPARE(action[2], 0.0f);
    }

    void everyStepOfTheWrappedEnvironmentIsRecorded()
    {
        env::SimulatedEnvironmentOptions options;
        options.stepsPerEpisode = 5;
        kinds::microservices::SimulatedEnvironment inner(socialNetwork(), options);
        kinds::microservices::SimulatedEnvironment reference(socialNetwork(), options);
        struct Row {
            int episode, step;
            std::vector<float> state, action;
            double reward;
        };
        std::vector<Row> rows;
        env::TrajectoryRecordingEnvironment recording(inner, [&](const env::RecordedTransition& t) {
            rows.push_back({t.episode, t.step, {t.state.begin(), t.state.end()}, {t.action.begin(), t.action.end()}, t.reward});
        });
        int replicasBefore = 0;
        for (int episode = 0; episode < 2; ++episode) {
            const policy::Observation first = recording.reset(3);
            replicasBefore = first.targets.front().replicas + first.targets.front().pendingReplicas;
            const policy::Observation expected = reference.reset(3);
            QCOMPARE(first.targets.size(), expected.targets.size());
            const std::vector<ControlAction> actions{ControlAction::setReplicas(first.targets.front().name, 3)};
            for (int step = 0; step < 3; ++step) {
                const policy::StepResult got = recording.step(actions);
                const policy::StepResult want = reference.step(actions);
                QCOMPARE(got.reward, want.reward); // the agent sees the wrapped environment unchanged
                QCOMPARE(got.observation.completedRequests, want.observation.completedRequests);
            }
        }
        QCOMPARE(rows.size(), std::size_t{6});
        QCOMPARE(rows[0].episode, 1);
        QCOMPARE(rows[2].step, 2);
        QCOMPARE(rows[3].episode, 2);
        QCOMPARE(rows[3].step, 0);
        QCOMPARE(rows[0].state.size(), env::TransitionFeatures::kStateDim);
        QCOMPARE(rows[0].action.size(), env::TransitionFeatures::kActionDim);
        QCOMPARE(rows[0].action[0], static_cast<float>(3 - replicasBefore)); // the first service scaled to 3
        QVERIFY(rows[0].action[0] > 0.0f);
        QVERIFY(rows[2].action[0] < rows[0].action[0]); // asking for 3 again adds nothing once started
        QVERIFY(rows[0].reward != 0.0);
        // The resumed count carries on from where the trainer says it resumes.
        recording.resumeAfter(7);
        recording.reset(3);
        recording.step({});
        QCOMPARE(rows.back().episode, 8);
    }
};

QTEST_GUILESS_MAIN(TestTrajectoryRecording)
#include "tst_trajectory_recording.moc"
