// Every kind's control environment as a fixed-shape gym::Environment (core/control_gym): shapes,
// the action mapping, target slots, determinism and the time limit, on the shipped scenarios.
#include "control_gym/control_gym_environment.h"
#include "control_gym/target_slots.h"
#include "kinds/built_in_kinds.h"
#include "scenario/scenario_loader.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace orrery;

namespace {

model::Scenario loadShipped(const char* name)
{
    kinds::registerBuiltInKinds();
    scenario::ScenarioLoadOptions load;
    load.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    auto loaded = scenario::loadScenarioFile(std::string(ORRERY_SOURCE_DIR "/resources/scenarios/") + name, load);
    if (!loaded.ok())
        throw std::runtime_error(std::string(name) + ": " + loaded.diagnostics.front().message);
    return *loaded.scenario;
}

control_gym::ControlGymOptions shortEpisodes(int steps)
{
    control_gym::ControlGymOptions options;
    options.environment.stepsPerEpisode = steps;
    return options;
}

std::vector<float> randomAction(std::size_t dimension, std::mt19937& random)
{
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> action(dimension);
    for (float& value : action)
        value = uniform(random);
    return action;
}

std::size_t featureIndex(const control_gym::ObservationLayout& layout, const std::string& name)
{
    const auto& names = layout.targetFeatureNames();
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end())
        throw std::runtime_error("no feature " + name);
    return static_cast<std::size_t>(found - names.begin());
}

} // namespace

class ControlGymEnvironmentTest : public QObject {
    Q_OBJECT

private slots:
    void everyKindRunsAnEpisodeOfItsShape_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("knobs");
        QTest::addColumn<int>("slotCount");
        QTest::newRow("microservices") << "socialnetwork-steady.yaml" << "Microservices" << "cpu,replicas" << 0;
        QTest::newRow("functions") << "functions-isolated.yaml" << "Functions" << "cpu,memory,replicas" << 0;
        QTest::newRow("model serving") << "model-serving-v100.yaml" << "model-serving" << "gpu-frequency" << 6;
        QTest::newRow("training jobs") << "flowcon-1-worker-10-jobs.yaml" << "training-jobs" << "cpu" << 10;
    }
    void everyKindRunsAnEpisodeOfItsShape()
    {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        QFETCH(QString, knobs);
        QFETCH(int, slotCount);
        control_gym::ControlGymEnvironment environment(loadShipped(file.toUtf8().constData()), shortEpisodes(4));
        QCOMPARE(QString::fromStdString(environment.kind()), kind);
        QStringList names;
        for (const std::string& knob : environment.knobs())
            names << QString::fromStdString(knob);
        QCOMPARE(names.join(','), knobs);
        if (slotCount > 0)
            QCOMPARE(environment.slotCount(), static_cast<std::size_t>(slotCount));
        QCOMPARE(environment.actionSpace().dimension(), environment.slotCount() * environment.knobs().size());
        QCOMPARE(environment.layout().names().size(), environment.observationDimension());

        std::mt19937 random(7);
        const std::vector<float> first = environment.reset(3);
        QCOMPARE(first.size(), environment.observationDimension());
        for (int step = 1; step <= 4; ++step) {
            const gym::StepResult result = environment.step(randomAction(environment.actionSpace().dimension(), random));
            QCOMPARE(result.observation.size(), environment.observationDimension());
            QVERIFY(std::isfinite(result.reward));
            for (const float value : result.observation)
                QVERIFY(std::isfinite(value));
            QCOMPARE(result.truncated, step == 4); // the time limit, never before
            QVERIFY(!result.terminated);
        }
    }

    void sameSeedSameEpisodeBitForBit()
    {
        const model::Scenario scenario = loadShipped("socialnetwork-steady.yaml");
        const auto episode = [&](std::uint64_t seed) {
            control_gym::ControlGymEnvironment environment(scenario, shortEpisodes(6));
            std::mt19937 random(11);
            std::vector<float> trace = environment.reset(seed);
            for (int step = 0; step < 6; ++step) {
                const gym::StepResult result = environment.step(randomAction(environment.actionSpace().dimension(), random));
                trace.insert(trace.end(), result.observation.begin(), result.observation.end());
                trace.push_back(static_cast<float>(result.reward));
            }
            return trace;
        };
        QCOMPARE(episode(5), episode(5));
        QVERIFY(episode(5) != episode(6));
    }

    void anActionScalesTheKnobFromItsCurrentValue()
    {
        control_gym::ControlGymEnvironment environment(loadShipped("socialnetwork-steady.yaml"), shortEpisodes(3));
        environment.reset(1);
        const policy::TargetObservation& first = environment.lastObservation().targets.front();
        std::vector<float> action(environment.actionSpace().dimension(), 0.0f);
        QVERIFY(environment.controlActions(action).empty()); // 0 keeps everything
        action[0] = 1.0f;   // slot 0, cpu: double
        action[1] = 1.0f;   // slot 0, replicas: double
        action[2] = 0.004f; // slot 1, cpu: inside the dead band
        const std::vector<policy::ControlAction> actions = environment.controlActions(action);
        QCOMPARE(actions.size(), std::size_t{2});
        QCOMPARE(actions[0].target, first.name);
        QCOMPARE(actions[0].kind, policy::ControlAction::Kind::SetLimit);
        QCOMPARE(actions[0].value, 2.0 * first.limit[policy::indexOf(policy::ControlResource::Cpu)]);
        QCOMPARE(actions[1].kind, policy::ControlAction::Kind::SetReplicas);
        QCOMPARE(actions[1].value, 2.0 * (first.replicas + first.pendingReplicas));
        action.assign(action.size(), -1.0f); // halving one replica still leaves one: no action
        for (const policy::ControlAction& halved : environment.controlActions(action)) {
            if (halved.kind == policy::ControlAction::Kind::SetReplicas)
                QVERIFY(halved.value >= 1.0);
        }
        const gym::StepResult result = environment.step(std::vector<float>(action.size(), 2.0f)); // clipped to 1
        QCOMPARE(environment.info().actionsSent, static_cast<std::uint32_t>(2 * environment.slotCount()));
        QCOMPARE(environment.info().actionsApplied + environment.info().actionsConverted + environment.info().actionsRejected,
                 environment.info().actionsSent);
        QVERIFY(std::isfinite(result.reward));
    }

    void lowerClocksDrawLessPower()
    {
        const model::Scenario scenario = loadShipped("model-serving-v100.yaml");
        bool clocksDropped = true;
        const auto wattsAfter = [&](float action) {
            control_gym::ControlGymEnvironment environment(scenario, shortEpisodes(20));
            environment.reset(2);
            gym::StepResult result;
            for (int step = 0; step < 8; ++step)
                result = environment.step(std::vector<float>(environment.actionSpace().dimension(), step == 0 ? action : 0.0f));
            const std::size_t watts = featureIndex(environment.layout(), "feature.watts");
            const std::size_t mhz = featureIndex(environment.layout(), "limit.gpu-frequency");
            double total = 0;
            for (std::size_t slot = 0; slot < environment.slotCount(); ++slot) {
                total += result.observation[slot * environment.layout().perTarget() + watts];
                if (action < 0 && result.observation[slot * environment.layout().perTarget() + mhz] >= 1000.0f)
                    clocksDropped = false; // V100 boost 1530 MHz: halved is under 1000
            }
            return total;
        };
        QVERIFY(wattsAfter(-1.0f) < wattsAfter(0.0f));
        QVERIFY(clocksDropped);
    }

    void unknownKnobsAreRefusedByName()
    {
        control_gym::ControlGymOptions options = shortEpisodes(3);
        options.knobs = {"cpu", "gpu-clock"};
        try {
            control_gym::ControlGymEnvironment environment(loadShipped("socialnetwork-steady.yaml"), options);
            QFAIL("an unknown knob was accepted");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString(error.what()).contains("'gpu-clock'"), error.what());
        }
        options.knobs = {"cpu", "cpu"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 control_gym::ControlGymEnvironment(loadShipped("socialnetwork-steady.yaml"), options));
    }

    void targetsKeepTheirSlotsAndNewOnesTakeTheLowestFree()
    {
        const auto targets = [](std::initializer_list<const char*> names) {
            std::vector<policy::TargetObservation> out;
            for (const char* name : names) {
                policy::TargetObservation target;
                target.name = name;
                out.push_back(target);
            }
            return out;
        };
        control_gym::TargetSlots three(3);
        auto byslot = three.assign(targets({"a", "b", "c", "d"}));
        QCOMPARE(three.names(), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(three.unobserved(), 1u);
        QCOMPARE(byslot, (std::vector<std::size_t>{0, 1, 2}));
        byslot = three.assign(targets({"c", "e", "a"})); // b left: e takes its slot
        QCOMPARE(three.names(), (std::vector<std::string>{"a", "e", "c"}));
        QCOMPARE(byslot, (std::vector<std::size_t>{2, 1, 0}));
        QCOMPARE(three.unobserved(), 0u);
        byslot = three.assign(targets({"e"}));
        QCOMPARE(three.names(), (std::vector<std::string>{"", "e", ""}));
        QCOMPARE(byslot[0], control_gym::TargetSlots::kFree);
    }
};

QTEST_GUILESS_MAIN(ControlGymEnvironmentTest)
#include "tst_control_gym_environment.moc"
