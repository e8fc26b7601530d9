// FIRM's state featurisation (Table 3.2), reward, action → limit mapping, model format, policy
// behaviour without a model, and the registry's view of the plugin (control + trainable).
#include "firm_action.h"
#include "firm_model.h"
#include "firm_state.h"
#include "orrery_plugin_firm.h"
#include "policy/plugin_descriptor_check.h"
#include "policy/plugin_registry.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace orrery;
using namespace orrery::plugins::firm;

namespace {

constexpr auto kCpu = policy::ControlResource::Cpu;

policy::TargetObservation target()
{
    policy::TargetObservation t;
    t.name = "svc";
    t.critical = true;
    for (std::size_t i = 0; i < policy::kControlResourceCount; ++i) {
        t.limit[i] = 2.0;
        t.usage[i] = 1.0;
    }
    return t;
}

} // namespace

class TestFirm : public QObject {
    Q_OBJECT

private slots:
    void requestComposition_data()
    {
        QTest::addColumn<QVector<double>>("shares");
        QTest::addColumn<double>("expected");
        QTest::newRow("none") << QVector<double>{} << 0.0;
        QTest::newRow("oneType") << QVector<double>{1.0} << 1.0;                  // level 9 of 9
        QTest::newRow("70/30") << QVector<double>{0.7, 0.3} << 73.0 / 99.0;       // ravel (7, 3) in (10, 10)
        QTest::newRow("thirds") << QVector<double>{1 / 3.0, 1 / 3.0, 1 / 3.0} << 333.0 / 999.0;
        QTest::newRow("allFirst") << QVector<double>{1.0, 0.0} << 90.0 / 99.0;
    }
    void requestComposition()
    {
        QFETCH(QVector<double>, shares);
        QFETCH(double, expected);
        const std::vector<double> values(shares.begin(), shares.end());
        QCOMPARE(encodeRequestComposition(values), expected);
    }

    void workloadChange_data()
    {
        QTest::addColumn<double>("now");
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("expected");
        QTest::newRow("same") << 50.0 << 50.0 << 0.0;
        QTest::newRow("doubled") << 100.0 << 50.0 << 0.5;   // log2 2 / 2
        QTest::newRow("halved") << 25.0 << 50.0 << -0.5;
        QTest::newRow("8x clipped") << 400.0 << 50.0 << 1.0;
        QTest::newRow("from nothing") << 10.0 << 0.0 << 1.0;
        QTest::newRow("idle") << 0.0 << 0.0 << 0.0;
        QTest::newRow("to nothing") << 0.0 << 10.0 << -1.0;
    }
    void workloadChange()
    {
        QFETCH(double, now);
        QFETCH(double, before);
        QFETCH(double, expected);
        policy::TargetObservation t = target();
        t.arrivalRate = now;
        t.previousArrivalRate = before;
        QCOMPARE(plugins::firm::workloadChange(t), expected);
    }

    void stateOfHandComputedTarget()
    {
        policy::TargetObservation t = target();
        t.sloMaintenance = 0.8;
        t.arrivalRate = 200;
        t.previousArrivalRate = 100;
        t.usage[policy::indexOf(kCpu)] = 1.5;                                     // 0.75 of 2
        t.usage[policy::indexOf(policy::ControlResource::Llc)] = 3.0;             // over the limit: 1
        t.limit[policy::indexOf(policy::ControlResource::Network)] = 0.0;         // unlimited: 0
        t.usage[policy::indexOf(policy::ControlResource::Memory)] = 0.0;          // not a FIRM resource
        const std::vector<double> composition{0.5, 0.5};
        const FirmState s = firmState(t, composition);
        const FirmState expected{0.8f, 0.5f, static_cast<float>(55.0 / 99.0), 0.75f, 0.5f, 1.0f, 0.5f, 0.0f};
        for (std::size_t i = 0; i < kStateDim; ++i)
            QVERIFY2(qFuzzyCompare(s[i] + 1.0f, expected[i] + 1.0f), qPrintable(QString("feature %1: %2 vs %3")
                                                                             .arg(i).arg(s[i]).arg(expected[i])));
    }

    void reward_data()
    {
        QTest::addColumn<double>("sm");
        QTest::addColumn<double>("usage");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("gated"); // with rewardGate slo: the utilisation term × SM
        // r = α·SM·5 + (1 − α)·Σ RU/RLT, limits 2
        QTest::newRow("met, half used") << 1.0 << 1.0 << 0.3 << 0.3 * 5 + 0.7 * 2.5 << 0.3 * 5 + 0.7 * 2.5;
        QTest::newRow("violating, full") << 0.5 << 2.0 << 0.3 << 0.3 * 2.5 + 0.7 * 5 << 0.3 * 2.5 + 0.7 * 0.5 * 5;
        QTest::newRow("throttled, SLO lost") << 0.0 << 4.0 << 0.3 << 0.7 * 5 << 0.0;
        QTest::newRow("alpha 1") << 0.4 << 2.0 << 1.0 << 2.0 << 2.0;
        QTest::newRow("alpha 0") << 0.4 << 0.5 << 0.0 << 1.25 << 0.5;
    }
    void reward()
    {
        QFETCH(double, sm);
        QFETCH(double, usage);
        QFETCH(double, alpha);
        QFETCH(double, expected);
        QFETCH(double, gated);
        policy::TargetObservation t = target();
        t.sloMaintenance = sm;
        for (double& u : t.usage)
            u = usage;
        QVERIFY(qFuzzyCompare(firmReward(t, alpha) + 1.0, expected + 1.0));
        QVERIFY(qFuzzyCompare(firmReward(t, alpha, true) + 1.0, gated + 1.0));
    }

    void limitMapping_data()
    {
        QTest::addColumn<double>("action");
        QTest::addColumn<double>("expected");
        QTest::newRow("keep") << 0.0 << 2.0;
        QTest::newRow("max") << 1.0 << 8.0;          // 4 × base
        QTest::newRow("min") << -1.0 << 0.5;         // 0.25 × base
        QTest::newRow("half up") << 0.5 << 4.0;      // 2 × base
        QTest::newRow("half down") << -0.5 << 1.0;
        QTest::newRow("clamped up") << 3.0 << 8.0;
        QTest::newRow("clamped down") << -7.0 << 0.5;
    }
    void limitMapping()
    {
        QFETCH(double, action);
        QFETCH(double, expected);
        QVERIFY(qFuzzyCompare(limitFor(action, 2.0, FirmActionScale{}, 0), expected));
        // The executed action a transition stores maps the limit back: the inverse, clamped.
        const double back = actionFor(expected, 2.0, FirmActionScale{}, 0);
        QVERIFY2(std::abs(back - std::clamp(action, -1.0, 1.0)) < 1e-12, qPrintable(QString::number(back)));
    }

    void executedActionOfALimitOutsideTheRangeIsTheBound()
    {
        QCOMPARE(actionFor(100.0, 2.0, FirmActionScale{}, 0), 1.0);
        QCOMPARE(actionFor(0.01, 2.0, FirmActionScale{}, 0), -1.0);
        QCOMPARE(actionFor(0.0, 2.0, FirmActionScale{}, 0), 0.0); // unknown limit
        QCOMPARE(actionFor(1.0, 0.0, FirmActionScale{}, 0), 0.0); // unlimited base
    }

    //! Seed 001 §3.2.4 predefines each resource's lower limit: `minFractions` gives a resource a
    //! floor of its own; the others keep minFraction.
    void resourcesTakeFloorsOfTheirOwn()
    {
        FirmActionScale scale;
        parseResourceMinFractions("disk-io=0.001;network=0.01", scale);
        QCOMPARE(scale.minFractionOf(0), 0.25); // cpu
        QCOMPARE(scale.minFractionOf(3), 0.001);
        QCOMPARE(scale.minFractionOf(4), 0.01);
        QVERIFY(qFuzzyCompare(limitFor(-1.0, 50.0, scale, 3), 0.05));
        QVERIFY(qFuzzyCompare(limitFor(-0.5, 50.0, scale, 3), 50.0 * std::sqrt(0.001)));
        QVERIFY(qFuzzyCompare(limitFor(-1.0, 2.0, scale, 0), 0.5));
        QCOMPARE(actionFor(0.05, 50.0, scale, 3), -1.0);
        parseResourceMinFractions("disk-io=0.001,network=0.01", scale); // commas, as in YAML
        QCOMPARE(scale.minFractionOf(4), 0.01);
        QVERIFY(std::abs(actionFor(50.0 * std::sqrt(0.001), 50.0, scale, 3) + 0.5) < 1e-12);
        parseResourceMinFractions("", scale);
        QCOMPARE(scale.minFractionOf(3), 0.25);
        for (const char* bad : {"disk=0.1", "disk-io", "disk-io=0", "disk-io=1", "memory=0.5", "cpu=x"}) {
            try {
                parseResourceMinFractions(bad, scale);
                QFAIL(bad);
            } catch (const std::invalid_argument& error) {
                QVERIFY2(std::string(error.what()).find(bad) != std::string::npos, error.what());
            }
        }
    }

    void actionsStayWithinBoundsAndSkipNoOps()
    {
        policy::TargetObservation t = target();
        policy::PerControlResource<double> base = t.limit;
        base[policy::indexOf(policy::ControlResource::Network)] = 0; // unlimited: never scaled
        const std::vector<float> action{0.005f, 1.0f, -1.0f, 0.7f, 0.9f};
        const auto actions = limitActions(t, base, action, FirmActionScale{});
        QCOMPARE(actions.size(), std::size_t(3)); // CPU: +0.7 % is below the 1 % change threshold
        for (const auto& a : actions) {
            QVERIFY(a.kind == policy::ControlAction::Kind::SetLimit);
            QCOMPARE(a.target, std::string("svc"));
            QVERIFY(a.value >= 0.25 * 2.0 - 1e-12 && a.value <= 4 * 2.0 + 1e-12);
            QVERIFY(a.resource != kCpu && a.resource != policy::ControlResource::Network);
        }
        QCOMPARE(actions[0].value, 8.0);
        QCOMPARE(actions[1].value, 0.5);
    }

    void modelRoundTripsAndRejectsBadBytes()
    {
        FirmModel model;
        model.mode = policy::ControlTrainingMode::OneForEach;
        model.scale.maxFraction = 3;
        model.agents = {{"a", std::string("\x01\x02", 2)}, {"", "shared"}};
        const auto bytes = model.toBytes();
        const FirmModel back = FirmModel::fromBytes(bytes);
        QVERIFY(back.mode == policy::ControlTrainingMode::OneForEach);
        QCOMPARE(back.scale.maxFraction, 3.0);
        QCOMPARE(back.toBytes(), bytes);
        QCOMPARE(*back.agentFor("a"), std::string("\x01\x02", 2));
        QCOMPARE(*back.agentFor("other"), std::string("shared"));

        model.learner = FirmLearner::Sac;
        QVERIFY(FirmModel::fromBytes(model.toBytes()).learner == FirmLearner::Sac);
        // Format 2, from before the per-resource floors (bytes 40-79 of format 3), has none.
        model.scale.resourceMinFraction[3] = 0.001;
        const auto withFloor = model.toBytes();
        QCOMPARE(FirmModel::fromBytes(withFloor).scale.minFractionOf(3), 0.001);
        std::vector<std::uint8_t> formatTwo = withFloor;
        formatTwo[4] = 2;
        formatTwo.erase(formatTwo.begin() + 40, formatTwo.begin() + 80);
        QCOMPARE(FirmModel::fromBytes(formatTwo).scale.minFractionOf(3), 0.25);
        QVERIFY(FirmModel::fromBytes(formatTwo).learner == FirmLearner::Sac);
        // Format 1, from before the learner field, holds seed-ddpg agents.
        std::vector<std::uint8_t> formatOne = bytes;
        formatOne[4] = 1;
        formatOne.erase(formatOne.begin() + 40, formatOne.begin() + 80);
        formatOne.erase(formatOne.begin() + 8, formatOne.begin() + 12);
        const FirmModel old = FirmModel::fromBytes(formatOne);
        QVERIFY(old.learner == FirmLearner::SeedDdpg);
        QVERIFY(old.mode == policy::ControlTrainingMode::OneForEach);
        QCOMPARE(*old.agentFor("a"), std::string("\x01\x02", 2));
        auto future = bytes;
        future[4] = 4;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, (void)FirmModel::fromBytes(future));

        auto truncated = bytes;
        truncated.resize(bytes.size() - 3);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, (void)FirmModel::fromBytes(truncated));
        auto wrongMagic = bytes;
        wrongMagic[0] = 'X';
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, (void)FirmModel::fromBytes(wrongMagic));
    }

    void registryListsFirmAsTrainableControl()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_firm_descriptor());
        const policy::PluginInfo* info = registry.find("firm");
        QVERIFY(info != nullptr);
        QCOMPARE(policy::kindsToString(info->kinds), std::string("control"));
        QVERIFY(registry.isTrainable("firm"));
        QVERIFY(registry.isTrainableControl("firm"));
    }

    void abi3DescriptorWithoutTrainControlStillLoads()
    {
        // A plugin built before trainControl existed: its structSize ends before the field.
        static OrreryPluginDescriptor old = *orrery_firm_descriptor();
        old.id = "old-firm";
        old.structSize = policy::kDescriptorSizeBeforeTrainControl;
        QCOMPARE(policy::descriptorProblem(old), std::string());
        QVERIFY(policy::trainControlOf(old) == nullptr); // never read past the old struct
        policy::PluginRegistry registry;
        registry.registerStatic(&old);
        QVERIFY(!registry.isTrainableControl("old-firm"));
        QVERIFY(registry.createControl("old-firm") != nullptr);
    }

    void withoutModelHoldsOrActsNearBase()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_firm_descriptor());
        policy::Observation o;
        o.targets.push_back(target());
        QVERIFY(registry.createControl("firm")->decide(o).empty());
        // An untrained actor's outputs are within ±3e-3·(fan-in) of 0: limits within 1 % of base,
        // so nothing is sent at the default change threshold, and something with threshold 0.
        QVERIFY(registry.createControl("firm", {{"untrained", "act"}})->decide(o).empty());
        const auto moved = registry.createControl("firm", {{"untrained", "act"}, {"minRelativeChange", "0"}})->decide(o);
        QCOMPARE(moved.size(), std::size_t(5));
        for (const auto& a : moved)
            QVERIFY(std::abs(a.value - 2.0) < 0.02 * 2.0);
        o.targets.front().critical = false; // not a culprit: left alone
        QVERIFY(registry.createControl("firm", {{"untrained", "act"}, {"minRelativeChange", "0"}})->decide(o).empty());
    }
};

QTEST_GUILESS_MAIN(TestFirm)
#include "tst_firm.moc"
