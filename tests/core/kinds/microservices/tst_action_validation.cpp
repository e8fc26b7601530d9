#include "control_test_support.h"
#include "kinds/microservices/simulated_environment.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace orrery;
using policy::ActionOutcome;
using policy::ControlAction;
using policy::ControlResource;

Q_DECLARE_METATYPE(policy::ControlAction)

//! Action validation (seed 001 §3.2.5): bounds, NaN, unknown targets, oversubscription turned
//! into scale-out, the scale-in floor. Layout: 2 nodes × 2 cores; a/0 and b/0 on node-0, a/1 on node-1.
class TestActionValidation : public QObject {
    Q_OBJECT

private slots:
    void outcomes_data();
    void outcomes();
    void convertedScaleOutIsApplied();
};

namespace {

kinds::microservices::SimulatedEnvironment makeEnvironment(const QTemporaryDir& dir)
{
    const std::string graph = testing::writeFile(dir.filePath("chain.yaml").toStdString(), testing::kChainGraph);
    const std::string instances = "        default: {replicas: 1, cpu: 1, memory: 1Gi}\n        services:\n          a: {replicas: 2}\n";
    env::SimulatedEnvironmentOptions options;
    options.controlPeriod = 100 * sim::kMillisecond;
    options.stepsPerEpisode = 20;
    return kinds::microservices::SimulatedEnvironment(
        testing::loadScenario(testing::chainScenario(graph, "20/s", instances), dir.filePath("s.yaml").toStdString()), options);
}

} // namespace

void TestActionValidation::outcomes_data()
{
    QTest::addColumn<ControlAction>("action");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("appliedKind");
    QTest::addColumn<double>("appliedValue");
    const int applied = static_cast<int>(ActionOutcome::Status::Applied);
    const int converted = static_cast<int>(ActionOutcome::Status::Converted);
    const int rejected = static_cast<int>(ActionOutcome::Status::Rejected);
    const int limit = static_cast<int>(ControlAction::Kind::SetLimit);
    const int replicas = static_cast<int>(ControlAction::Kind::SetReplicas);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("cpu within node") << ControlAction::setLimit("b", ControlResource::Cpu, 1.0) << applied << limit << 1.0;
    QTest::newRow("cpu above node capacity") << ControlAction::setLimit("b", ControlResource::Cpu, 2.5) << rejected << limit << 2.5;
    QTest::newRow("cpu zero") << ControlAction::setLimit("b", ControlResource::Cpu, 0.0) << rejected << limit << 0.0;
    QTest::newRow("cpu negative") << ControlAction::setLimit("b", ControlResource::Cpu, -1.0) << rejected << limit << -1.0;
    QTest::newRow("NaN") << ControlAction::setLimit("b", ControlResource::Cpu, nan) << rejected << limit << nan;
    QTest::newRow("replicas unchanged") << ControlAction::setReplicas("b", 1) << applied << replicas << 1.0;
    QTest::newRow("unknown target") << ControlAction::setLimit("zz", ControlResource::Cpu, 1.0) << rejected << limit << 1.0;
    QTest::newRow("memory above node") << ControlAction::setLimit("b", ControlResource::Memory, 9.0 * (1 << 30)) << rejected << limit
                                       << 9.0 * (1 << 30);
    QTest::newRow("llc within node") << ControlAction::setLimit("b", ControlResource::Llc, 4.0) << applied << limit << 4.0;
    QTest::newRow("llc above node") << ControlAction::setLimit("b", ControlResource::Llc, 25.0) << rejected << limit << 25.0;
    QTest::newRow("network within node") << ControlAction::setLimit("a", ControlResource::Network, 2e8) << applied << limit << 2e8;
    // node-0 holds a/0 (1 core) and b/0 (1 core): a at 1.5 cores would need 2.5 of 2.
    QTest::newRow("oversubscribe -> scale out") << ControlAction::setLimit("a", ControlResource::Cpu, 1.5) << converted << replicas << 3.0;
    QTest::newRow("scale in to 0 -> 1") << ControlAction::setReplicas("a", 0) << converted << replicas << 1.0;
    QTest::newRow("scale in below 1 at 1") << ControlAction::setReplicas("b", 0) << rejected << replicas << 0.0;
    QTest::newRow("scale out") << ControlAction::setReplicas("b", 2) << applied << replicas << 2.0;
}

void TestActionValidation::outcomes()
{
    QFETCH(ControlAction, action);
    QFETCH(int, status);
    QFETCH(int, appliedKind);
    QFETCH(double, appliedValue);
    QTemporaryDir dir;
    auto environment = makeEnvironment(dir);
    environment.reset(1);
    const std::vector<ControlAction> actions{action};
    const auto result = environment.step(actions);
    QCOMPARE(result.outcomes.size(), std::size_t{1});
    const ActionOutcome& outcome = result.outcomes.front();
    QCOMPARE(static_cast<int>(outcome.status), status);
    if (outcome.status != ActionOutcome::Status::Applied)
        QVERIFY2(!outcome.reason.empty(), "a converted or rejected action says why");
    if (outcome.status != ActionOutcome::Status::Rejected) {
        QCOMPARE(static_cast<int>(outcome.applied.kind), appliedKind);
        QCOMPARE(outcome.applied.value, appliedValue);
    }
    const auto& stats = environment.episodeStats();
    QCOMPARE(stats.actionsRejected, std::uint64_t{status == static_cast<int>(ActionOutcome::Status::Rejected) ? 1u : 0u});
}

void TestActionValidation::convertedScaleOutIsApplied()
{
    QTemporaryDir dir;
    auto environment = makeEnvironment(dir);
    environment.reset(1);
    const std::vector<ControlAction> actions{ControlAction::setLimit("a", ControlResource::Cpu, 1.5)};
    const auto result = environment.step(actions); // warm start 45.7 ms < the 100 ms period
    QCOMPARE(result.outcomes.front().status, ActionOutcome::Status::Converted);
    QCOMPARE(result.observation.targets[0].name, std::string("a"));
    QCOMPARE(result.observation.targets[0].replicas, 3);
    QCOMPARE(result.observation.targets[0].limit[policy::indexOf(ControlResource::Cpu)], 1.0);
}

QTEST_APPLESS_MAIN(TestActionValidation)
#include "tst_action_validation.moc"
