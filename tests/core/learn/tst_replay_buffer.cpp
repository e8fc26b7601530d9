#include "learn/gaussian_noise.h"
#include "learn/ornstein_uhlenbeck_noise.h"
#include "learn/replay_buffer.h"

#include <QtTest>

#include <cmath>
#include <set>

using orrery::learn::GaussianNoise;
using orrery::learn::OrnsteinUhlenbeckNoise;
using orrery::learn::ReplayBatch;
using orrery::learn::ReplayBuffer;

namespace {

//! Transition i: state (i, i+0.5), action (−i), reward 10i, next state (i+1, i+1.5), done when i is odd.
void addTransition(ReplayBuffer& buffer, int i)
{
    const float f = static_cast<float>(i);
    const float state[] = {f, f + 0.5f};
    const float action[] = {-f};
    const float next[] = {f + 1, f + 1.5f};
    buffer.add(state, action, 10 * f, next, i % 2 == 1);
}

} // namespace

//! ReplayBuffer (ring storage, seeded sampling) and the exploration noises with ε-decay.
class TestReplayBuffer : public QObject {
    Q_OBJECT

private slots:
    void storesWholeTransitions()
    {
        ReplayBuffer buffer(8, 2, 1, 1);
        addTransition(buffer, 3);
        const ReplayBatch one = buffer.at(0);
        QCOMPARE(one.states, (std::vector<float>{3, 3.5f}));
        QCOMPARE(one.actions, (std::vector<float>{-3}));
        QCOMPARE(one.rewards, (std::vector<float>{30}));
        QCOMPARE(one.nextStates, (std::vector<float>{4, 4.5f}));
        QCOMPARE(one.dones, (std::vector<float>{1}));
    }

    void wrapsAroundOverwritingTheOldest()
    {
        ReplayBuffer buffer(4, 2, 1, 1);
        for (int i = 0; i < 6; ++i)
            addTransition(buffer, i);
        QCOMPARE(buffer.size(), std::size_t{4});
        // 0 and 1 were overwritten; the oldest kept is 2, the newest 5.
        QCOMPARE(buffer.at(0).rewards.front(), 20.0f);
        QCOMPARE(buffer.at(3).rewards.front(), 50.0f);
        std::set<float> sampled;
        ReplayBatch batch = buffer.sample(200);
        for (std::size_t row = 0; row < batch.size; ++row) {
            sampled.insert(batch.rewards[row]);
            // Each sampled row is one consistent transition, not a mix of slots.
            const float i = batch.rewards[row] / 10;
            QCOMPARE(batch.states[2 * row], i);
            QCOMPARE(batch.nextStates[2 * row + 1], i + 1.5f);
            QCOMPARE(batch.actions[row], -i);
        }
        QCOMPARE(sampled, (std::set<float>{20, 30, 40, 50}));
    }

    void samplingIsDeterministicPerSeed()
    {
        const auto draw = [](std::uint64_t seed) {
            ReplayBuffer buffer(100, 2, 1, seed);
            for (int i = 0; i < 100; ++i)
                addTransition(buffer, i);
            return buffer.sample(64).rewards;
        };
        QCOMPARE(draw(7), draw(7));
        QVERIFY(draw(7) != draw(8));
    }

    void rejectsBadInput()
    {
        ReplayBuffer buffer(4, 2, 1, 1);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, (void)buffer.sample(1));
        const float wrong[] = {1, 2, 3};
        const float action[] = {0};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buffer.add(wrong, action, 0, wrong, false));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ReplayBuffer(0, 2, 1, 1));
    }

    void noiseDecaysEpsilonPerDraw()
    {
        GaussianNoise noise(3, 0.0, 0.2, 1.0, 0.25, 5);
        QCOMPARE(noise.sample().size(), std::size_t{3});
        QCOMPARE(noise.epsilon(), 0.75);
        for (int i = 0; i < 5; ++i)
            (void)noise.sample();
        QCOMPARE(noise.epsilon(), 0.0); // never negative
        for (float value : noise.sample())
            QCOMPARE(value, 0.0f); // ε = 0 silences exploration
    }

    void gaussianNoiseHasItsSigma()
    {
        GaussianNoise noise(1, 0.0, 0.2, 1.0, 0.0, 11);
        double sum = 0, squares = 0;
        const int n = 20000;
        for (int i = 0; i < n; ++i) {
            const double v = noise.sample()[0];
            sum += v;
            squares += v * v;
        }
        const double mean = sum / n;
        QVERIFY(std::abs(mean) < 0.01);
        QVERIFY(std::abs(std::sqrt(squares / n - mean * mean) - 0.2) < 0.01);
    }

    void ornsteinUhlenbeckIsCorrelatedAndResets()
    {
        OrnsteinUhlenbeckNoise a(2, 0.0, 0.2, 0.15, 1e-2, 1.0, 0.0, 3);
        OrnsteinUhlenbeckNoise b(2, 0.0, 0.2, 0.15, 1e-2, 1.0, 0.0, 3);
        std::vector<float> previous = a.sample();
        QCOMPARE(b.sample(), previous);
        // Consecutive draws of an OU process differ by about σ√dt = 0.02, far less than its spread.
        for (int i = 0; i < 100; ++i) {
            const std::vector<float> next = a.sample();
            QVERIFY(std::abs(next[0] - previous[0]) < 0.1f);
            previous = next;
        }
        a.reset();
        QVERIFY(std::abs(a.sample()[0]) < 0.1f); // back at μ, one step away
    }
};

QTEST_GUILESS_MAIN(TestReplayBuffer)
#include "tst_replay_buffer.moc"
