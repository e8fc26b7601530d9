#include "learn/adam_step.h"

#include <QtTest>

#include <torch/torch.h>

using namespace orrery;

//! learn::detail::stepAdam and softUpdate (core/learn/adam_step.h) against LibTorch's own
//! torch::optim::Adam::step and the tensor form of Polyak averaging: the same parameters,
//! gradients and state after each of several steps, within float rounding; the state lives in
//! the optimizer, so a LibTorch step can follow a fast one (checkpoints stay interchangeable).
class TestAdamStep : public QObject {
    Q_OBJECT

private slots:
    void matchesLibTorchAdam_data();
    void matchesLibTorchAdam();
    void fallsBackForWeightDecay();
    void softUpdateMatchesTensorForm();
};

namespace {

torch::nn::Sequential network(std::uint64_t seed)
{
    torch::manual_seed(seed);
    return torch::nn::Sequential(torch::nn::Linear(6, 16), torch::nn::ReLU(), torch::nn::Linear(16, 3));
}

//! A loss whose gradients differ from step to step.
void backwardOnce(torch::nn::Sequential& net, int step)
{
    torch::manual_seed(1000 + step);
    const torch::Tensor input = torch::randn({32, 6});
    const torch::Tensor target = torch::randn({32, 3});
    torch::mse_loss(net->forward(input), target).backward();
}

double maxDifference(const torch::nn::Sequential& a, const torch::nn::Sequential& b)
{
    double worst = 0;
    const auto pa = a->parameters();
    const auto pb = b->parameters();
    for (std::size_t i = 0; i < pa.size(); ++i)
        worst = std::max(worst, (pa[i] - pb[i]).abs().max().item<double>());
    return worst;
}

} // namespace

void TestAdamStep::matchesLibTorchAdam_data()
{
    QTest::addColumn<double>("learningRate");
    QTest::addColumn<int>("steps");
    QTest::addColumn<bool>("libTorchAfter"); // a LibTorch step continues from the fast steps' state
    QTest::newRow("lr 1e-3, 1 step") << 1e-3 << 1 << false;
    QTest::newRow("lr 1e-3, 50 steps") << 1e-3 << 50 << false;
    QTest::newRow("lr 3e-4, 20 steps, then LibTorch's step") << 3e-4 << 20 << true;
}

void TestAdamStep::matchesLibTorchAdam()
{
    QFETCH(double, learningRate);
    QFETCH(int, steps);
    QFETCH(bool, libTorchAfter);
    auto reference = network(7);
    auto fast = network(7);
    QCOMPARE(maxDifference(reference, fast), 0.0);
    torch::optim::Adam referenceOptimizer(reference->parameters(), torch::optim::AdamOptions(learningRate));
    torch::optim::Adam fastOptimizer(fast->parameters(), torch::optim::AdamOptions(learningRate));
    for (int step = 0; step < steps + (libTorchAfter ? 1 : 0); ++step) {
        referenceOptimizer.zero_grad();
        fastOptimizer.zero_grad();
        backwardOnce(reference, step);
        backwardOnce(fast, step);
        referenceOptimizer.step();
        if (step < steps)
            learn::detail::stepAdam(fastOptimizer);
        else
            fastOptimizer.step();
    }
    // Each step moves a parameter by about lr; float rounding of the same formula stays far below.
    const double difference = maxDifference(reference, fast);
    QVERIFY2(difference < 1e-6, qPrintable(QString("max |Δθ| %1").arg(difference)));
    QVERIFY(maxDifference(network(7), fast) > 10 * learningRate * 0.1); // it did move
}

void TestAdamStep::fallsBackForWeightDecay()
{
    auto reference = network(3);
    auto fast = network(3);
    torch::optim::Adam referenceOptimizer(reference->parameters(), torch::optim::AdamOptions(1e-3).weight_decay(0.01));
    torch::optim::Adam fastOptimizer(fast->parameters(), torch::optim::AdamOptions(1e-3).weight_decay(0.01));
    for (int step = 0; step < 5; ++step) {
        referenceOptimizer.zero_grad();
        fastOptimizer.zero_grad();
        backwardOnce(reference, step);
        backwardOnce(fast, step);
        referenceOptimizer.step();
        learn::detail::stepAdam(fastOptimizer);
    }
    QCOMPARE(maxDifference(reference, fast), 0.0); // the very same code path
}

void TestAdamStep::softUpdateMatchesTensorForm()
{
    auto target = network(1);
    auto reference = network(1);
    const auto source = network(2);
    learn::detail::softUpdate(*target, *source, 0.005);
    {
        torch::NoGradGuard noGrad;
        const auto to = reference->parameters();
        const auto from = source->parameters();
        for (std::size_t i = 0; i < to.size(); ++i)
            to[i].mul_(1.0 - 0.005).add_(from[i], 0.005);
    }
    QVERIFY(maxDifference(target, reference) < 1e-7);
    QVERIFY(maxDifference(target, network(1)) > 1e-4);
}

QTEST_GUILESS_MAIN(TestAdamStep)
#include "tst_adam_step.moc"
