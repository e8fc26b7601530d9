// The policy API's compatibility rule (policy/plugin_descriptor.h): within one major version, the
// layout of every type a plugin sees stays as it was, so a plugin built against any 1.x SDK keeps
// loading. These are the sizes of that layout at ORRERY_PLUGIN_ABI_VERSION 11 on x86-64 with
// libstdc++. A change that moves one is a new major version: bump ORRERY_PLUGIN_ABI_VERSION and
// ORRERY_POLICY_API_VERSION's major, then record the new sizes here.
#include "policy/control_training.h"
#include "policy/environment.h"
#include "policy/episode_reward_summary.h"
#include "policy/placement_sample.h"
#include "policy/plugin_export.h"
#include "policy/target_label.h"

#include <QTest>

using namespace orrery;

class TestPolicyApiLayout : public QObject {
    Q_OBJECT

private slots:
    void layoutIsFrozenWithinTheAbi_data()
    {
        QTest::addColumn<qulonglong>("size");
        QTest::addColumn<qulonglong>("frozen");
#define ORRERY_FROZEN(Type, bytes) QTest::newRow(#Type) << qulonglong(sizeof(Type)) << qulonglong(bytes)
        ORRERY_FROZEN(OrreryPluginDescriptor, 152);
        ORRERY_FROZEN(OrreryParamSpec, 56);
        ORRERY_FROZEN(policy::PolicyContext, 64);
        ORRERY_FROZEN(policy::ParamSet, 48);
        ORRERY_FROZEN(policy::PendingUnit, 248);
        ORRERY_FROZEN(policy::PlacementDecision, 12);
        ORRERY_FROZEN(policy::ClusterView, 8);
        ORRERY_FROZEN(model::Node, 104);
        ORRERY_FROZEN(model::Resources, 32);
        ORRERY_FROZEN(model::NodePoolSpec, 208);
        ORRERY_FROZEN(model::DeviceSpec, 48);
        ORRERY_FROZEN(model::ClusterSpec, 24);
        ORRERY_FROZEN(model::Cluster, 136);
        ORRERY_FROZEN(policy::Observation, 96);
        ORRERY_FROZEN(policy::TargetObservation, 360);
        ORRERY_FROZEN(policy::ControlAction, 56);
        ORRERY_FROZEN(policy::ActionOutcome, 152);
        ORRERY_FROZEN(policy::TargetLabel, 64);
        ORRERY_FROZEN(policy::BatchJob, 144);
        ORRERY_FROZEN(policy::BatchRequest, 88);
        ORRERY_FROZEN(policy::BatchDecision, 104);
        ORRERY_FROZEN(policy::BatchAssignment, 32);
        ORRERY_FROZEN(policy::PlannedPlacement, 48);
        ORRERY_FROZEN(policy::QueuedRequest, 80);
        ORRERY_FROZEN(policy::PlacementSample, 168);
        ORRERY_FROZEN(policy::PlacementTrainingSet, 32);
        ORRERY_FROZEN(policy::TrainingResult, 112);
        ORRERY_FROZEN(policy::ControlTrainingConfig, 40);
        ORRERY_FROZEN(policy::ControlTrainingProgress, 64);
        ORRERY_FROZEN(policy::ControlEpisodeReport, 72);
        ORRERY_FROZEN(policy::StepResult, 136);
        ORRERY_FROZEN(policy::EpisodeRewardSummary, 40);
#undef ORRERY_FROZEN
    }

    void layoutIsFrozenWithinTheAbi()
    {
#if !defined(__x86_64__) || !defined(__GLIBCXX__)
        QSKIP("the recorded sizes are those of x86-64 with libstdc++");
#endif
        QCOMPARE(ORRERY_PLUGIN_ABI_VERSION, 11u); // a new ABI records its own sizes
        QFETCH(qulonglong, size);
        QFETCH(qulonglong, frozen);
        QVERIFY2(size == frozen,
                 qPrintable(QStringLiteral("%1 is %2 bytes, %3 in ABI 11: a layout change is a new major version "
                                           "(policy/plugin_descriptor.h)")
                                .arg(QString::fromUtf8(QTest::currentDataTag()))
                                .arg(size)
                                .arg(frozen)));
    }

    void apiVersionMajorMatchesTheAbi()
    {
        // ABI 11 is policy API 1.x: the two move together from 1.5 on.
        QCOMPARE(QByteArray(ORRERY_POLICY_API_VERSION).split('.').front(), QByteArray("1"));
    }
};

QTEST_APPLESS_MAIN(TestPolicyApiLayout)
#include "tst_policy_api_layout.moc"
