// Slurm's State column → SlurmTaskState: long names, squeue's short codes, sacct's "CANCELLED by
// UID" and a truncated "COMPLETED+"; which states are final and which are failures.
#include "ops/slurm_task_state.h"

#include <QtTest>

using orrery::app::SlurmTaskState;

Q_DECLARE_METATYPE(SlurmTaskState)

namespace {

//! States compared by name (QCOMPARE would pick orrery::app::toString through ADL).
QString name(SlurmTaskState state)
{
    return QString::fromStdString(orrery::app::toString(state));
}

} // namespace

class TestSlurmTaskState : public QObject {
    Q_OBJECT

private slots:
    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<SlurmTaskState>("state");
        QTest::addColumn<bool>("final");
        QTest::addColumn<bool>("failure");
        QTest::newRow("pending") << "PENDING" << SlurmTaskState::Pending << false << false;
        QTest::newRow("pendingShort") << "PD" << SlurmTaskState::Pending << false << false;
        QTest::newRow("requeued") << "REQUEUED" << SlurmTaskState::Pending << false << false;
        QTest::newRow("running") << "RUNNING" << SlurmTaskState::Running << false << false;
        QTest::newRow("completing") << "COMPLETING" << SlurmTaskState::Running << false << false;
        QTest::newRow("completed") << "COMPLETED" << SlurmTaskState::Completed << true << false;
        QTest::newRow("completedTruncated") << "COMPLETED+" << SlurmTaskState::Completed << true << false;
        QTest::newRow("failed") << "FAILED" << SlurmTaskState::Failed << true << true;
        QTest::newRow("bootFail") << "BOOT_FAIL" << SlurmTaskState::Failed << true << true;
        QTest::newRow("cancelledBy") << "CANCELLED by 1000" << SlurmTaskState::Cancelled << true << true;
        QTest::newRow("cancelledShort") << "CA" << SlurmTaskState::Cancelled << true << true;
        QTest::newRow("timeout") << "TIMEOUT" << SlurmTaskState::Timeout << true << true;
        QTest::newRow("nodeFail") << "NODE_FAIL" << SlurmTaskState::NodeFail << true << true;
        QTest::newRow("preempted") << "PREEMPTED" << SlurmTaskState::Preempted << true << true;
        QTest::newRow("oom") << "OUT_OF_MEMORY" << SlurmTaskState::OutOfMemory << true << true;
        QTest::newRow("blanks") << "  TIMEOUT " << SlurmTaskState::Timeout << true << true;
        QTest::newRow("unknown") << "FROBNICATED" << SlurmTaskState::Unknown << false << false;
        QTest::newRow("empty") << "" << SlurmTaskState::Unknown << false << false;
        QTest::newRow("prefixIsNotAState") << "COMPLETEDX" << SlurmTaskState::Unknown << false << false;
    }

    void parses()
    {
        QFETCH(QString, text);
        QFETCH(SlurmTaskState, state);
        QFETCH(bool, final);
        QFETCH(bool, failure);
        const SlurmTaskState parsed = orrery::app::parseSlurmTaskState(text.toStdString());
        QCOMPARE(name(parsed), name(state));
        QCOMPARE(orrery::app::isFinal(parsed), final);
        QCOMPARE(orrery::app::isFailure(parsed), failure);
    }

    void longNamesRoundTrip()
    {
        for (const SlurmTaskState state : {SlurmTaskState::Pending, SlurmTaskState::Running, SlurmTaskState::Completed,
                                           SlurmTaskState::Failed, SlurmTaskState::Cancelled, SlurmTaskState::Timeout,
                                           SlurmTaskState::NodeFail, SlurmTaskState::Preempted, SlurmTaskState::OutOfMemory})
            QCOMPARE(name(orrery::app::parseSlurmTaskState(orrery::app::toString(state))), name(state));
        QCOMPARE(QString::fromStdString(orrery::app::toString(SlurmTaskState::Unknown)), QStringLiteral("UNKNOWN"));
    }
};

QTEST_GUILESS_MAIN(TestSlurmTaskState)
#include "tst_slurm_task_state.moc"
