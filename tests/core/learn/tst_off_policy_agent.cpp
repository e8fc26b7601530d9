// OffPolicyAgent (DDPG, TD3, SAC with and without gSDE), its training loop and the running
// normalisation: the bootstrap through truncation, learning a known optimum, determinism and
// checkpoints.
#include "gym/environment.h"
#include "learn/deterministic_torch.h"
#include "learn/off_policy_agent.h"
#include "learn/off_policy_training.h"
#include "learn/replay_buffer.h"
#include "learn/reward_scaler.h"
#include "learn/running_normalizer.h"

#include <QtTest>

#include <cmath>
#include <memory>
#include <random>
#include <thread>

using namespace orrery;
using namespace orrery::learn;

namespace {

//! One state, reward 1 every step, never terminal, cut off after `limit` steps: the value of
//! every state is 1 / (1 − γ) when the time limit is bootstrapped, and at most `limit` when it is
//! (wrongly) treated as terminal.
class EndlessRewardTask final : public gym::Environment {
public:
    explicit EndlessRewardTask(std::uint32_t limit) : m_limit(limit) {}
    std::string id() const override { return "EndlessReward"; }
    std::size_t observationDimension() const override { return 1; }
    gym::ActionSpace actionSpace() const override { return {false, 0, {-1.0f}, {1.0f}}; }
    std::uint32_t maxEpisodeSteps() const override { return m_limit; }

protected:
    std::vector<float> resetTask(std::uint64_t) override { return {0.0f}; }
    gym::StepResult stepTask(std::span<const float>) override { return {{0.0f}, 1.0, false, false}; }

private:
    std::uint32_t m_limit;
};

//! A one-step bandit with reward −(a − 0.5)² (terminal): the optimum action is 0.5.
class TargetActionTask final : public gym::Environment {
public:
    std::string id() const override { return "TargetAction"; }
    std::size_t observationDimension() const override { return 1; }
    gym::ActionSpace actionSpace() const override { return {false, 0, {-1.0f}, {1.0f}}; }
    std::uint32_t maxEpisodeSteps() const override { return 1; }

protected:
    std::vector<float> resetTask(std::uint64_t) override { return {1.0f}; }
    gym::StepResult stepTask(std::span<const float> a) override
    {
        const double miss = a[0] - 0.5;
        return {{1.0f}, -miss * miss, true, false};
    }
};

OffPolicyConfig smallConfig(OffPolicyAlgorithm algorithm, std::uint64_t seed)
{
    OffPolicyConfig c;
    c.algorithm = algorithm;
    c.stateDim = 1;
    c.actionDim = 1;
    c.actorHidden = c.criticHidden = {32, 32};
    c.seed = seed;
    return c;
}

enum class Probe { Values, ActionsAndValues };

//! Trains an agent of `config` on TargetActionTask (50 warm-up steps, the training seed the
//! config's) and reads it back on a grid of states: the deterministic action (when asked) and the
//! critic's value of the action x/2, so two trainings compare bit for bit.
std::vector<float> trainedProbe(const OffPolicyConfig& config, std::uint64_t steps, std::size_t batchSize, Probe probe)
{
    TargetActionTask env, evalEnv;
    OffPolicyAgent agent(config);
    OffPolicyTrainingConfig t;
    t.totalSteps = steps;
    t.warmupSteps = 50;
    t.batchSize = batchSize;
    t.seed = config.seed;
    trainOffPolicy(env, evalEnv, agent, t);
    std::vector<float> out;
    for (float x = -1; x <= 1; x += 0.25f) {
        const float s[] = {x}, a[] = {x / 2};
        if (probe == Probe::ActionsAndValues)
            out.push_back(agent.act(s, false)[0]);
        out.push_back(agent.value(s, a));
    }
    return out;
}

ReplayBatch oneTransition(float reward, bool terminated)
{
    ReplayBatch b;
    b.size = 1;
    b.stateDim = 1;
    b.actionDim = 1;
    b.states = {0.3f};
    b.actions = {0.2f};
    b.rewards = {reward};
    b.nextStates = {0.4f};
    b.dones = {terminated ? 1.0f : 0.0f};
    return b;
}

} // namespace

class TestOffPolicyAgent : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { makeTorchDeterministic(1); }

    void terminalTargetsAreTheRewardAndTruncatedOnesBootstrap_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::newRow("DDPG") << static_cast<int>(OffPolicyAlgorithm::Ddpg);
        QTest::newRow("TD3") << static_cast<int>(OffPolicyAlgorithm::Td3);
        QTest::newRow("SAC") << static_cast<int>(OffPolicyAlgorithm::Sac);
    }

    void terminalTargetsAreTheRewardAndTruncatedOnesBootstrap()
    {
        QFETCH(int, algorithm);
        const OffPolicyConfig config = smallConfig(static_cast<OffPolicyAlgorithm>(algorithm), 5);
        OffPolicyAgent terminal(config);
        OffPolicyAgent truncated(config);
        const float s[] = {0.3f}, a[] = {0.2f};
        // The update's TD error is |Q₁(s, a) − target| before the step; Q₁ = value() for DDPG,
        // and the same initial critics for both agents.
        const double terminalError = terminal.update(oneTransition(5.0f, true)).tdError;
        const double truncatedError = truncated.update(oneTransition(5.0f, false)).tdError;
        if (config.algorithm == OffPolicyAlgorithm::Ddpg) {
            OffPolicyAgent fresh(config);
            QVERIFY(std::abs(terminalError - std::abs(fresh.value(s, a) - 5.0)) < 1e-5);
        }
        QVERIFY2(std::abs(terminalError - truncatedError) > 1e-6,
                 qPrintable(QString("%1 vs %2").arg(terminalError).arg(truncatedError)));
    }

    void trainingBootstrapsThroughTheTimeLimit()
    {
        // γ 0.9: a bootstrapped value nears 10; treating the 5-step limit as terminal would
        // leave it below 5.
        EndlessRewardTask env(5), evalEnv(5);
        OffPolicyConfig c = smallConfig(OffPolicyAlgorithm::Td3, 3);
        c.discount = 0.9;
        c.softUpdate = 0.05; // targets that follow within ~40 updates, so 3,000 steps converge
        OffPolicyAgent agent(c);
        OffPolicyTrainingConfig t;
        t.totalSteps = 3000;
        t.warmupSteps = 200;
        t.batchSize = 64;
        t.evaluationEpisodes = 1;
        trainOffPolicy(env, evalEnv, agent, t);
        const float s[] = {0.0f};
        const std::vector<float> a = agent.act(s, false);
        const float q = agent.value(s, a);
        QVERIFY2(q > 8.0f && q < 12.0f, qPrintable(QString::number(q)));
    }

    void learnsTheOptimumOfABandit_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<bool>("sde");
        QTest::newRow("DDPG") << static_cast<int>(OffPolicyAlgorithm::Ddpg) << false;
        QTest::newRow("TD3") << static_cast<int>(OffPolicyAlgorithm::Td3) << false;
        QTest::newRow("SAC") << static_cast<int>(OffPolicyAlgorithm::Sac) << false;
        QTest::newRow("SAC with gSDE") << static_cast<int>(OffPolicyAlgorithm::Sac) << true;
    }

    void learnsTheOptimumOfABandit()
    {
        QFETCH(int, algorithm);
        QFETCH(bool, sde);
        TargetActionTask env, evalEnv;
        OffPolicyConfig c = smallConfig(static_cast<OffPolicyAlgorithm>(algorithm), 11);
        c.stateDependentExploration = sde;
        c.initialEntropyCoefficient = 0.01;
        // 3e-4 (the zoo's MountainCar rate): at 1e-3 gSDE's mean can overshoot its ±2 clip in the
        // first updates, where the clip passes no gradient back.
        c.actorLearningRate = c.criticLearningRate = c.entropyLearningRate = 3e-4;
        OffPolicyAgent agent(c);
        OffPolicyTrainingConfig t;
        t.totalSteps = 2100;
        t.warmupSteps = 100;
        t.batchSize = 64;
        t.evaluationEpisodes = 1;
        const OffPolicyTrainingResult r = trainOffPolicy(env, evalEnv, agent, t);
        const float s[] = {1.0f};
        const float action = agent.act(s, false)[0];
        QVERIFY2(std::abs(action - 0.5f) < 0.1f, qPrintable(QString::number(action)));
        QVERIFY(r.evaluations.back().meanReturn > -0.01);
        QCOMPARE(r.lastUpdate.boundFraction.size(), std::size_t{1});
        QCOMPARE(r.lastUpdate.boundFraction[0], 0.0); // 0.5 is far from the bounds
        QCOMPARE(r.lastUpdate.actionMean.size(), std::size_t{1});
        QVERIFY2(std::abs(r.lastUpdate.actionMean[0] - 0.5) < 0.1, qPrintable(QString::number(r.lastUpdate.actionMean[0])));
        QCOMPARE(r.updates, std::uint64_t{2000});
    }

    void trainingIsBitIdenticalForASeed()
    {
        const auto train = [](std::uint64_t seed) {
            return trainedProbe(smallConfig(OffPolicyAlgorithm::Sac, seed), 300, 16, Probe::ActionsAndValues);
        };
        QCOMPARE(train(4), train(4));
        QVERIFY(train(4) != train(5));
    }

    //! Parallel rollouts (OffPolicyTrainingConfig::environments): the trained model does not
    //! depend on how many threads step the environments, and it still learns.
    void parallelRolloutsGiveTheSameModelForAnyThreadCount()
    {
        const auto train = [](std::size_t threads) {
            std::vector<std::unique_ptr<TargetActionTask>> tasks;
            std::vector<gym::Environment*> environments;
            for (int k = 0; k < 3; ++k) {
                tasks.push_back(std::make_unique<TargetActionTask>());
                environments.push_back(tasks.back().get());
            }
            TargetActionTask evalEnv;
            OffPolicyAgent agent(smallConfig(OffPolicyAlgorithm::Td3, 8));
            OffPolicyTrainingConfig t;
            t.totalSteps = 1000; // 333 rounds of 3 and a last one of 1
            t.warmupSteps = 50;
            t.batchSize = 32;
            t.seed = 8;
            t.environments = 3;
            t.threads = threads;
            const OffPolicyTrainingResult r = trainOffPolicy(environments, evalEnv, agent, t);
            std::vector<float> out;
            for (float x = -1; x <= 1; x += 0.25f) {
                const float s[] = {x}, a[] = {x / 2};
                out.push_back(agent.act(s, false)[0]);
                out.push_back(agent.value(s, a));
            }
            out.push_back(static_cast<float>(r.steps));
            out.push_back(static_cast<float>(r.updates));
            out.push_back(static_cast<float>(r.episodeReturns.size()));
            out.push_back(static_cast<float>(r.evaluations.back().meanReturn));
            return out;
        };
        const std::vector<float> one = train(1);
        QCOMPARE(train(2), one);
        QCOMPARE(train(3), one);
        QCOMPARE(one[one.size() - 4], 1000.0f);      // steps
        QCOMPARE(one[one.size() - 3], 950.0f);       // an update per step after the warm-up
        QCOMPARE(one[one.size() - 2], 1000.0f);      // one-step episodes
        QVERIFY2(one.back() > -0.01f, qPrintable(QString("evaluation return %1").arg(one.back())));
        TargetActionTask single, evalEnv;
        OffPolicyAgent agent(smallConfig(OffPolicyAlgorithm::Td3, 8));
        OffPolicyTrainingConfig mismatch;
        mismatch.environments = 2;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainOffPolicy(single, evalEnv, agent, mismatch));
    }

    void agentsTrainedSideBySideOnThreadsMatchTrainingAlone()
    {
        // Runs share the process's BLAS: two agents updating at once on two threads must learn
        // exactly what each learns alone (no shared scratch buffers, no order effects).
        const auto train = [](std::uint64_t seed) {
            OffPolicyConfig c = smallConfig(OffPolicyAlgorithm::Sac, seed);
            c.actorHidden = c.criticHidden = {128, 128}; // large enough for BLAS's blocked kernels
            return trainedProbe(c, 400, 128, Probe::Values);
        };
        const std::vector<float> aloneA = train(21), aloneB = train(22);
        std::vector<float> sideA, sideB;
        std::thread first([&] { sideA = train(21); });
        std::thread second([&] { sideB = train(22); });
        first.join();
        second.join();
        QCOMPARE(sideA, aloneA);
        QCOMPARE(sideB, aloneB);
    }

    void checkpointsContinueExactly_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<bool>("sde");
        QTest::newRow("TD3") << static_cast<int>(OffPolicyAlgorithm::Td3) << false;
        QTest::newRow("SAC with gSDE") << static_cast<int>(OffPolicyAlgorithm::Sac) << true;
    }

    void checkpointsContinueExactly()
    {
        QFETCH(int, algorithm);
        QFETCH(bool, sde);
        OffPolicyConfig c = smallConfig(static_cast<OffPolicyAlgorithm>(algorithm), 9);
        c.stateDependentExploration = sde;
        OffPolicyAgent original(c);
        ReplayBuffer buffer(100, 1, 1, 2);
        for (int i = 0; i < 50; ++i) {
            const float s[] = {static_cast<float>(i) / 50}, a[] = {0.1f}, n[] = {static_cast<float>(i + 1) / 50};
            buffer.add(s, a, static_cast<float>(i % 3), n, i % 7 == 0);
        }
        for (int i = 0; i < 5; ++i)
            original.update(buffer.sample(8));
        const std::string bytes = original.saveBytes();
        OffPolicyAgent restored(c);
        restored.loadBytes(bytes);
        QCOMPARE(restored.updates(), original.updates());
        const ReplayBatch next = buffer.sample(8);
        const OffPolicyUpdateStats a = original.update(next);
        const OffPolicyUpdateStats b = restored.update(next);
        QCOMPARE(a.criticLoss, b.criticLoss);
        QCOMPARE(a.actorLoss, b.actorLoss);
        const float s[] = {0.5f};
        QCOMPARE(original.act(s, true), restored.act(s, true)); // generators restored too

        OffPolicyConfig other = c;
        other.actorHidden = {16, 16};
        OffPolicyAgent mismatched(other);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, mismatched.loadBytes(bytes));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, restored.loadBytes("not a checkpoint"));
    }

    void normalizerRoundTripsThroughSaveAndLoad()
    {
        RunningNormalizer n(2, 5.0);
        const float identity[] = {3.0f, -1.0f};
        QCOMPARE(n.normalized(identity), (std::vector<float>{3.0f, -1.0f})); // before any sample
        const float samples[][2] = {{1, 10}, {2, 20}, {3, 30}, {4, 40}};
        for (const auto& s : samples)
            n.update(s);
        QCOMPARE(n.count(), std::uint64_t{4});
        QCOMPARE(n.mean()[0], 2.5);
        QCOMPARE(n.variance()[1], 125.0);
        const float x[] = {2.5f, 1000.0f};
        const std::vector<float> z = n.normalized(x);
        QCOMPARE(z[0], 0.0f);
        QCOMPARE(z[1], 5.0f); // clipped
        RunningNormalizer loaded(2);
        loaded.loadBytes(n.saveBytes());
        QVERIFY(loaded == n);
        QCOMPARE(loaded.normalized(x), z);
        RunningNormalizer wrong(3);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, wrong.loadBytes(n.saveBytes()));
        std::string damaged = n.saveBytes();
        damaged.pop_back();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, loaded.loadBytes(damaged));
        QVERIFY(loaded == n); // unchanged by the refused load
    }

    void plainAndLibTorchBackendsAgree_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<double>("preTanhPenalty");
        QTest::addColumn<double>("cloning");
        QTest::newRow("TD3") << static_cast<int>(OffPolicyAlgorithm::Td3) << 0.0 << 0.0;
        QTest::newRow("TD3 with a pre-tanh penalty") << static_cast<int>(OffPolicyAlgorithm::Td3) << 0.05 << 0.0;
        QTest::newRow("DDPG") << static_cast<int>(OffPolicyAlgorithm::Ddpg) << 0.0 << 0.0;
        QTest::newRow("TD3+BC") << static_cast<int>(OffPolicyAlgorithm::Td3) << 0.0 << 2.5;
        QTest::newRow("DDPG+BC with a pre-tanh penalty") << static_cast<int>(OffPolicyAlgorithm::Ddpg) << 0.05 << 2.5;
    }

    //! The plain backend (core/learn/dense_network_pass.h) computes the same step as autograd:
    //! from the same initialisation and batches, actions, values and losses agree to float
    //! rounding after 60 updates (the actor moves by far more than that).
    void plainAndLibTorchBackendsAgree()
    {
        QFETCH(int, algorithm);
        QFETCH(double, preTanhPenalty);
        QFETCH(double, cloning);
        OffPolicyConfig config;
        config.algorithm = static_cast<OffPolicyAlgorithm>(algorithm);
        config.stateDim = 3;
        config.actionDim = 2;
        config.actorHidden = {16, 16};
        config.criticHidden = {16, 12};
        config.actorLearningRate = 3e-3;
        config.preTanhPenalty = preTanhPenalty;
        config.seed = 9;
        config.backend = OffPolicyBackend::LibTorch;
        OffPolicyAgent reference(config);
        config.backend = OffPolicyBackend::Plain;
        OffPolicyAgent plain(config);
        QCOMPARE(reference.backend(), OffPolicyBackend::LibTorch);
        QCOMPARE(plain.backend(), OffPolicyBackend::Plain);

        ReplayBuffer buffer(1000, 3, 2, 4);
        std::mt19937 rng(5);
        std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
        for (int i = 0; i < 500; ++i) {
            const std::vector<float> s = {uniform(rng), uniform(rng), uniform(rng)};
            const std::vector<float> a = {uniform(rng), uniform(rng)};
            const std::vector<float> next = {uniform(rng), uniform(rng), uniform(rng)};
            buffer.add(s, a, s[0] - a[0] * a[1], next, i % 17 == 0);
        }
        const float probe[] = {0.2f, -0.5f, 0.7f};
        const std::vector<float> before = plain.act(probe, false);
        ReplayBatch batch;
        OffPolicyUpdateStats referenceStats, plainStats;
        for (int step = 0; step < 60; ++step) {
            buffer.sampleInto(32, batch);
            referenceStats = reference.updateWithBehaviourCloning(batch, cloning);
            plainStats = plain.updateWithBehaviourCloning(batch, cloning);
            if (plainStats.actorUpdated)
                QVERIFY2(std::abs(plainStats.actorLoss - referenceStats.actorLoss) <= 1e-4 * (1 + std::abs(referenceStats.actorLoss)),
                         qPrintable(QString("actor loss: plain %1, LibTorch %2").arg(plainStats.actorLoss).arg(referenceStats.actorLoss)));
            QCOMPARE(plainStats.actorUpdated, referenceStats.actorUpdated);
        }
        const std::vector<float> expected = reference.act(probe, false);
        const std::vector<float> actual = plain.act(probe, false);
        for (std::size_t k = 0; k < 2; ++k) {
            QVERIFY2(std::abs(actual[k] - expected[k]) < 1e-4f,
                     qPrintable(QString("action %1: plain %2, LibTorch %3").arg(k).arg(actual[k]).arg(expected[k])));
        }
        QVERIFY(std::abs(actual[0] - before[0]) + std::abs(actual[1] - before[1]) > 1e-2f); // it learned something
        const float a[] = {0.1f, 0.4f};
        QVERIFY(std::abs(plain.value(probe, a) - reference.value(probe, a)) < 1e-4f);
        QVERIFY(std::abs(plainStats.criticLoss - referenceStats.criticLoss) <= 1e-4 * (1 + referenceStats.criticLoss));
        QVERIFY(std::abs(plainStats.qMean - referenceStats.qMean) < 1e-4);
        QCOMPARE(plainStats.boundFraction.size(), referenceStats.boundFraction.size());
        for (std::size_t k = 0; k < plainStats.actionMean.size(); ++k)
            QVERIFY(std::abs(plainStats.actionMean[k] - referenceStats.actionMean[k]) < 1e-4);
    }

    void behaviourCloningFollowsTheBatchsActions_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::newRow("DDPG (plain)") << static_cast<int>(OffPolicyAlgorithm::Ddpg);
        QTest::newRow("TD3 (plain)") << static_cast<int>(OffPolicyAlgorithm::Td3);
        QTest::newRow("SAC (LibTorch)") << static_cast<int>(OffPolicyAlgorithm::Sac);
    }

    //! TD3+BC (Fujimoto & Gu 2021): the data hold one action (0.6) whose reward does not
    //! depend on it, so Q's slope in the action is extrapolation only; with a small α (λ = α /
    //! mean |Q|) the cloning term dominates and pulls the actor to the data's action, while
    //! without it the actor follows the extrapolated slope elsewhere.
    void behaviourCloningFollowsTheBatchsActions()
    {
        QFETCH(int, algorithm);
        const OffPolicyConfig config = smallConfig(static_cast<OffPolicyAlgorithm>(algorithm), 3);
        OffPolicyAgent cloned(config), plain(config);
        ReplayBuffer buffer(500, 1, 1, 2);
        for (int i = 0; i < 200; ++i) {
            const float s[] = {static_cast<float>(i % 10) / 10.0f}, a[] = {0.6f};
            buffer.add(s, a, 1.0f, s, true);
        }
        ReplayBatch batch;
        for (int step = 0; step < 400; ++step) {
            buffer.sampleInto(32, batch);
            (void)cloned.updateWithBehaviourCloning(batch, 0.05);
            (void)plain.update(batch);
        }
        const float s[] = {0.5f};
        const float clonedAction = cloned.act(s, false)[0];
        QVERIFY2(std::abs(clonedAction - 0.6f) < 0.1f, qPrintable(QString::number(clonedAction)));
        QVERIFY2(std::abs(plain.act(s, false)[0] - 0.6f) > std::abs(clonedAction - 0.6f),
                 qPrintable(QString("plain %1, cloned %2").arg(plain.act(s, false)[0]).arg(clonedAction)));
    }

    void automaticBackendIsPlainForSmallDdpgAndTd3Networks()
    {
        QCOMPARE(OffPolicyAgent(smallConfig(OffPolicyAlgorithm::Td3, 1)).backend(), OffPolicyBackend::Plain);
        QCOMPARE(OffPolicyAgent(smallConfig(OffPolicyAlgorithm::Sac, 1)).backend(), OffPolicyBackend::LibTorch);
        OffPolicyConfig large = smallConfig(OffPolicyAlgorithm::Td3, 1);
        large.criticHidden = {400, 300};
        QCOMPARE(OffPolicyAgent(large).backend(), OffPolicyBackend::LibTorch);
        OffPolicyConfig sacPlain = smallConfig(OffPolicyAlgorithm::Sac, 1);
        sacPlain.backend = OffPolicyBackend::Plain;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, OffPolicyAgent{sacPlain});
    }

    void rewardScalerDividesByTheReturnsSpread()
    {
        RewardScaler scaler(0.5);
        scaler.scale(1.0f, false);        // R = 1
        scaler.scale(1.0f, true);         // R = 1.5, then restart
        const float r = scaler.scale(1.0f, false); // R = 1: returns {1, 1.5, 1}, variance 1/18
        QVERIFY(std::abs(r - 1.0f / std::sqrt(1.0f / 18.0f)) < 1e-3f);
        QVERIFY(scaler.scaled(-2.0f) < 0); // sign kept
    }
};

QTEST_GUILESS_MAIN(TestOffPolicyAgent)
#include "tst_off_policy_agent.moc"
