#include "learn/deterministic_torch.h"

#include <torch/torch.h>

#include <QtTest>

namespace {

// A small MLP trained for a few steps on random data: the whole path a learner takes.
torch::Tensor trainBriefly(std::uint64_t seed)
{
    orrery::learn::makeTorchDeterministic(seed);
    torch::nn::Sequential net(torch::nn::Linear(8, 32), torch::nn::ReLU(), torch::nn::Linear(32, 1));
    torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(1e-2));
    const torch::Tensor inputs = torch::randn({64, 8});
    const torch::Tensor targets = inputs.sum(1, true);
    for (int step = 0; step < 20; ++step) {
        optimizer.zero_grad();
        const torch::Tensor loss = torch::mse_loss(net->forward(inputs), targets);
        loss.backward();
        optimizer.step();
    }
    return torch::cat({net->parameters()[0].flatten(), net->parameters()[3].flatten()});
}

} // namespace

//! LibTorch set-up: a seed fixes initialisation and training bit for bit.
class TestDeterministicTorch : public QObject {
    Q_OBJECT

private slots:
    void sameSeedTrainsIdentically()
    {
        const torch::Tensor a = trainBriefly(5);
        const torch::Tensor b = trainBriefly(5);
        QVERIFY(torch::equal(a, b));
        QCOMPARE(at::get_num_threads(), 1);
    }

    void differentSeedsDiffer()
    {
        QVERIFY(!torch::equal(trainBriefly(5), trainBriefly(6)));
    }
};

QTEST_GUILESS_MAIN(TestDeterministicTorch)
#include "tst_deterministic_torch.moc"
