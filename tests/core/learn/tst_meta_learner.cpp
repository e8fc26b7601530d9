#include "learn/ddpg_agent.h"
#include "learn/deterministic_torch.h"
#include "learn/embedding_math.h"
#include "learn/meta_learner.h"
#include "learn/trajectory_selection.h"
#include "linear_system_task.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace orrery::learn;
using namespace orrery::learn::test;

namespace {

constexpr std::size_t kEpisodes = 16;
constexpr std::size_t kSteps = 12;
constexpr std::size_t kTrainingSteps = 200;
constexpr std::uint64_t kTrainedSeed = 11;

MetaLearnerConfig smallConfig(std::uint64_t seed)
{
    MetaLearnerConfig c;
    c.stateDim = 2;
    c.actionDim = 1;
    c.rnnHidden = 32;
    c.rnnLayers = 2;
    c.fcHidden = 32;
    c.embeddingDim = 8;
    c.bundleSize = 8;
    c.headHidden = 32;
    c.seed = seed;
    return c;
}

MetaTrainingConfig trainingConfig(std::size_t steps)
{
    MetaTrainingConfig c;
    c.steps = steps;
    c.learningRate = 3e-3;
    c.targetTransitions = 48;
    c.seed = 5;
    return c;
}

//! The training set: θ ∈ {−0.8, −0.4, 0, 0.4, 0.8}, and θ = 0.4 twice (seeds 104 and 204).
std::vector<EnvironmentTrajectories> trainingEnvironments()
{
    std::vector<EnvironmentTrajectories> out;
    const double thetas[] = {-0.8, -0.4, 0.0, 0.4, 0.8};
    for (std::size_t i = 0; i < std::size(thetas); ++i)
        out.push_back(linearSystemEnvironment(thetas[i], kEpisodes, kSteps, 100 + i));
    out.push_back(linearSystemEnvironment(0.4, kEpisodes, kSteps, 204));
    return out;
}

EpisodeTrajectory episodeWithReturns(std::initializer_list<float> rewards)
{
    EpisodeTrajectory e;
    e.stateDim = 1;
    e.actionDim = 1;
    for (float r : rewards) {
        e.states.push_back(r);
        e.actions.push_back(0);
        e.rewards.push_back(r);
    }
    return e;
}

QByteArray bytesOf(const std::vector<float>& values)
{
    return QByteArray(reinterpret_cast<const char*>(values.data()), static_cast<qsizetype>(values.size() * sizeof(float)));
}

//! cos(same pair) − max cos(either of the pair, different): > 0 when the identical environments
//! are closer to each other than to the different one.
struct Margin {
    double same = 0;
    double different = 0;
    [[nodiscard]] double value() const { return same - different; }
};

Margin margin(const MetaLearner& learner, const EnvironmentTrajectories& a, const EnvironmentTrajectories& a2,
              const EnvironmentTrajectories& b)
{
    const std::vector<float> ea = learner.adaptationEmbedding(a.episodes);
    const std::vector<float> ea2 = learner.adaptationEmbedding(a2.episodes);
    const std::vector<float> eb = learner.adaptationEmbedding(b.episodes);
    return {cosineSimilarity(ea, ea2), std::max(cosineSimilarity(ea, eb), cosineSimilarity(ea2, eb))};
}

} // namespace

//! MetaLearner and its helpers: shapes, determinism, checkpoints, top-M selection, and that
//! meta-training makes the embedding tell environments apart.
class TestMetaLearner : public QObject {
    Q_OBJECT

private slots:
    void init() { makeTorchDeterministic(1); }

    void embeddingHasTheConfiguredSize()
    {
        const MetaLearner learner(smallConfig(1));
        const auto environment = linearSystemEnvironment(0.3, 3, 5, 1);
        QCOMPARE(learner.embed(environment.episodes).size(), std::size_t{8});
        MetaLearner paper(MetaLearnerConfig{});
        QCOMPARE(paper.config().rnnHidden, std::size_t{256});
        QCOMPARE(paper.config().bundleSize, std::size_t{20});
        EpisodeTrajectory firm;
        firm.stateDim = 8;
        firm.actionDim = 5;
        firm.states.assign(8 * 4, 0.5f);
        firm.actions.assign(5 * 4, 0.1f);
        firm.rewards.assign(4, 1.0f);
        QCOMPARE(paper.embed(std::span(&firm, 1)).size(), std::size_t{64});
    }

    void rejectsBadBundles()
    {
        const MetaLearner learner(smallConfig(1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)learner.embed({}));
        const auto many = linearSystemEnvironment(0.3, 9, 5, 1); // M is 8
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)learner.embed(many.episodes));
        QCOMPARE(learner.adaptationEmbedding(many.episodes).size(), std::size_t{8}); // selects 8 of 9
        const EpisodeTrajectory wrong = episodeWithReturns({1, 2});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)learner.embed(std::span(&wrong, 1)));
        MetaLearner trainee(smallConfig(1));
        std::vector<EnvironmentTrajectories> oneStep{linearSystemEnvironment(0.3, 3, 1, 1)};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainee.train(oneStep, trainingConfig(1)));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainee.train({}, trainingConfig(1)));
    }

    void bundleOrderDoesNotMatter()
    {
        // Episodes of different lengths (zero-padded and packed in one batch): the embedding is the
        // same for any order of the bundle, and a duplicated bundle averages to the same embedding.
        const MetaLearner learner(smallConfig(2));
        const auto shortOnes = linearSystemEnvironment(0.5, 2, 3, 7);
        const auto longOnes = linearSystemEnvironment(0.5, 2, 11, 8);
        const std::vector<EpisodeTrajectory> forward{shortOnes.episodes[0], longOnes.episodes[0], shortOnes.episodes[1],
                                                     longOnes.episodes[1]};
        const std::vector<EpisodeTrajectory> backward(forward.rbegin(), forward.rend());
        std::vector<EpisodeTrajectory> twice = forward;
        twice.insert(twice.end(), forward.begin(), forward.end());
        const std::vector<float> a = learner.embed(forward);
        const std::vector<float> b = learner.embed(backward);
        const std::vector<float> c = learner.embed(twice);
        for (std::size_t i = 0; i < a.size(); ++i) {
            QVERIFY(std::abs(a[i] - b[i]) < 1e-5f);
            QVERIFY(std::abs(a[i] - c[i]) < 1e-5f);
        }
        // …but the content does: another environment's episodes give another embedding.
        const auto other = linearSystemEnvironment(-0.5, 4, 7, 9);
        QVERIFY(cosineSimilarity(a, learner.embed(other.episodes)) < 1.0 - 1e-6);
        // Explicit zero steps appended to an episode are data, not padding: they change it.
        EpisodeTrajectory padded = forward[0];
        padded.states.resize(padded.states.size() + 2 * 4, 0.0f);
        padded.actions.resize(padded.actions.size() + 4, 0.0f);
        padded.rewards.resize(padded.rewards.size() + 4, 0.0f);
        QVERIFY(bytesOf(learner.embed(std::span(&padded, 1))) != bytesOf(learner.embed(std::span(&forward[0], 1))));
    }

    void sameSeedGivesIdenticalEmbeddings()
    {
        const auto environments = trainingEnvironments();
        const auto run = [&](std::uint64_t seed) {
            MetaLearner learner(smallConfig(seed));
            learner.train(environments, trainingConfig(5));
            return bytesOf(learner.adaptationEmbedding(environments[2].episodes));
        };
        QCOMPARE(run(3), run(3));
        QVERIFY(run(3) != run(4));
        // Untrained, too; and the global generator is left alone.
        {
            makeTorchDeterministic(1);
            const auto& episodes = environments[0].episodes;
            const QByteArray first = bytesOf(MetaLearner(smallConfig(3)).adaptationEmbedding(episodes));
            makeTorchDeterministic(99); // another global seed must not change a seeded learner
            QCOMPARE(bytesOf(MetaLearner(smallConfig(3)).adaptationEmbedding(episodes)), first);
        }
    }

    void checkpointRoundTrips()
    {
        const auto environments = trainingEnvironments();
        MetaLearner trained(smallConfig(6));
        trained.train(environments, trainingConfig(10));
        const std::string bytes = trained.saveBytes();
        MetaLearner restored(smallConfig(7)); // other initial weights
        const auto& episodes = environments[1].episodes;
        QVERIFY(bytesOf(restored.adaptationEmbedding(episodes)) != bytesOf(trained.adaptationEmbedding(episodes)));
        restored.loadBytes(bytes);
        QCOMPARE(restored.trainingSteps(), std::size_t{10});
        QCOMPARE(bytesOf(restored.adaptationEmbedding(episodes)), bytesOf(trained.adaptationEmbedding(episodes)));
        const std::vector<float> e = trained.adaptationEmbedding(episodes);
        const float s[] = {0.2f, -0.1f};
        const float a[] = {0.5f};
        QCOMPARE(bytesOf(restored.predict(e, s, a)), bytesOf(trained.predict(e, s, a)));
        // Another bundle size reads the same weights.
        MetaLearnerConfig biggerBundle = smallConfig(7);
        biggerBundle.bundleSize = 20;
        MetaLearner(biggerBundle).loadBytes(bytes);

        QVERIFY_THROWS_EXCEPTION(std::runtime_error, restored.loadBytes("not a checkpoint"));
        MetaLearnerConfig wider = smallConfig(7);
        wider.rnnHidden = 16;
        MetaLearner other(wider);
        try {
            other.loadBytes(bytes);
            QFAIL("a checkpoint of another width loaded");
        } catch (const std::runtime_error& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains("GRU hidden 32") && message.contains("GRU hidden 16"), qPrintable(message));
        }
        // A DDPG checkpoint is not a meta learner's.
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, restored.loadBytes(DdpgAgent(DdpgConfig{}).saveBytes()));
    }

    void topTrajectoriesHaveTheHighestReturns()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::vector<double> returns{1.0, 5.0, nan, 3.0, 5.0, -2.0, 4.0};
        QCOMPARE(topReturnIndices(returns, 3), (std::vector<std::size_t>{1, 4, 6}));
        QCOMPARE(topReturnIndices(returns, 7), (std::vector<std::size_t>{1, 4, 6, 3, 0, 5, 2}));
        QCOMPARE(topReturnIndices(returns, 100).size(), std::size_t{7});
        QVERIFY(topReturnIndices(returns, 0).empty());

        const std::vector<EpisodeTrajectory> episodes{episodeWithReturns({1, 1}), episodeWithReturns({-3}),
                                                      episodeWithReturns({2, 2, 2}), episodeWithReturns({0.5f, 1.5f}),
                                                      episodeWithReturns({10, -9})};
        const std::vector<EpisodeTrajectory> top = selectTopTrajectories(episodes, 3);
        QCOMPARE(top.size(), std::size_t{3});
        QCOMPARE(top[0].totalReward(), 6.0);        // {2, 2, 2}
        QCOMPARE(top[1].rewards, episodes[0].rewards); // 2, first of the tie
        QCOMPARE(top[2].rewards, episodes[3].rewards); // 2, second of the tie
    }

    void splitsStoredTransitionsIntoEpisodes()
    {
        // The column layout of store::TrajectoryData: episodes 3, 3, 4, 7, 7, 7.
        const std::vector<std::int32_t> episodeNumbers{3, 3, 4, 7, 7, 7};
        std::vector<float> states, actions;
        std::vector<double> rewards;
        for (int i = 0; i < 6; ++i) {
            states.insert(states.end(), {float(i), float(10 * i)});
            actions.push_back(float(-i));
            rewards.push_back(0.5 * i);
        }
        const auto episodes = splitEpisodes(2, 1, episodeNumbers, states, actions, rewards);
        QCOMPARE(episodes.size(), std::size_t{3});
        QCOMPARE(episodes[0].size(), std::size_t{2});
        QCOMPARE(episodes[1].size(), std::size_t{1});
        QCOMPARE(episodes[2].size(), std::size_t{3});
        QCOMPARE(episodes[2].state(1)[1], 40.0f);
        QCOMPARE(episodes[2].action(2)[0], -5.0f);
        QCOMPARE(episodes[1].rewards[0], 1.0f);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 (void)splitEpisodes(3, 1, episodeNumbers, states, actions, rewards));
    }

    void metaTrainingSeparatesEnvironments()
    {
        const auto environments = trainingEnvironments();
        const auto& same = environments[3];   // θ = 0.4
        const auto& same2 = environments[5];  // θ = 0.4, other episodes
        const auto& different = environments[2]; // θ = 0, the nearest other parameter
        const Margin before = margin(MetaLearner(smallConfig(kTrainedSeed)), same, same2, different);
        const MetaLearner& learner = trained();
        const std::vector<double>& losses = m_losses;
        const Margin after = margin(learner, same, same2, different);
        qInfo("meta-training: %zu steps in %lld ms, loss %.4f -> %.4f; cos(same) %.4f -> %.4f, "
              "max cos(different) %.4f -> %.4f",
              kTrainingSteps, m_trainingMs, losses.front(), losses.back(), before.same, after.same, before.different,
              after.different);
        QCOMPARE(losses.size(), kTrainingSteps);
        QVERIFY(losses.back() < 0.25 * losses.front());
        QVERIFY2(after.value() > 0, "after meta-training the identical pair is not the closest");
        QVERIFY2(after.value() > before.value() + 0.05, "meta-training did not widen the margin");

        // The embedding carries what the head needs: conditioned on the right environment the
        // prediction of held-out transitions beats the prediction conditioned on a wrong one.
        const auto heldOut = linearSystemEnvironment(-0.8, 4, kSteps, 900);
        const std::vector<float> right = learner.adaptationEmbedding(environments[0].episodes); // θ = −0.8
        const std::vector<float> wrong = learner.adaptationEmbedding(environments[4].episodes); // θ = 0.8
        double errorRight = 0, errorWrong = 0;
        for (const EpisodeTrajectory& e : heldOut.episodes) {
            for (std::size_t t = 0; t + 1 < e.size(); ++t) {
                const auto pr = learner.predict(right, e.state(t), e.action(t));
                const auto pw = learner.predict(wrong, e.state(t), e.action(t));
                errorRight += std::pow(pr[0] - e.rewards[t], 2) + std::pow(pr[1] - e.state(t + 1)[0], 2);
                errorWrong += std::pow(pw[0] - e.rewards[t], 2) + std::pow(pw[1] - e.state(t + 1)[0], 2);
            }
        }
        QVERIFY2(errorRight < 0.5 * errorWrong, qPrintable(QString("%1 vs %2").arg(errorRight).arg(errorWrong)));
    }

    void kShotEmbeddingIsNearestTheNearestParameter_data()
    {
        QTest::addColumn<double>("theta");
        QTest::addColumn<int>("nearest"); // index into trainingEnvironments()
        QTest::newRow("-0.7 near -0.8") << -0.7 << 0;
        QTest::newRow("-0.3 near -0.4") << -0.3 << 1;
        QTest::newRow("0.7 near 0.8") << 0.7 << 4;
    }

    void kShotEmbeddingIsNearestTheNearestParameter()
    {
        QFETCH(double, theta);
        QFETCH(int, nearest);
        const MetaLearner& learner = trained();
        const auto environments = trainingEnvironments();
        // A held-out environment, five episodes of a random policy: the k shots.
        const auto novel = linearSystemEnvironment(theta, 5, kSteps, 4242);
        const std::vector<float> shot = learner.adaptationEmbedding(novel.episodes);
        std::size_t best = 0;
        double bestSimilarity = -2;
        QString table;
        for (std::size_t i = 0; i < environments.size(); ++i) {
            const double similarity = cosineSimilarity(shot, learner.adaptationEmbedding(environments[i].episodes));
            table += QString(" %1:%2").arg(i).arg(similarity, 0, 'f', 4);
            if (similarity > bestSimilarity) {
                bestSimilarity = similarity;
                best = i;
            }
        }
        QVERIFY2(best == std::size_t(nearest), qPrintable(table));
    }

    void conditionsTheBaseLearner()
    {
        const float state[] = {1, 2, 3};
        const float embedding[] = {7, 8};
        QCOMPARE(conditionedState(state, embedding), (std::vector<float>{1, 2, 3, 7, 8}));
        DdpgConfig base;
        base.stateDim = 3;
        base.actionDim = 2;
        const DdpgConfig conditioned = conditionedDdpgConfig(base, 2);
        QCOMPARE(conditioned.stateDim, std::size_t{5});
        QCOMPARE(conditioned.actionDim, std::size_t{2});
        DdpgAgent agent(conditioned);
        const float other[] = {-7, 0};
        const auto a = agent.actWithTorch(conditionedState(state, embedding));
        const auto b = agent.actWithTorch(conditionedState(state, other));
        QCOMPARE(a.size(), std::size_t{2});
        QVERIFY(a != b); // the actor reads the embedding
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)agent.act(state, false));

        QCOMPARE(cosineSimilarity(std::vector<float>{1, 0}, std::vector<float>{0, 1}), 0.0);
        QCOMPARE(cosineSimilarity(std::vector<float>{1, 2}, std::vector<float>{2, 4}), 1.0);
        QCOMPARE(cosineSimilarity(std::vector<float>{1, 2}, std::vector<float>{-1, -2}), -1.0);
        QCOMPARE(cosineSimilarity(std::vector<float>{0, 0}, std::vector<float>{1, 2}), 0.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 (void)cosineSimilarity(std::vector<float>{1}, std::vector<float>{1, 2}));
    }

private:
    //! The learner both training tests read, meta-trained once (kTrainingSteps on the training set).
    const MetaLearner& trained()
    {
        if (!m_trained) {
            makeTorchDeterministic(1);
            m_trained = std::make_unique<MetaLearner>(smallConfig(kTrainedSeed));
            QElapsedTimer timer;
            timer.start();
            m_trained->train(trainingEnvironments(), trainingConfig(kTrainingSteps), [this](const MetaTrainingProgress& p) {
                m_losses.push_back(p.loss);
                return true;
            });
            m_trainingMs = timer.elapsed();
        }
        return *m_trained;
    }

    std::unique_ptr<MetaLearner> m_trained;
    std::vector<double> m_losses;
    qint64 m_trainingMs = 0;
};

QTEST_GUILESS_MAIN(TestMetaLearner)
#include "tst_meta_learner.moc"
