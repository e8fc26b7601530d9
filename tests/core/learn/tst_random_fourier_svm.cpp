#include "learn/deterministic_torch.h"
#include "learn/random_fourier_svm.h"
#include "learn/seeded_random.h"

#include <QtTest>

using orrery::learn::RandomFourierSvm;
using orrery::learn::RandomFourierSvmConfig;
using orrery::learn::SeededRandom;

namespace {

//! The XOR pattern no linear classifier separates: four Gaussian blobs (σ 0.3) at (±1, ±1),
//! positive where x·y > 0.
struct Samples {
    std::vector<float> inputs;
    std::vector<int> labels;
};

Samples xorBlobs(int count, std::uint64_t seed)
{
    SeededRandom random(seed);
    Samples out;
    for (int i = 0; i < count; ++i) {
        const double cx = (i % 2 == 0) ? 1.0 : -1.0;
        const double cy = (i / 2 % 2 == 0) ? 1.0 : -1.0;
        out.inputs.push_back(static_cast<float>(cx + 0.3 * random.normal()));
        out.inputs.push_back(static_cast<float>(cy + 0.3 * random.normal()));
        out.labels.push_back(cx * cy > 0 ? 1 : 0);
    }
    return out;
}

RandomFourierSvmConfig config(std::uint64_t seed, double gamma = 1.0)
{
    RandomFourierSvmConfig c;
    c.inputDim = 2;
    c.features = 256;
    c.gamma = gamma;
    c.seed = seed;
    return c;
}

} // namespace

//! RandomFourierSvm: separates what a linear model cannot, learns incrementally, checkpoints.
class TestRandomFourierSvm : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { orrery::learn::makeTorchDeterministic(1); }

    void separatesXorThatALinearModelCannot()
    {
        const Samples train = xorBlobs(800, 1);
        const Samples test = xorBlobs(400, 2);
        RandomFourierSvm rbf(config(3));
        rbf.partialFit(train.inputs, train.labels);
        const double accuracy = rbf.accuracy(test.inputs, test.labels);
        qInfo("XOR accuracy with RBF features: %.3f", accuracy);
        QVERIFY2(accuracy >= 0.95, qPrintable(QString::number(accuracy)));

        // γ → 0 makes every feature nearly linear in x: the same learner then fails on XOR.
        RandomFourierSvm nearlyLinear(config(3, 1e-6));
        nearlyLinear.partialFit(train.inputs, train.labels);
        QVERIFY(nearlyLinear.accuracy(test.inputs, test.labels) < 0.75);
    }

    void partialFitImprovesOverBatches()
    {
        const Samples test = xorBlobs(400, 20);
        RandomFourierSvm svm(config(4));
        std::vector<double> accuracies;
        for (int batch = 0; batch < 40; ++batch) {
            const Samples next = xorBlobs(10, 100 + static_cast<std::uint64_t>(batch));
            svm.partialFit(next.inputs, next.labels);
            accuracies.push_back(svm.accuracy(test.inputs, test.labels));
        }
        qInfo("accuracy after batch 1: %.3f, after batch 40: %.3f", accuracies.front(), accuracies.back());
        QCOMPARE(svm.samplesSeen(), std::uint64_t{400});
        QVERIFY(accuracies.back() >= 0.95);
        QVERIFY(accuracies.back() > accuracies.front() + 0.05);
    }

    void singleAndBatchDecisionsAgree()
    {
        const Samples train = xorBlobs(200, 5);
        RandomFourierSvm svm(config(6));
        svm.partialFit(train.inputs, train.labels);
        const std::vector<double> batch = svm.decisions(train.inputs);
        for (std::size_t i = 0; i < train.labels.size(); ++i) {
            const std::span<const float> row(train.inputs.data() + 2 * i, 2);
            QVERIFY(std::abs(svm.decision(row) - batch[i]) < 1e-4);
            QCOMPARE(svm.classify(row), svm.decision(row) > 0);
        }
    }

    void deterministicPerSeed()
    {
        const Samples train = xorBlobs(200, 7);
        const auto scores = [&](std::uint64_t seed) {
            RandomFourierSvm svm(config(seed));
            svm.partialFit(train.inputs, train.labels);
            return svm.decisions(train.inputs);
        };
        QCOMPARE(scores(9), scores(9));
        QVERIFY(scores(9) != scores(10));
    }

    void checkpointRestoresDecisionsAndLearning()
    {
        const Samples first = xorBlobs(200, 11);
        const Samples second = xorBlobs(200, 12);
        RandomFourierSvm svm(config(13));
        svm.partialFit(first.inputs, first.labels);
        RandomFourierSvm restored(config(99)); // other random features until loaded
        restored.loadBytes(svm.saveBytes());
        QCOMPARE(restored.decisions(second.inputs), svm.decisions(second.inputs));
        svm.partialFit(second.inputs, second.labels);
        restored.partialFit(second.inputs, second.labels);
        QCOMPARE(restored.decisions(first.inputs), svm.decisions(first.inputs));

        QVERIFY_THROWS_EXCEPTION(std::runtime_error, restored.loadBytes("garbage"));
        RandomFourierSvmConfig wide = config(1);
        wide.inputDim = 3;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, restored.loadBytes(RandomFourierSvm(wide).saveBytes()));
    }

    void rejectsMismatchedSizes()
    {
        RandomFourierSvm svm(config(1));
        const std::vector<float> inputs{1, 2, 3};
        const std::vector<int> labels{1, 0};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, svm.partialFit(inputs, labels));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)svm.decision(inputs));
    }
};

QTEST_GUILESS_MAIN(TestRandomFourierSvm)
#include "tst_random_fourier_svm.moc"
