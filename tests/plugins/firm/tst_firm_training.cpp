// FIRM's training through PluginRegistry::trainControl on a tiny fake environment: the reward
// improves within a fixed seeded budget, runs are deterministic per seed, checkpoints load into
// policies that act as the final model does, early termination and cancel are honoured, and
// transfer learning starts from a one-for-all model.
#include "fake_limit_environment.h"
#include "firm_model.h"
#include "orrery_plugin_firm.h"
#include "policy/plugin_registry.h"

#include <QtTest>

#include <numeric>

using namespace orrery;

namespace {

struct Run {
    policy::TrainingResult result;
    std::vector<policy::ControlEpisodeReport> episodes;
    std::vector<std::pair<std::uint32_t, std::vector<std::uint8_t>>> checkpoints;
};

Run train(policy::Environment& environment, policy::ControlTrainingConfig config,
          std::vector<std::pair<std::string, std::string>> params = {}, int stopAfter = 0)
{
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_firm_descriptor());
    model::PolicyChoice choice;
    choice.plugin = "firm";
    choice.fieldPath = "train";
    for (const auto& [name, value] : params)
        choice.params.push_back({name, value, {}});
    Run run;
    policy::ControlTrainingProgress progress;
    progress.onEpisode = [&run, stopAfter](const policy::ControlEpisodeReport& report) {
        run.episodes.push_back(report);
        return stopAfter == 0 || static_cast<int>(report.episode) < stopAfter;
    };
    progress.onCheckpoint = [&run](std::uint32_t episode, const std::vector<std::uint8_t>& model,
                                   const std::vector<std::pair<std::string, double>>&) {
        run.checkpoints.emplace_back(episode, model);
    };
    policy::PolicyContext context;
    run.result = registry.trainControl(choice, environment, config, progress, context);
    return run;
}

std::vector<policy::ControlAction> decideWith(const std::vector<std::uint8_t>& model, const policy::Observation& o)
{
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_firm_descriptor());
    model::PolicyChoice choice;
    choice.plugin = "firm";
    choice.fieldPath = "control";
    policy::PolicyContext context;
    context.model = &model;
    return registry.createControl(choice, context)->decide(o);
}

std::vector<double> limits(const std::vector<policy::ControlAction>& actions)
{
    std::vector<double> values;
    for (const auto& action : actions)
        values.push_back(action.value);
    return values;
}

double meanReward(const std::vector<policy::ControlEpisodeReport>& episodes, std::size_t from, std::size_t to)
{
    double sum = 0;
    for (std::size_t i = from; i < to; ++i)
        sum += episodes[i].meanReward;
    return sum / static_cast<double>(to - from);
}

policy::ControlTrainingConfig smallConfig(std::uint32_t episodes, std::uint32_t steps)
{
    policy::ControlTrainingConfig config;
    config.episodes = episodes;
    config.stepsPerEpisode = steps;
    config.seed = 7;
    return config;
}

} // namespace

class TestFirmTraining : public QObject {
    Q_OBJECT

private slots:
    void improvesRewardWithinSeededBudget_data()
    {
        QTest::addColumn<QString>("learner");
        QTest::addColumn<QString>("warmup");
        QTest::newRow("seed-ddpg") << "seed-ddpg" << "0";
        QTest::newRow("td3, random warm-up") << "td3" << "200";
        QTest::newRow("ddpg of the learning core, random warm-up") << "ddpg" << "200";
    }

    void improvesRewardWithinSeededBudget()
    {
        QFETCH(QString, learner);
        QFETCH(QString, warmup);
        testing::FakeLimitEnvironment environment;
        const Run run = train(environment, smallConfig(40, 50),
                              {{"learner", learner.toStdString()}, {"warmupSteps", warmup.toStdString()}});
        QCOMPARE(plugins::firm::FirmModel::fromBytes(run.result.model).learner,
                 *plugins::firm::firmLearnerNamed(learner.toStdString()));
        QCOMPARE(run.episodes.size(), std::size_t(40));
        const double first = meanReward(run.episodes, 0, 5);
        const double last = meanReward(run.episodes, 35, 40);
        qInfo("mean step reward: first 5 episodes %.3f, last 5 %.3f (max 5)", first, last);
        QVERIFY2(last > first + 0.5, qPrintable(QString("%1 → %2").arg(first).arg(last)));
        QCOMPARE(environment.seeds().front(), std::uint64_t(7)); // reset(seed + episode − 1)
        QCOMPARE(environment.seeds().back(), std::uint64_t(46));
    }

    void deterministicForSeed()
    {
        // Compared by behaviour: LibTorch archives are not byte-stable across saves.
        testing::FakeLimitEnvironment a;
        testing::FakeLimitEnvironment b;
        const Run first = train(a, smallConfig(4, 40));
        const Run second = train(b, smallConfig(4, 40));
        QCOMPARE(first.episodes.size(), second.episodes.size());
        for (std::size_t i = 0; i < first.episodes.size(); ++i)
            QCOMPARE(first.episodes[i].reward, second.episodes[i].reward);
        testing::FakeLimitEnvironment probe;
        const policy::Observation o = probe.reset(0);
        QCOMPARE(limits(decideWith(first.result.model, o)), limits(decideWith(second.result.model, o)));
        testing::FakeLimitEnvironment c;
        auto other = smallConfig(4, 40);
        other.seed = 8;
        QVERIFY(limits(decideWith(train(c, other).result.model, o)) != limits(decideWith(first.result.model, o)));
    }

    //! rewardGate: slo reaches the learner, with either reward: the same seed learns otherwise
    //! wherever the target misses its SLO (CPU limits below 2 here).
    void sloGateChangesWhatIsLearned_data()
    {
        QTest::addColumn<QString>("reward");
        QTest::newRow("firm") << "firm";
        QTest::newRow("environment") << "environment";
    }
    void sloGateChangesWhatIsLearned()
    {
        QFETCH(QString, reward);
        testing::FakeLimitEnvironment a;
        testing::FakeLimitEnvironment b;
        const Run plain = train(a, smallConfig(4, 40), {{"reward", reward.toStdString()}, {"rewardGate", "none"}});
        const Run gated = train(b, smallConfig(4, 40), {{"reward", reward.toStdString()}, {"rewardGate", "slo"}});
        testing::FakeLimitEnvironment probe;
        const policy::Observation o = probe.reset(0);
        QVERIFY(limits(decideWith(plain.result.model, o)) != limits(decideWith(gated.result.model, o)));
    }

    void parallelRolloutsGiveTheSameModelForAnyThreadCount()
    {
        // Three environments side by side (policy API 1.8): episodes 1–7 in rounds of three, the
        // first environment running 1, 4 and 7; the same rewards and model on 1, 2 or 3 threads.
        const std::vector<std::pair<std::string, std::string>> params = {{"environments", "3"}, {"learner", "td3"}};
        std::vector<Run> runs;
        std::vector<std::vector<std::uint64_t>> firstSeeds;
        for (const std::uint32_t threads : {1u, 2u, 3u}) {
            testing::FakeLimitEnvironment environment(0, true);
            auto config = smallConfig(7, 20);
            config.threads = threads;
            config.checkpointEvery = 2;
            runs.push_back(train(environment, config, params));
            firstSeeds.push_back(environment.seeds());
        }
        QCOMPARE(firstSeeds.front(), (std::vector<std::uint64_t>{7, 10, 13}));
        testing::FakeLimitEnvironment probe;
        const policy::Observation o = probe.reset(0);
        for (const Run& run : runs) {
            QCOMPARE(run.episodes.size(), std::size_t{7});
            for (std::size_t i = 0; i < run.episodes.size(); ++i) {
                QCOMPARE(run.episodes[i].episode, static_cast<std::uint32_t>(i + 1)); // reported in episode order
                QCOMPARE(run.episodes[i].reward, runs.front().episodes[i].reward);
                QCOMPARE(run.episodes[i].steps, 20u);
            }
            QCOMPARE(limits(decideWith(run.result.model, o)), limits(decideWith(runs.front().result.model, o)));
            QCOMPARE(run.checkpoints.size(), std::size_t{3}); // episodes 2, 4 and 6
            QCOMPARE(run.checkpoints.back().first, 6u);
        }
        // The environments really differ: the second episode's reward is not the first's.
        QVERIFY(runs.front().episodes[0].reward != runs.front().episodes[1].reward);

        // One environment is the seed's loop, and a different model from three.
        testing::FakeLimitEnvironment single(0, true);
        const Run one = train(single, smallConfig(7, 20), {{"environments", "1"}, {"learner", "td3"}});
        QCOMPARE(single.seeds().size(), std::size_t{7});
        QVERIFY(limits(decideWith(one.result.model, o)) != limits(decideWith(runs.front().result.model, o)));
    }

    void parallelRolloutsNeedSiblings()
    {
        testing::FakeLimitEnvironment environment; // cannot make siblings, as a live cluster cannot
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, train(environment, smallConfig(2, 5), {{"environments", "2"}}));
        try {
            train(environment, smallConfig(2, 5), {{"environments", "2"}});
        } catch (const policy::PluginError& error) {
            QVERIFY2(QString(error.what()).contains("environments 2 needs an environment that can run side by side"), error.what());
        }
    }

    void checkpointsActLikeTheFinalModel()
    {
        testing::FakeLimitEnvironment environment;
        auto config = smallConfig(6, 30);
        config.checkpointEvery = 3;
        const Run run = train(environment, config);
        QCOMPARE(run.checkpoints.size(), std::size_t(2));
        QCOMPARE(run.checkpoints[0].first, 3u);
        QCOMPARE(run.checkpoints[1].first, 6u);
        QCOMPARE(run.checkpoints[1].second.size(), run.result.model.size());

        testing::FakeLimitEnvironment probe;
        const policy::Observation o = probe.reset(0);
        const auto fromCheckpoint = decideWith(run.checkpoints[1].second, o);
        const auto fromFinal = decideWith(run.result.model, o);
        QVERIFY(!fromFinal.empty());
        QCOMPARE(fromCheckpoint.size(), fromFinal.size());
        for (std::size_t i = 0; i < fromFinal.size(); ++i) {
            QVERIFY(fromCheckpoint[i].resource == fromFinal[i].resource);
            QCOMPARE(fromCheckpoint[i].value, fromFinal[i].value); // bit-identical
        }
        // The earlier checkpoint is an earlier policy.
        QVERIFY(limits(decideWith(run.checkpoints[0].second, o)) != limits(fromFinal));
    }

    void honoursEarlyTerminationAndCancel()
    {
        testing::FakeLimitEnvironment environment(/*doneAfter=*/7);
        const Run run = train(environment, smallConfig(5, 30), {}, /*stopAfter=*/3);
        QCOMPARE(run.episodes.size(), std::size_t(3));
        for (const auto& episode : run.episodes) {
            QCOMPARE(episode.steps, 7u);
            QVERIFY(episode.terminatedEarly);
        }
        QVERIFY(!run.result.model.empty());
    }

    void modes()
    {
        testing::FakeLimitEnvironment environment;
        const Run base = train(environment, smallConfig(2, 40));
        QVERIFY(plugins::firm::FirmModel::fromBytes(base.result.model).mode == policy::ControlTrainingMode::OneForAll);

        auto each = smallConfig(2, 40);
        each.mode = policy::ControlTrainingMode::OneForEach;
        const auto eachModel = plugins::firm::FirmModel::fromBytes(train(environment, each).result.model);
        QCOMPARE(eachModel.agents.size(), std::size_t(1));
        QCOMPARE(eachModel.agents.front().first, std::string("svc"));

        auto transfer = smallConfig(1, 1); // one step: the per-target agent is still the base (no update yet)
        transfer.mode = policy::ControlTrainingMode::Transfer;
        transfer.baseModel = &base.result.model;
        const auto transferred = plugins::firm::FirmModel::fromBytes(train(environment, transfer).result.model);
        QCOMPARE(transferred.agents.size(), std::size_t(2)); // the base ("") and "svc"
        testing::FakeLimitEnvironment probe;
        const policy::Observation o = probe.reset(0);
        const auto fromBase = decideWith(base.result.model, o);
        const auto fromTransfer = decideWith(transferred.toBytes(), o);
        QCOMPARE(fromBase.size(), fromTransfer.size());
        for (std::size_t i = 0; i < fromBase.size(); ++i)
            QCOMPARE(fromBase[i].value, fromTransfer[i].value);

        transfer.baseModel = nullptr;
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, (void)train(environment, transfer));
    }
};

QTEST_GUILESS_MAIN(TestFirmTraining)
#include "tst_firm_training.moc"
