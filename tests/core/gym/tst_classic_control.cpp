// The classic-control ports against values computed from Gymnasium's equations: each expected
// value below was computed in Python (float64 arithmetic, float32 where the source casts) by
// transcribing the step() of gymnasium/envs/classic_control/{pendulum,continuous_mountain_car,
// cartpole}.py at the commits cited in core/gym/*.h, independently of the C++ port.
#include "gym/cart_pole.h"
#include "gym/classic_control.h"
#include "gym/mountain_car_continuous.h"
#include "gym/pendulum.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace orrery::gym;

namespace {

bool near(double a, double b, double tolerance = 1e-12)
{
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

} // namespace

class TestClassicControl : public QObject {
    Q_OBJECT

private slots:
    void pendulumStepsAsTheReference_data()
    {
        QTest::addColumn<double>("theta");
        QTest::addColumn<double>("thetaDot");
        QTest::addColumn<float>("torque");
        QTest::addColumn<double>("nextTheta");
        QTest::addColumn<double>("nextThetaDot");
        QTest::addColumn<double>("reward");
        QTest::newRow("inside the bounds") << 1.0 << 0.5 << 1.5f << 1.0678051619302962 << 1.3561032386059226 << -1.02725;
        QTest::newRow("torque and speed clipped, angle wrapped")
            << 4.0 << -7.9 << -3.0f << 3.6 << -8.0 << -11.457935146920741;
    }

    void pendulumStepsAsTheReference()
    {
        QFETCH(double, theta);
        QFETCH(double, thetaDot);
        QFETCH(float, torque);
        QFETCH(double, nextTheta);
        QFETCH(double, nextThetaDot);
        QFETCH(double, reward);
        Pendulum env;
        env.reset(1);
        env.setState(theta, thetaDot);
        const float action[] = {torque};
        const StepResult r = env.step(action);
        QVERIFY2(near(env.theta(), nextTheta), qPrintable(QString::number(env.theta(), 'g', 17)));
        QVERIFY(near(env.thetaDot(), nextThetaDot));
        QVERIFY2(near(r.reward, reward), qPrintable(QString::number(r.reward, 'g', 17)));
        QCOMPARE(r.observation[0], static_cast<float>(std::cos(nextTheta)));
        QCOMPARE(r.observation[1], static_cast<float>(std::sin(nextTheta)));
        QCOMPARE(r.observation[2], static_cast<float>(nextThetaDot));
        QVERIFY(!r.terminated);
        QVERIFY(!r.truncated);
    }

    void pendulumFollowsTheReferenceTrajectory()
    {
        Pendulum env;
        env.reset(1);
        env.setState(-2.5, 0.3);
        const float torques[] = {0.7f, -1.2f, 2.0f};
        const double expected[][3] = {{-2.5021927054933055, -0.04385410986610677, -6.259489999983311},
                                      {-2.535762187648908, -0.671389643112051, -6.262600653833564},
                                      {-2.575685855055586, -0.7984733481335535, -6.4791662775977885}};
        for (int i = 0; i < 3; ++i) {
            const float action[] = {torques[i]};
            const StepResult r = env.step(action);
            QVERIFY(near(env.theta(), expected[i][0], 1e-13));
            QVERIFY(near(env.thetaDot(), expected[i][1], 1e-13));
            QVERIFY(near(r.reward, expected[i][2], 1e-13));
        }
    }

    void pendulumNormalisesAnglesWithPythonsModulo()
    {
        QVERIFY(near(Pendulum::normalizeAngle(4.0), 4.0 - 2 * std::numbers::pi));
        QVERIFY(near(Pendulum::normalizeAngle(-4.0), -4.0 + 2 * std::numbers::pi));
        QVERIFY(near(Pendulum::normalizeAngle(0.5), 0.5));
        QVERIFY(near(Pendulum::normalizeAngle(std::numbers::pi), -std::numbers::pi)); // Python: -π
    }

    void pendulumTruncatesAfter200StepsAndNeverTerminates()
    {
        Pendulum env;
        const std::vector<float> first = env.reset(42);
        QCOMPARE(first.size(), std::size_t{3});
        QVERIFY(std::abs(first[2]) <= 1.0f);
        const float action[] = {0.0f};
        for (int i = 1; i <= 200; ++i) {
            const StepResult r = env.step(action);
            QVERIFY(!r.terminated);
            QCOMPARE(r.truncated, i == 200);
        }
    }

    void mountainCarStepsAsTheReference_data()
    {
        QTest::addColumn<double>("position");
        QTest::addColumn<double>("velocity");
        QTest::addColumn<float>("action");
        QTest::addColumn<double>("nextPosition");
        QTest::addColumn<double>("nextVelocity");
        QTest::addColumn<double>("reward");
        QTest::addColumn<bool>("terminated");
        QTest::newRow("push right") << -0.5 << 0.0 << 1.0f << -0.4986768364906311 << 0.0013231569901108742 << -0.1
                                    << false;
        QTest::newRow("goal") << 0.44 << 0.05 << 0.5f << 0.4901295602321625 << 0.05012956261634827 << 99.975 << true;
        QTest::newRow("left wall stops the car")
            << -1.19 << -0.07 << -1.0f << -1.2000000476837158 << 0.0 << -0.1 << false;
        QTest::newRow("force clipped, reward on the raw action")
            << -0.3 << 0.01 << 2.0f << -0.2900540232658386 << 0.009945974685251713 << -0.4 << false;
    }

    void mountainCarStepsAsTheReference()
    {
        QFETCH(double, position);
        QFETCH(double, velocity);
        QFETCH(float, action);
        QFETCH(double, nextPosition);
        QFETCH(double, nextVelocity);
        QFETCH(double, reward);
        QFETCH(bool, terminated);
        MountainCarContinuous env;
        env.reset(1);
        env.setState(position, velocity);
        const float a[] = {action};
        const StepResult r = env.step(a);
        QCOMPARE(env.position(), nextPosition); // float32 state: exact
        QCOMPARE(env.velocity(), nextVelocity);
        QVERIFY2(near(r.reward, reward, 1e-7), qPrintable(QString::number(r.reward, 'g', 17)));
        QCOMPARE(r.terminated, terminated);
    }

    void mountainCarStartsInTheValleyAndTruncatesAt999()
    {
        MountainCarContinuous env;
        const std::vector<float> first = env.reset(7);
        QVERIFY(first[0] >= -0.6f && first[0] <= -0.4f);
        QCOMPARE(first[1], 0.0f);
        const float idle[] = {0.0f};
        StepResult r;
        for (int i = 0; i < 999; ++i)
            r = env.step(idle);
        QVERIFY(!r.terminated); // doing nothing never reaches the goal
        QVERIFY(r.truncated);
    }

    void cartPoleStepsAsTheReference_data()
    {
        QTest::addColumn<QList<double>>("state");
        QTest::addColumn<float>("action");
        QTest::addColumn<QList<double>>("next");
        QTest::addColumn<bool>("terminated");
        QTest::newRow("push right") << QList<double>{0.01, 0.02, 0.03, 0.04} << 1.0f
                                    << QList<double>{0.0104, 0.21467919574755523, 0.030799999999999998,
                                                     -0.2430687179600081}
                                    << false;
        QTest::newRow("push left") << QList<double>{-0.5, -1.0, -0.1, 0.3} << 0.0f
                                   << QList<double>{-0.52, -1.1935649512003672, -0.094, 0.5595458745501373} << false;
        QTest::newRow("pole falls past 12 degrees")
            << QList<double>{0.0, 0.0, 0.2, 1.5} << 1.0f
            << QList<double>{0.0, 0.1922105337662509, 0.23, 1.275840103173756} << true;
    }

    void cartPoleStepsAsTheReference()
    {
        QFETCH(QList<double>, state);
        QFETCH(float, action);
        QFETCH(QList<double>, next);
        QFETCH(bool, terminated);
        CartPole env;
        env.reset(1);
        env.setState({state[0], state[1], state[2], state[3]});
        const float a[] = {action};
        const StepResult r = env.step(a);
        for (int i = 0; i < 4; ++i)
            QVERIFY2(near(env.state()[static_cast<std::size_t>(i)], next[i], 1e-14),
                     qPrintable(QString("component %1: %2").arg(i).arg(env.state()[static_cast<std::size_t>(i)], 0, 'g', 17)));
        QCOMPARE(r.terminated, terminated);
        QCOMPARE(r.reward, 1.0); // the terminating step is rewarded too
        if (terminated)
            QCOMPARE(env.step(a).reward, 0.0); // steps after termination are worth nothing
    }

    void cartPoleStartsNearUprightAndTruncatesAt500()
    {
        CartPole env;
        const std::vector<float> first = env.reset(3);
        for (float v : first)
            QVERIFY(std::abs(v) <= 0.05f);
        // Put upright before every step, the pole never falls: only the time limit ends it.
        StepResult r;
        for (int i = 1; i <= 500; ++i) {
            env.setState({0.0, 0.0, 0.0, 0.0});
            const float a[] = {static_cast<float>(i % 2)};
            r = env.step(a);
            QVERIFY(!r.terminated);
            QCOMPARE(r.truncated, i == 500);
        }
    }

    void resetIsDeterministicPerSeed()
    {
        for (const std::string& id : classicControlIds()) {
            auto a = makeClassicControl(id);
            auto b = makeClassicControl(id);
            QVERIFY(a && b);
            QCOMPARE(a->id(), id);
            QCOMPARE(a->reset(11), b->reset(11));
            QVERIFY(a->reset(11) != a->reset(12));
        }
        QVERIFY(!makeClassicControl("pendulum-v1"));
    }

    void rejectsBadActions()
    {
        CartPole cartPole;
        const float one[] = {1.0f};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, cartPole.step(one));
        cartPole.reset(1);
        const float outOfRange[] = {2.0f};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, cartPole.step(outOfRange));
        const float two[] = {0.0f, 1.0f};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, cartPole.step(two));
        Pendulum pendulum;
        pendulum.reset(1);
        const std::vector<float> mapped = pendulum.actionSpace().fromUnit(std::vector<float>{-1.0f});
        QCOMPARE(mapped[0], -2.0f);
        QCOMPARE(pendulum.actionSpace().fromUnit(std::vector<float>{0.5f})[0], 1.0f);
    }
};

QTEST_GUILESS_MAIN(TestClassicControl)
#include "tst_classic_control.moc"
