// Deterministic evaluation of control policies on held-out episodes, and the reference policies
// a learned one is compared with (core/env/control_evaluation.h, reference_control_policies.h).
#include "env/control_evaluation.h"
#include "env/reference_control_policies.h"

#include <QTest>

#include <cmath>
#include <stdexcept>

using namespace orrery;

namespace {

//! One target whose CPU limit starts at 2 and drifts up by 0.5 every period unless an action
//! sets it; the reward is −|limit − 1|. The episode's seed sets the drift's sign for odd seeds
//! (so returns differ by seed), and the episode terminates when the limit passes 4.
class DriftingEnvironment final : public policy::Environment {
public:
    std::vector<std::uint64_t> seeds;

    policy::Observation reset(std::uint64_t seed) override
    {
        seeds.push_back(seed);
        m_limit = 2.0;
        m_drift = seed % 2 == 0 ? 0.5 : 0.25;
        return observe();
    }
    policy::StepResult step(std::span<const policy::ControlAction> actions) override
    {
        bool set = false;
        for (const auto& action : actions) {
            if (action.kind == policy::ControlAction::Kind::SetLimit && action.resource == policy::ControlResource::Cpu) {
                m_limit = action.value;
                set = true;
            }
        }
        if (!set)
            m_limit += m_drift;
        policy::StepResult result;
        result.observation = observe();
        result.reward = -std::abs(m_limit - 1.0);
        result.done = m_limit > 4.0;
        return result;
    }

private:
    policy::Observation observe() const
    {
        policy::Observation observation;
        policy::TargetObservation target;
        target.name = "svc";
        target.replicas = 1;
        target.limit[policy::indexOf(policy::ControlResource::Cpu)] = m_limit;
        observation.targets.push_back(target);
        return observation;
    }
    double m_limit = 2.0;
    double m_drift = 0.5;
};

env::ControlPolicyFactory referenceFactory(env::ReferenceControl reference)
{
    return [reference](std::uint32_t episode) { return env::makeReferenceControl(reference, 7 + episode); };
}

} // namespace

class TestControlEvaluation : public QObject {
    Q_OBJECT

private slots:
    void playsTheHeldOutSeedsInOrder()
    {
        DriftingEnvironment environment;
        env::ControlEvaluationSpec spec;
        spec.firstSeed = 1'000'000;
        spec.episodes = 3;
        spec.stepsPerEpisode = 4;
        const auto evaluation = env::evaluateControl(environment, referenceFactory(env::ReferenceControl::HoldAtBase), spec);
        QCOMPARE(environment.seeds, (std::vector<std::uint64_t>{1'000'000, 1'000'001, 1'000'002}));
        QCOMPARE(evaluation.returns.size(), std::size_t(3));
        // Hold-at-base acts only when the limit has left 2: the drift moves it to 2.5 (reward
        // −1.5), the next period sets it back (−1), and so on: −5 over 4 steps, 2 actions; the
        // odd seed drifts by 0.25: −1.25, −1, −1.25, −1.
        QCOMPARE(evaluation.returns, (std::vector<double>{-5.0, -4.5, -5.0}));
        QCOMPARE(evaluation.meanReturn, -14.5 / 3);
        QCOMPARE(evaluation.stdReturn, std::sqrt((2 * std::pow(1.0 / 6, 2) + std::pow(1.0 / 3, 2)) / 3));
        QCOMPARE(evaluation.meanRewardPerStep, -14.5 / 12);
        QCOMPARE(evaluation.actions, std::uint64_t(6));
    }

    void noControlLetsTheDriftRunAndStopsAtTermination()
    {
        DriftingEnvironment environment;
        env::ControlEvaluationSpec spec;
        spec.episodes = 2; // seeds 1,000,000 (drift 0.5) and 1,000,001 (drift 0.25)
        spec.stepsPerEpisode = 10;
        const auto evaluation = env::evaluateControl(environment, referenceFactory(env::ReferenceControl::NoControl), spec);
        QCOMPARE(evaluation.actions, std::uint64_t(0));
        // Drift 0.5: limits 2.5, 3, 3.5, 4, 4.5 (terminal): rewards −1.5, −2, −2.5, −3, −3.5.
        QCOMPARE(evaluation.steps[0], 5u);
        QCOMPARE(evaluation.returns[0], -12.5);
        // Drift 0.25: 2.25 … 4.25 is the 9th step, the last within 10.
        QCOMPARE(evaluation.steps[1], 9u);
        QVERIFY(evaluation.returns[1] < evaluation.returns[0]); // slower drift, more steps, more cost
        QCOMPARE(evaluation.meanRewardPerStep, (evaluation.returns[0] + evaluation.returns[1]) / 14.0);
    }

    void randomStaysInItsBoxAndRepeatsForASeed()
    {
        auto policy = env::makeReferenceControl(env::ReferenceControl::Random, 3);
        auto again = env::makeReferenceControl(env::ReferenceControl::Random, 3);
        auto other = env::makeReferenceControl(env::ReferenceControl::Random, 4);
        policy::Observation observation;
        policy::TargetObservation target;
        target.name = "svc";
        target.limit[policy::indexOf(policy::ControlResource::Cpu)] = 2.0;
        target.limit[policy::indexOf(policy::ControlResource::Memory)] = 1e9;
        observation.targets.push_back(target);
        bool differs = false;
        for (int step = 0; step < 200; ++step) {
            const auto actions = policy->decide(observation);
            const auto repeated = again->decide(observation);
            const auto different = other->decide(observation);
            QCOMPARE(actions.size(), std::size_t(2)); // CPU and memory, the resources with a limit
            for (std::size_t k = 0; k < actions.size(); ++k) {
                const double base = target.limit[policy::indexOf(actions[k].resource)];
                QVERIFY(actions[k].value >= base / 4.0 && actions[k].value <= base * 4.0);
                QCOMPARE(actions[k].value, repeated[k].value);
                differs = differs || actions[k].value != different[k].value;
            }
            // Whatever the limit is now, the box stays around the first one seen.
            observation.targets[0].limit[policy::indexOf(policy::ControlResource::Cpu)] = actions[0].value;
        }
        QVERIFY(differs);
    }

    void holdAtBaseRestoresReplicasAndLimitsOnly()
    {
        auto policy = env::makeReferenceControl(env::ReferenceControl::HoldAtBase, 0);
        policy::Observation observation;
        policy::TargetObservation target;
        target.name = "svc";
        target.replicas = 2;
        target.limit[policy::indexOf(policy::ControlResource::Cpu)] = 1.0;
        observation.targets.push_back(target);
        QVERIFY(policy->decide(observation).empty()); // at base: nothing to do
        observation.targets[0].replicas = 3;
        observation.targets[0].limit[policy::indexOf(policy::ControlResource::Cpu)] = 1.5;
        const auto actions = policy->decide(observation);
        QCOMPARE(actions.size(), std::size_t(2));
        QCOMPARE(actions[0].value, 1.0);
        QVERIFY(actions[1].kind == policy::ControlAction::Kind::SetReplicas);
        QCOMPARE(actions[1].value, 2.0);
        QCOMPARE(QString(env::toString(env::ReferenceControl::HoldAtBase)), QString("hold-at-base"));
    }

    void anEmptySpecIsRefused()
    {
        DriftingEnvironment environment;
        env::ControlEvaluationSpec spec;
        spec.episodes = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 (void)env::evaluateControl(environment, referenceFactory(env::ReferenceControl::NoControl), spec));
    }
};

QTEST_APPLESS_MAIN(TestControlEvaluation)
#include "tst_control_evaluation.moc"
