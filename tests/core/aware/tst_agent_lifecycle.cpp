#include "aware/agent_lifecycle.h"
#include "aware/lifecycle_annotation.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace orrery;
using aware::AgentLifecycle;
using aware::LifecycleStage;
using aware::LifecycleThresholds;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

//! T_online 100, T_serving 150, T_var 5, window 3 (decisions on full windows), no retraining.
LifecycleThresholds thresholds(bool bootstrap, std::int64_t window = 3, std::int64_t minEpisodes = 3)
{
    LifecycleThresholds t;
    t.bootstrap = bootstrap;
    t.online = 100.0;
    t.serving = 150.0;
    t.maxStdDev = 5.0;
    t.recentEpisodes = window;
    t.minEpisodes = minEpisodes;
    return t;
}

//! "offline@0 online@3 serving@6": each stage entered and the episode it was entered at.
QString trace(const AgentLifecycle& lifecycle)
{
    QStringList parts;
    for (const auto& transition : lifecycle.history())
        parts << QString::fromLatin1(aware::toString(transition.to)) + '@' + QString::number(transition.episode);
    return parts.join(' ');
}

//! An enum as its name, so QCOMPARE prints something readable.
template <typename Enum>
QString name(Enum value)
{
    return QString::fromLatin1(aware::toString(value));
}

} // namespace

class TstAgentLifecycle : public QObject {
    Q_OBJECT

private slots:
    void scriptedRewards_data()
    {
        QTest::addColumn<bool>("bootstrap");
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("minEpisodes");
        QTest::addColumn<double>("retraining"); // < 0: off
        QTest::addColumn<std::vector<double>>("rewards");
        QTest::addColumn<QString>("expected"); // stage@episode per transition
        QTest::addColumn<int>("finalStage");

        const int offline = static_cast<int>(LifecycleStage::Offline);
        const int online = static_cast<int>(LifecycleStage::Online);
        const int serving = static_cast<int>(LifecycleStage::Serving);
        QTest::newRow("bootstrap stays offline below T_online")
            << true << 3 << 3 << -1.0 << std::vector<double>{90, 99, 99.9, 95, 99, 100, 60} << "offline@0" << offline;
        QTest::newRow("bootstrap reaches online at the window's average")
            << true << 3 << 3 << -1.0 << std::vector<double>{90, 100, 110} << "offline@0 online@3" << online;
        QTest::newRow("without bootstrap the agent starts online")
            << false << 3 << 3 << -1.0 << std::vector<double>{10, 20, 30} << "online@0" << online;
        QTest::newRow("bootstrap, online, serving")
            << true << 3 << 3 << -1.0 << std::vector<double>{100, 100, 100, 150, 152, 154} << "offline@0 online@3 serving@6"
            << serving;
        QTest::newRow("online needs a fresh window after bootstrapping")
            // the last three would average 200 at episode 5, but the window restarted at episode 3.
            << true << 3 << 3 << -1.0 << std::vector<double>{200, 200, 200, 200, 200} << "offline@0 online@3" << online;
        QTest::newRow("high average but too variable does not serve")
            << false << 3 << 3 << -1.0 << std::vector<double>{150, 170, 190, 150, 170, 190} << "online@0" << online;
        QTest::newRow("serving ends on a drop of the average")
            << false << 3 << 3 << -1.0 << std::vector<double>{160, 160, 160, 145, 145, 145} << "online@0 serving@3 online@6"
            << online;
        QTest::newRow("serving ends on variance with a good average")
            << false << 3 << 3 << -1.0 << std::vector<double>{160, 160, 160, 200, 160, 180} << "online@0 serving@3 online@6"
            << online;
        QTest::newRow("back online, then serving again")
            << false << 3 << 3 << -1.0 << std::vector<double>{160, 160, 160, 100, 100, 100, 155, 155, 155}
            << "online@0 serving@3 online@6 serving@9" << serving;
        QTest::newRow("retraining threshold: degradation from the serving reference")
            // serves at avg 200; a window avg of 194 is above T_serving but 6 > 5 below the reference.
            << false << 3 << 3 << 5.0 << std::vector<double>{200, 200, 200, 200, 200, 200, 194, 194, 194}
            << "online@0 serving@3 online@9" << online;
        QTest::newRow("retraining threshold: a smaller degradation keeps serving")
            << false << 3 << 3 << 5.0 << std::vector<double>{200, 200, 200, 200, 200, 200, 196, 196, 196}
            << "online@0 serving@3" << serving;
        QTest::newRow("retraining threshold: a slow decline ends serving")
            // windows 199.3, 198, 196, 194: the last is 6 below the reference 200, std stays 1.6.
            << false << 3 << 3 << 5.0 << std::vector<double>{200, 200, 200, 200, 200, 200, 198, 196, 194, 192}
            << "online@0 serving@3 online@10" << online;
        QTest::newRow("retraining threshold: the reference rises with better serving windows")
            // serves at 200, then a window of 210 raises the reference: 204 is 6 below it.
            << false << 3 << 3 << 5.0 << std::vector<double>{200, 200, 200, 210, 210, 210, 204, 204, 204}
            << "online@0 serving@3 online@9" << online;
        QTest::newRow("no retraining threshold: a slow decline above T_serving keeps serving")
            << false << 3 << 3 << -1.0 << std::vector<double>{200, 200, 200, 200, 200, 200, 198, 196, 194, 192, 190, 188, 186}
            << "online@0 serving@3" << serving;
        QTest::newRow("partial window: decisions from minEpisodes on")
            << true << 5 << 2 << -1.0 << std::vector<double>{99, 102, 150, 150} << "offline@0 online@2 serving@4" << serving;
        QTest::newRow("partial window grows to its length, then slides")
            // window 4, min 2: 199 alone decides nothing; then averages of 2, 3, 4 and the last 4
            // rewards: 99.5, 66.3, 49.8, 0, 50, 100 (the mean of all seven would be 85.6).
            << true << 4 << 2 << -1.0 << std::vector<double>{199, 0, 0, 0, 0, 200, 200} << "offline@0 online@7" << online;
        QTest::newRow("window of one")
            << true << 1 << 1 << -1.0 << std::vector<double>{99, 100, 150} << "offline@0 online@2 serving@3" << serving;
    }

    void scriptedRewards()
    {
        QFETCH(bool, bootstrap);
        QFETCH(int, window);
        QFETCH(int, minEpisodes);
        QFETCH(double, retraining);
        QFETCH(std::vector<double>, rewards);
        QFETCH(QString, expected);
        QFETCH(int, finalStage);
        LifecycleThresholds t = thresholds(bootstrap, window, minEpisodes);
        if (retraining >= 0)
            t.retraining = retraining;
        AgentLifecycle lifecycle(t);
        lifecycle.start();
        for (double reward : rewards)
            lifecycle.observe(reward);
        QCOMPARE(trace(lifecycle), expected);
        QCOMPARE(static_cast<int>(lifecycle.stage()), finalStage);
        QCOMPARE(lifecycle.episodes(), static_cast<std::int64_t>(rewards.size()));
    }

    void transitionsCarryTheirWindow()
    {
        AgentLifecycle lifecycle(thresholds(true));
        const auto start = lifecycle.start();
        QCOMPARE(name(start.from), name(LifecycleStage::Initialized));
        QCOMPARE(name(start.to), name(LifecycleStage::Offline));
        QCOMPARE(start.episode, std::int64_t{0});
        QCOMPARE(start.windowSize, std::int64_t{0});
        QCOMPARE(name(start.reason), name(aware::TransitionReason::BootstrapEnabled));

        QVERIFY(!lifecycle.observe(96));
        QVERIFY(!lifecycle.observe(100));
        const auto online = lifecycle.observe(104);
        QVERIFY(online);
        QCOMPARE(name(online->from), name(LifecycleStage::Offline));
        QCOMPARE(name(online->to), name(LifecycleStage::Online));
        QCOMPARE(online->episode, std::int64_t{3});
        QCOMPARE(online->average, 100.0);
        QVERIFY(std::abs(online->stdDev - std::sqrt(32.0 / 3.0)) < 1e-12); // population std of 96, 100, 104
        QCOMPARE(online->windowSize, std::int64_t{3});
        QCOMPARE(name(online->reason), name(aware::TransitionReason::ReachedOnline));
        QVERIFY(lifecycle.window().empty());

        lifecycle.observe(151);
        lifecycle.observe(151);
        const auto serving = lifecycle.observe(154);
        QVERIFY(serving);
        QCOMPARE(serving->episode, std::int64_t{6});
        QCOMPARE(serving->average, 152.0);
        QCOMPARE(name(serving->reason), name(aware::TransitionReason::ReachedServing));
        QCOMPARE(lifecycle.servingReference().value_or(-1), 152.0);

        lifecycle.observe(150);
        lifecycle.observe(150);
        const auto variance = lifecycle.observe(180); // avg 160 ≥ 150, std 14.1 > 5
        QVERIFY(variance);
        QCOMPARE(name(variance->from), name(LifecycleStage::Serving));
        QCOMPARE(name(variance->to), name(LifecycleStage::Online));
        QCOMPARE(variance->episode, std::int64_t{9});
        QCOMPARE(variance->average, 160.0);
        QCOMPARE(name(variance->reason), name(aware::TransitionReason::StdDevAboveLimit));
        QVERIFY(!lifecycle.servingReference());
        QCOMPARE(lifecycle.history().size(), std::size_t{4});
        QCOMPARE(QString::fromStdString(variance->describe()),
                 QString("episode 9: serving -> online (stddev-above-limit; avg 160, std 14.1421 over 3 episodes)"));

        lifecycle.observe(150);
        lifecycle.observe(150);
        lifecycle.observe(150);
        lifecycle.observe(149);
        lifecycle.observe(149);
        const auto drop = lifecycle.observe(149);
        QVERIFY(drop);
        QCOMPARE(name(drop->reason), name(aware::TransitionReason::AverageBelowServing));
        QCOMPARE(drop->episode, std::int64_t{15});
    }

    void stageQueries_data()
    {
        QTest::addColumn<bool>("bootstrap");
        QTest::addColumn<std::vector<double>>("rewards");
        QTest::addColumn<int>("stage");
        QTest::addColumn<QString>("controller");
        QTest::addColumn<bool>("trains");
        QTest::addColumn<bool>("explores");
        QTest::newRow("offline") << true << std::vector<double>{} << int(LifecycleStage::Offline) << "fallback" << true << false;
        QTest::newRow("online") << false << std::vector<double>{} << int(LifecycleStage::Online) << "agent" << true << true;
        QTest::newRow("serving") << false << std::vector<double>{150, 150, 150} << int(LifecycleStage::Serving) << "agent"
                                 << false << false;
    }

    void stageQueries()
    {
        QFETCH(bool, bootstrap);
        QFETCH(std::vector<double>, rewards);
        QFETCH(int, stage);
        QFETCH(QString, controller);
        QFETCH(bool, trains);
        QFETCH(bool, explores);
        AgentLifecycle lifecycle(thresholds(bootstrap));
        QCOMPARE(name(lifecycle.stage()), name(LifecycleStage::Initialized));
        QCOMPARE(name(lifecycle.actingController()), name(aware::ActingController::None));
        QVERIFY(!lifecycle.trains());
        lifecycle.start();
        for (double reward : rewards)
            lifecycle.observe(reward);
        QCOMPARE(int(lifecycle.stage()), stage);
        QCOMPARE(QString::fromLatin1(aware::toString(lifecycle.actingController())), controller);
        QCOMPARE(lifecycle.trains(), trains);
        QCOMPARE(lifecycle.explores(), explores);
    }

    void misuseIsRefused()
    {
        AgentLifecycle lifecycle(thresholds(true));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, lifecycle.observe(1.0));
        lifecycle.start();
        QVERIFY_THROWS_EXCEPTION(std::logic_error, lifecycle.start());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lifecycle.observe(std::nan("")));
        QCOMPARE(lifecycle.episodes(), std::int64_t{0});

        LifecycleThresholds bad = thresholds(true);
        bad.maxStdDev = -1;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AgentLifecycle{bad});
        bad = thresholds(true, 0, 0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AgentLifecycle{bad});
        bad = thresholds(true, 3, 4);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AgentLifecycle{bad});
        bad = thresholds(true);
        bad.retraining = -0.5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AgentLifecycle{bad});
    }

    void annotations_data()
    {
        QTest::addColumn<int>("to");
        QTest::addColumn<double>("average");
        QTest::addColumn<QString>("kind");
        QTest::newRow("offline") << int(LifecycleStage::Offline) << 0.0 << "aware.lifecycle.offline";
        QTest::newRow("online") << int(LifecycleStage::Online) << 585.5 << "aware.lifecycle.online";
        QTest::newRow("serving") << int(LifecycleStage::Serving) << 850.25 << "aware.lifecycle.serving";
    }

    void annotations()
    {
        QFETCH(int, to);
        QFETCH(double, average);
        QFETCH(QString, kind);
        aware::LifecycleTransition transition;
        transition.from = LifecycleStage::Offline;
        transition.to = static_cast<LifecycleStage>(to);
        transition.episode = 42;
        transition.average = average;
        transition.stdDev = 3;
        const sim::RunAnnotation annotation = aware::lifecycleAnnotation(transition, 12 * sim::kSecond, "frontend");
        QCOMPARE(QString::fromStdString(annotation.kind), kind);
        QCOMPARE(annotation.start, 12 * sim::kSecond);
        QCOMPARE(annotation.end, 12 * sim::kSecond);
        QCOMPARE(QString::fromStdString(annotation.target), QString("frontend"));
        QCOMPARE(annotation.intensity, average);
    }

    void annotationsOfARun()
    {
        // A caller records every transition at the end of its episode (here: 300 s episodes).
        AgentLifecycle lifecycle(thresholds(true, 2, 2));
        std::vector<sim::RunAnnotation> recorded;
        recorded.push_back(aware::lifecycleAnnotation(lifecycle.start(), 0, "agent"));
        const std::vector<double> rewards{100, 100, 150, 150};
        for (std::size_t i = 0; i < rewards.size(); ++i) {
            if (const auto transition = lifecycle.observe(rewards[i]))
                recorded.push_back(aware::lifecycleAnnotation(*transition, static_cast<sim::SimTime>(i + 1) * 300 * sim::kSecond, "agent"));
        }
        QCOMPARE(recorded.size(), std::size_t{3});
        QCOMPARE(QString::fromStdString(recorded[1].kind), QString("aware.lifecycle.online"));
        QCOMPARE(recorded[1].start, 600 * sim::kSecond);
        QCOMPARE(QString::fromStdString(recorded[2].kind), QString("aware.lifecycle.serving"));
        QCOMPARE(recorded[2].start, 1200 * sim::kSecond);
        QCOMPARE(recorded[2].intensity, 150.0);
    }
};

QTEST_GUILESS_MAIN(TstAgentLifecycle)
#include "tst_agent_lifecycle.moc"
