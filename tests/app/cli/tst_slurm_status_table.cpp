// Reading Slurm's status tables: array-task job ids ("123_4", pending remainders "123_[0-3,7%2]",
// steps "123_4.batch" skipped), sacct --parsable2 (State, ExitCode, Reason) and squeue %i|%T|%r.
// The sacct and squeue texts are as Slurm 22.05 prints them.
#include "ops/slurm_status_table.h"

#include <QtTest>

using orrery::app::SlurmTaskState;
using orrery::app::SlurmTaskStatus;

namespace {

//! "task:STATE:exit:reason" per status, for comparing whole tables at once.
QStringList described(const std::vector<SlurmTaskStatus>& statuses)
{
    QStringList lines;
    for (const SlurmTaskStatus& status : statuses) {
        lines << QString("%1:%2:%3:%4")
                     .arg(status.task)
                     .arg(QString::fromStdString(orrery::app::toString(status.state)), QString::fromStdString(status.exitCode),
                          QString::fromStdString(status.reason));
    }
    return lines;
}

} // namespace

class TestSlurmStatusTable : public QObject {
    Q_OBJECT

private slots:
    void arrayTasks_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("job");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QList<int>>("tasks");
        QTest::newRow("one") << "123_4" << "123" << true << QList<int>{4};
        QTest::newRow("range") << "123_[0-3]" << "123" << true << QList<int>{0, 1, 2, 3};
        QTest::newRow("listAndThrottle") << "123_[0-2,7%2]" << "123" << true << QList<int>{0, 1, 2, 7};
        QTest::newRow("step") << "123_[0-6:3]" << "123" << true << QList<int>{0, 3, 6};
        QTest::newRow("batchStep") << "123_4.batch" << "123" << false << QList<int>{};
        QTest::newRow("externStep") << "123_4.extern" << "123" << false << QList<int>{};
        QTest::newRow("otherJob") << "1234_4" << "123" << false << QList<int>{};
        QTest::newRow("prefixJob") << "12_4" << "123" << false << QList<int>{};
        QTest::newRow("notAnArray") << "123" << "123" << false << QList<int>{};
        QTest::newRow("backwards") << "123_[5-2]" << "123" << false << QList<int>{};
        QTest::newRow("unclosed") << "123_[5-7" << "123" << false << QList<int>{};
        QTest::newRow("garbage") << "123_x" << "123" << false << QList<int>{};
    }

    void arrayTasks()
    {
        QFETCH(QString, field);
        QFETCH(QString, job);
        QFETCH(bool, valid);
        QFETCH(QList<int>, tasks);
        const auto parsed = orrery::app::arrayTasksOf(field.toStdString(), job.toStdString());
        QCOMPARE(parsed.has_value(), valid);
        if (!parsed)
            return;
        QList<int> got;
        for (const std::size_t task : *parsed)
            got << static_cast<int>(task);
        QCOMPARE(got, tasks);
    }

    void sacct_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("finishedSteps") << "77_0|COMPLETED|0:0|None\n77_0.batch|COMPLETED|0:0|\n77_0.extern|COMPLETED|0:0|\n"
                                          "77_1|FAILED|1:0|NonZeroExitCode\n77_1.batch|FAILED|1:0|\n"
                                       << QStringList{"0:COMPLETED:0:0:", "1:FAILED:1:0:NonZeroExitCode"};
        QTest::newRow("slurmFailures") << "77_2|TIMEOUT|0:0|TimeLimit\n77_3|NODE_FAIL|0:0|NodeDown\n"
                                          "77_4|PREEMPTED|0:0|None\n77_5|CANCELLED by 0|0:15|None\n77_6|OUT_OF_MEMORY|0:125|None\n"
                                       << QStringList{"2:TIMEOUT:0:0:TimeLimit", "3:NODE_FAIL:0:0:NodeDown",
                                                      "4:PREEMPTED:0:0:", "5:CANCELLED:0:15:", "6:OUT_OF_MEMORY:0:125:"};
        QTest::newRow("pendingRemainder") << "77_[2-4%2]|PENDING|0:0|JobArrayTaskLimit\n77_1|RUNNING|0:0|None\n"
                                          << QStringList{"2:PENDING:0:0:JobArrayTaskLimit", "3:PENDING:0:0:JobArrayTaskLimit",
                                                         "4:PENDING:0:0:JobArrayTaskLimit", "1:RUNNING:0:0:"};
        QTest::newRow("otherJobsAndBlankLines") << "\n78_0|COMPLETED|0:0|None\n\n77_0|RUNNING|0:0|None\r\n"
                                                << QStringList{"0:RUNNING:0:0:"};
        QTest::newRow("reasonWithBar") << "77_0|PENDING|0:0|a|b\n" << QStringList{"0:PENDING:0:0:a|b"};
        QTest::newRow("shortLine") << "77_0|PENDING\n" << QStringList{};
        QTest::newRow("accountingDisabled") << "Slurm accounting storage is disabled\n" << QStringList{};
    }

    void sacct()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QCOMPARE(described(orrery::app::parseSacctTable(text.toStdString(), "77")), expected);
    }

    void squeue_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("asSlurmPrintsIt")
            << "11_[0,2-3]|PENDING|Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority "
               "partitions,JobHeldAdmin\n11_1|CANCELLED|None\n11_4|COMPLETED|None\n11_5|FAILED|NonZeroExitCode\n"
            << QStringList{"0:PENDING::Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority "
                           "partitions,JobHeldAdmin",
                           "2:PENDING::Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority "
                           "partitions,JobHeldAdmin",
                           "3:PENDING::Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority "
                           "partitions,JobHeldAdmin",
                           "1:CANCELLED::", "4:COMPLETED::", "5:FAILED::NonZeroExitCode"};
        QTest::newRow("empty") << "" << QStringList{};
        QTest::newRow("invalidJob") << "slurm_load_jobs error: Invalid job id specified\n" << QStringList{};
    }

    void squeue()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QCOMPARE(described(orrery::app::parseSqueueTable(text.toStdString(), "11")), expected);
    }

    void keepsSlurmsStateText()
    {
        const auto statuses = orrery::app::parseSacctTable("9_0|CANCELLED by 1000|0:15|None\n", "9");
        QCOMPARE(statuses.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(statuses[0].stateText), QStringLiteral("CANCELLED by 1000"));
        QVERIFY(statuses[0].state == SlurmTaskState::Cancelled);
    }
};

QTEST_GUILESS_MAIN(TestSlurmStatusTable)
#include "tst_slurm_status_table.moc"
