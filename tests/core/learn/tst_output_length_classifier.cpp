#include "learn/deterministic_torch.h"
#include "learn/length_features.h"
#include "learn/output_length_classifier.h"
#include "learn/seeded_random.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <stdexcept>

using namespace orrery::learn;

namespace {

//! Rows of three features and two groups whose length is 10^(1 + 3·x₀), times 4 in group 1, so
//! each row's percentile class (per group) is decided by x₀; feature 1 is noise and feature 2 is
//! the group (the regressions predict the length itself, so they need it; the bench's one-hot).
struct Samples {
    std::vector<float> features;
    std::vector<std::uint32_t> groups;
    std::vector<double> lengths;
};

Samples synthetic(std::size_t rows, std::uint64_t seed)
{
    SeededRandom random(seed);
    Samples out;
    for (std::size_t i = 0; i < rows; ++i) {
        const double x0 = random.uniform();
        const double x1 = random.uniform();
        const auto group = static_cast<std::uint32_t>(i % 2);
        out.features.push_back(static_cast<float>(x0));
        out.features.push_back(static_cast<float>(x1));
        out.features.push_back(static_cast<float>(group));
        out.groups.push_back(group);
        out.lengths.push_back(std::floor(std::pow(10.0, 1.0 + 3.0 * x0) * (group == 1 ? 4.0 : 1.0)));
    }
    return out;
}

OutputLengthClassifierConfig config(LengthObjective objective, std::uint64_t seed = 1)
{
    OutputLengthClassifierConfig c;
    c.objective = objective;
    c.inputDim = 3;
    c.groups = 2;
    c.hiddenUnits = 32;
    c.epochs = 60;
    c.batchSize = 64;
    c.learningRate = 3e-3;
    c.seed = seed;
    return c;
}

//! Runs `f`, which must throw E whose message contains `needle`.
template <typename E, typename F>
bool throwsNaming(F&& f, const char* needle)
{
    try {
        f();
    } catch (const E& e) {
        if (std::strstr(e.what(), needle) != nullptr)
            return true;
        qWarning("message \"%s\" does not name \"%s\"", e.what(), needle);
        return false;
    }
    qWarning("nothing thrown (expected a message naming \"%s\")", needle);
    return false;
}

} // namespace

//! OutputLengthClassifier (seed 001 §6.3.3, Table 6.2): learns a rule, is repeatable, rejects bad input.
class TestOutputLengthClassifier : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { makeTorchDeterministic(1); }

    void percentileClassesUseTheLowerOrderStatistic()
    {
        std::vector<double> lengths(100);
        for (std::size_t i = 0; i < lengths.size(); ++i)
            lengths[i] = static_cast<double>(99 - i); // order must not matter
        const auto b = OutputLengthClassifier::percentileBoundaries(lengths);
        QCOMPARE(b[0], 24.0); // ⌊0.25 · 99⌋
        QCOMPARE(b[1], 49.0);
        QCOMPARE(b[2], 74.0);
        QCOMPARE(b[3], 98.0);
        QCOMPARE(OutputLengthClassifier::classIn(b, 23), 0);
        QCOMPARE(OutputLengthClassifier::classIn(b, 24), 1);
        QCOMPARE(OutputLengthClassifier::classIn(b, 74), 3);
        QCOMPARE(OutputLengthClassifier::classIn(b, 98), 4);
        QCOMPARE(OutputLengthClassifier::classIn(b, 1e9), 4);
    }

    void learnsASyntheticRule_data()
    {
        QTest::addColumn<int>("objective");
        QTest::addColumn<double>("minimum");
        QTest::newRow("ord-mse") << int(LengthObjective::OrdinalMse) << 0.9;
        QTest::newRow("ord-l1") << int(LengthObjective::OrdinalL1) << 0.9;
        QTest::newRow("cls-ce") << int(LengthObjective::CrossEntropy) << 0.9; // with resampling
        QTest::newRow("reg-mse") << int(LengthObjective::RegressionMse) << 0.9;
        QTest::newRow("reg-l1") << int(LengthObjective::RegressionL1) << 0.9;
    }

    void learnsASyntheticRule()
    {
        QFETCH(int, objective);
        QFETCH(double, minimum);
        const Samples train = synthetic(3000, 1);
        const Samples test = synthetic(2000, 2);
        OutputLengthClassifier classifier(config(static_cast<LengthObjective>(objective)));
        const LengthTrainingReport report = classifier.fit(train.features, train.groups, train.lengths);
        QCOMPARE(report.rows, train.lengths.size());
        QVERIFY(report.steps > 0);
        QVERIFY(classifier.trained());
        std::vector<int> truth;
        for (std::size_t i = 0; i < test.lengths.size(); ++i)
            truth.push_back(classifier.classOf(test.groups[i], test.lengths[i]));
        const std::vector<int> predicted = classifier.predictClasses(test.features, test.groups);
        const LengthClassMetrics m
            = evaluateLengthClasses(truth, predicted, test.groups, classifier.scores(test.features, test.groups));
        qInfo("%s: accuracy %.4f, macro F1 %.4f, τ-b %.4f, pairwise ranking %.4f, loss %.4f",
              objectiveName(static_cast<LengthObjective>(objective)).data(), m.accuracy, m.macroF1, m.kendallTau,
              m.pairwiseRanking, report.finalLoss);
        QVERIFY2(m.accuracy >= minimum, qPrintable(QString::number(m.accuracy)));
        QVERIFY(m.kendallTau > 0.9);
        QVERIFY(m.pairwiseRanking > 0.95);
        // The boundaries are the training lengths' percentiles, per group.
        std::vector<double> group1;
        for (std::size_t i = 0; i < train.lengths.size(); ++i)
            if (train.groups[i] == 1)
                group1.push_back(train.lengths[i]);
        QVERIFY(classifier.boundaries(1) == OutputLengthClassifier::percentileBoundaries(group1));
    }

    void bitIdenticalAcrossRunsWithTheSameSeed()
    {
        const Samples train = synthetic(1000, 3);
        const Samples test = synthetic(500, 4);
        for (const auto objective : {LengthObjective::OrdinalMse, LengthObjective::CrossEntropy}) {
            auto c = config(objective, 7);
            c.epochs = 10;
            std::vector<std::vector<double>> scores;
            std::vector<double> losses;
            for (int run = 0; run < 2; ++run) {
                makeTorchDeterministic(static_cast<std::uint64_t>(100 + run)); // the global seed must not matter
                OutputLengthClassifier classifier(c);
                losses.push_back(classifier.fit(train.features, train.groups, train.lengths).finalLoss);
                scores.push_back(classifier.scores(test.features, test.groups));
            }
            QCOMPARE(scores[0].size(), test.lengths.size());
            QVERIFY(std::memcmp(scores[0].data(), scores[1].data(), scores[0].size() * sizeof(double)) == 0);
            QVERIFY(std::memcmp(&losses[0], &losses[1], sizeof(double)) == 0);

            c.seed = 8;
            OutputLengthClassifier other(c);
            other.fit(train.features, train.groups, train.lengths);
            QVERIFY(other.scores(test.features, test.groups) != scores[0]);
        }
    }

    void rejectsBadInput()
    {
        const Samples s = synthetic(20, 5);
        OutputLengthClassifier classifier(config(LengthObjective::OrdinalMse));
        QVERIFY(throwsNaming<std::invalid_argument>([&] { classifier.fit({}, {}, {}); }, "empty data"));
        QVERIFY(throwsNaming<std::invalid_argument>(
            [&] { classifier.fit(std::span(s.features).first(s.features.size() - 1), s.groups, s.lengths); },
            "feature values"));
        QVERIFY(throwsNaming<std::invalid_argument>(
            [&] { classifier.fit(s.features, std::span(s.groups).first(10), s.lengths); }, "10 groups for 20 lengths"));
        std::vector<std::uint32_t> badGroups = s.groups;
        badGroups[3] = 2;
        QVERIFY(throwsNaming<std::invalid_argument>([&] { classifier.fit(s.features, badGroups, s.lengths); },
                                                    "row 3 has group 2"));
        std::vector<std::uint32_t> oneGroup(s.groups.size(), 0);
        QVERIFY(throwsNaming<std::invalid_argument>([&] { classifier.fit(s.features, oneGroup, s.lengths); },
                                                    "group 1 has no training rows"));
        std::vector<double> badLengths = s.lengths;
        badLengths[4] = -1;
        QVERIFY(throwsNaming<std::invalid_argument>([&] { classifier.fit(s.features, s.groups, badLengths); },
                                                    "length of row 4"));
        std::vector<float> badFeatures = s.features;
        badFeatures[7] = std::nanf("");
        QVERIFY(throwsNaming<std::invalid_argument>([&] { classifier.fit(badFeatures, s.groups, s.lengths); },
                                                    "feature 1 of row 2 is not finite"));
        QVERIFY(throwsNaming<std::logic_error>([&] { (void)classifier.predictClasses(s.features, s.groups); },
                                               "not been trained"));
        QVERIFY(!classifier.trained());
        auto c = config(LengthObjective::OrdinalMse);
        c.inputDim = 0;
        QVERIFY(throwsNaming<std::invalid_argument>([&] { OutputLengthClassifier bad(c); }, "inputDim"));
        QVERIFY(throwsNaming<std::invalid_argument>([&] { (void)OutputLengthClassifier::percentileBoundaries({}); },
                                                    "no lengths"));

        classifier.fit(s.features, s.groups, s.lengths);
        QVERIFY(throwsNaming<std::invalid_argument>(
            [&] { (void)classifier.scores(std::span(s.features).first(3), std::span(s.groups).first(2)); },
            "mismatched sizes"));
        const std::vector<int> a{0, 1}, b{0};
        const std::vector<std::uint32_t> g{0, 0};
        QVERIFY(throwsNaming<std::invalid_argument>([&] { (void)evaluateLengthClasses(a, b, g); }, "mismatched sizes"));
        QVERIFY(throwsNaming<std::invalid_argument>([&] { (void)evaluateLengthClasses({}, {}, {}); }, "empty data"));
        const std::vector<int> outside{0, 5};
        QVERIFY(throwsNaming<std::invalid_argument>([&] { (void)evaluateLengthClasses(a, outside, g); },
                                                    "outside 0…4"));
    }

    void metricsOnHandBuiltClasses()
    {
        const std::vector<int> truth{0, 1, 2, 3, 4, 0, 1, 2};
        const std::vector<std::uint32_t> groups{0, 0, 0, 0, 0, 1, 1, 1};
        const std::vector<double> scores{0, 1, 2, 3, 4, 0, 1, 2};
        const LengthClassMetrics perfect = evaluateLengthClasses(truth, truth, groups, scores);
        QCOMPARE(perfect.accuracy, 1.0);
        QCOMPARE(perfect.macroF1, 1.0);
        QCOMPARE(perfect.kendallTau, 1.0);
        QCOMPARE(perfect.pairwiseRanking, 1.0);
        QCOMPARE(perfect.l1Error, 0.0);
        std::vector<int> reversed;
        std::vector<double> reversedScores;
        for (std::size_t i = 0; i < truth.size(); ++i) {
            reversed.push_back(4 - truth[i]);
            reversedScores.push_back(-scores[i]);
        }
        const LengthClassMetrics worst = evaluateLengthClasses(truth, reversed, groups, reversedScores);
        QCOMPARE(worst.kendallTau, -1.0);
        QCOMPARE(worst.pairwiseRanking, 0.0);
        // Constant scores tie every pair: one half.
        const LengthClassMetrics flat = evaluateLengthClasses(truth, truth, groups, std::vector<double>(8, 1.0));
        QCOMPARE(flat.pairwiseRanking, 0.5);
        QVERIFY(std::isnan(evaluateLengthClasses(truth, truth, groups).pairwiseRanking));
    }

    void arrivalContextUsesOnlyKnownOutputs()
    {
        // Stream 0 every 10 s, stream 1 interleaved; knownAfter 60 s.
        std::vector<LengthRequest> requests;
        for (int i = 0; i < 20; ++i) {
            requests.push_back({10.0 * i, static_cast<std::uint32_t>(100 + i), static_cast<std::uint32_t>(10 + i), 0});
            requests.push_back({10.0 * i + 5, 50, 1000, 1});
        }
        LengthFeatureOptions options;
        options.streams = 2;
        const std::size_t width = lengthFeatureCount(options);
        QCOMPARE(width, std::size_t{8});
        QCOMPARE(lengthFeatureNames(options).size(), width);
        const std::vector<float> base = lengthFeatures(requests, options);
        QCOMPARE(base.size(), requests.size() * width);
        const std::size_t target = 2 * 15; // stream 0 at 150 s: knows requests at ≤ 90 s
        const float* row = base.data() + target * width;
        QCOMPARE(row[0], 1.0f);
        QCOMPARE(row[1], 0.0f);
        QCOMPARE(row[2], static_cast<float>(std::log1p(115.0)));
        QCOMPARE(row[3], 1.0f); // known
        double sum = 0;
        for (int i = 2; i <= 9; ++i) // the last 8 known: arrivals 20 … 90 s
            sum += std::log1p(10.0 + i);
        QCOMPARE(row[5], static_cast<float>(sum / 8));
        QCOMPARE(row[6], static_cast<float>(std::log1p(6.0))); // 90 … 140 s (≥ 150 − 60)
        QCOMPARE(row[7], static_cast<float>(std::log1p(10.0)));

        // Outputs of the request itself, of anything arriving less than 60 s before it, and of
        // other streams do not change its features; an output 60 s earlier does.
        auto changed = requests;
        for (std::size_t i = 0; i < changed.size(); ++i)
            if (changed[i].stream == 1 || changed[i].arrivalSeconds > 90.0)
                changed[i].generatedTokens = 7777;
        const std::vector<float> after = lengthFeatures(changed, options);
        QVERIFY(std::equal(base.begin() + static_cast<std::ptrdiff_t>(target * width),
                           base.begin() + static_cast<std::ptrdiff_t>((target + 1) * width),
                           after.begin() + static_cast<std::ptrdiff_t>(target * width)));
        changed[2 * 9].generatedTokens = 7777; // stream 0 at 90 s
        const std::vector<float> known = lengthFeatures(changed, options);
        QVERIFY(known[target * width + 5] != row[5]);

        options.arrivalContext = false;
        QCOMPARE(lengthFeatureCount(options), std::size_t{3});
        auto unordered = requests;
        std::swap(unordered[0], unordered[2]);
        options.arrivalContext = true;
        QVERIFY(throwsNaming<std::invalid_argument>([&] { (void)lengthFeatures(unordered, options); },
                                                    "row 2 arrives before row 0"));
        requests[1].stream = 2;
        QVERIFY(throwsNaming<std::invalid_argument>([&] { (void)lengthFeatures(requests, options); },
                                                    "row 1 has stream 2"));
    }
};

QTEST_GUILESS_MAIN(TestOutputLengthClassifier)
#include "tst_output_length_classifier.moc"
