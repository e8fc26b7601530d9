// A recording process killed at an arbitrary moment leaves a healthy file: every earlier run
// intact, the killed run marked 'interrupted' by the next open, its committed samples intact.
#include "crash_child_data.h"
#include "status_text.h"
#include "store/database.h"
#include "store/process_identity.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/statement.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <climits>
#include <thread>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

using namespace orrery;
using namespace orrery::store;
using orrery::store::testing::statusText;

namespace {

std::string statusOf(const std::string& path, RunId id)
{
    // A bare connection: reads the file as the killed process left it, without Project's recovery.
    Database db = Database::open(path, Database::OpenMode::ReadWrite);
    Statement query(db, "SELECT status FROM runs WHERE id = ?1");
    query.bindInt64(1, id);
    return query.step() ? query.columnText(0) : std::string("(no such run)");
}

std::optional<RunSummary> findRun(const Project& project, std::uint64_t seed)
{
    for (const RunSummary& run : project.listRuns()) {
        if (run.seed == seed)
            return run;
    }
    return std::nullopt;
}

//! Every sample of the run's series follows the child's formula, from index 0 without gaps.
void verifySamplePrefix(const Project& project, RunId run, std::int64_t expectedCount)
{
    const auto series = project.series(run);
    QCOMPARE(series.size(), std::size_t{1});
    QCOMPARE(series[0].name, std::string("queue.length"));
    const auto samples = project.samples(series[0].id);
    QCOMPARE(static_cast<std::int64_t>(samples.size()), series[0].sampleCount);
    if (expectedCount >= 0)
        QCOMPARE(static_cast<std::int64_t>(samples.size()), expectedCount);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const auto index = static_cast<std::int64_t>(i);
        if (samples[i].time != crashtest::sampleTime(index) || samples[i].value != crashtest::sampleValue(index))
            QFAIL(qPrintable(QStringLiteral("sample %1 differs from what the child recorded").arg(index)));
    }
}

void insertRunningRow(Database& db, const std::string& host, std::int64_t pid, const std::string& token,
                      const std::string& message)
{
    db.exec("INSERT OR IGNORE INTO scenarios (id, name, source_text, text_sha256, created_at) VALUES "
            "(1000, 'raw', 'x', '0000000000000000000000000000000000000000000000000000000000000000', "
            "'2024-01-01T00:00:00.000Z')");
    Statement insert(db, "INSERT INTO runs (scenario_id, seed, status, policies, horizon_ns, started_at, message, "
                         "owner_host, owner_pid, owner_start_token) "
                         "VALUES (1000, 0, 'running', '{}', 0, '2024-01-01T00:00:00.000Z', ?1, ?2, ?3, ?4)");
    insert.bindText(1, message).bindText(2, host).bindInt64(3, pid);
    if (token.empty())
        insert.bindNull(4);
    else
        insert.bindText(4, token);
    insert.run();
}

std::string statusByMessage(const Project& project, const std::string& message)
{
    Statement query(project.database(), "SELECT status FROM runs WHERE message = ?1");
    query.bindText(1, message);
    return query.step() ? query.columnText(0) : std::string("(no such run)");
}

} // namespace

class TestCrashRecovery : public QObject {
    Q_OBJECT

private slots:
    void killedRecorderLeavesInterruptedRun();
    void liveOwnerIsNotInterrupted();
    void deadOrForeignOwners();
};

void TestCrashRecovery::killedRecorderLeavesInterruptedRun()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("crash.orrery").toStdString();

    // Kill at different moments of the write loop; every kill lands on the same file, so each
    // round also checks that the runs of all earlier rounds survived.
    const std::chrono::milliseconds delays[] = {std::chrono::milliseconds(0), std::chrono::milliseconds(7),
                                                std::chrono::milliseconds(40), std::chrono::milliseconds(150)};
    std::uint64_t tag = 0;
    for (const auto delay : delays) {
        ++tag;
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QStringLiteral(STORE_CRASH_CHILD), {QString::fromStdString(path), QString::number(tag)});
        QVERIFY2(child.waitForStarted(10'000), qPrintable(child.errorString()));
        QByteArray output;
        QDeadlineTimer deadline(30'000);
        while (!output.contains("READY") && !deadline.hasExpired()) {
            if (!child.waitForReadyRead(1'000) && child.state() != QProcess::Running)
                break;
            output += child.readAllStandardOutput();
        }
        QVERIFY2(output.contains("READY"), "the child never reported a committed chunk");
        std::this_thread::sleep_for(delay);
        QCOMPARE(::kill(static_cast<pid_t>(child.processId()), SIGKILL), 0);
        QVERIFY(child.waitForFinished(10'000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        // Before any Project opens it, the killed run is still 'running' in the file.
        {
            Database bare = Database::open(path, Database::OpenMode::ReadWrite);
            Statement query(bare, "SELECT status FROM runs WHERE seed = ?1");
            query.bindInt64(1, static_cast<std::int64_t>(crashtest::killedSeed(tag)));
            QVERIFY(query.step());
            QCOMPARE(query.columnText(0), std::string("running"));
        }

        Project project = Project::open(path);
        QCOMPARE(project.integrityCheck(), std::string("ok"));

        for (std::uint64_t round = 1; round <= tag; ++round) {
            const auto complete = findRun(project, crashtest::completeSeed(round));
            QVERIFY(complete);
            QCOMPARE(statusText(complete->status), std::string("completed"));
            QCOMPARE(complete->message, std::string("done"));
            const auto metrics = project.metrics(complete->id);
            QCOMPARE(metrics.size(), std::size_t{2});
            QCOMPARE(metrics[0].name, std::string("jobs.completed"));
            QCOMPARE(metrics[0].value, crashtest::kJobsCompleted);
            QCOMPARE(metrics[1].name, std::string("latency.p99"));
            QCOMPARE(metrics[1].value, crashtest::latencyMetric(round));
            verifySamplePrefix(project, complete->id, crashtest::kCompleteSamples);
            if (QTest::currentTestFailed())
                return;

            const auto killed = findRun(project, crashtest::killedSeed(round));
            QVERIFY(killed);
            QCOMPARE(statusText(killed->status), std::string("interrupted"));
            QVERIFY2(killed->message.find("interrupted") != std::string::npos, killed->message.c_str());
            QVERIFY(killed->endedAt.empty());
            QVERIFY(project.metrics(killed->id).empty());  // metrics are only written by endRun
            verifySamplePrefix(project, killed->id, -1);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(project.samples(project.series(killed->id)[0].id).size() >= crashtest::kSamplesPerChunk);
        }
        QCOMPARE(project.listRuns().size(), std::size_t{2 * tag});
    }
}

void TestCrashRecovery::liveOwnerIsNotInterrupted()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("live.orrery").toStdString();

    Project writer = Project::open(path);
    ProjectRunRecorder recorder(writer);
    recorder.beginRun(crashtest::runInfo(7));
    const auto series = recorder.defineSeries("queue.length", "requests");
    for (std::int64_t i = 0; i < 5000; ++i)
        recorder.recordSample(series, crashtest::sampleTime(i), crashtest::sampleValue(i));
    recorder.flush();

    // A second opener (another window, the CLI) while this process is still recording.
    {
        Project reader = Project::open(path);
        QVERIFY(reader.recoveredRuns().empty());
        const auto run = reader.run(*recorder.runId());
        QVERIFY(run);
        QCOMPARE(statusText(run->status), std::string("running"));
        QCOMPARE(run->ownerPid, static_cast<std::int64_t>(::getpid()));
        verifySamplePrefix(reader, run->id, 5000);
    }
    QCOMPARE(statusOf(path, *recorder.runId()), std::string("running"));

    recorder.endRun(sim::RunStatus::Completed, "finished after the second opener");
    Project reopened = Project::open(path);
    QCOMPARE(statusText(reopened.run(*recorder.runId())->status), std::string("completed"));
}

void TestCrashRecovery::deadOrForeignOwners()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("owners.orrery").toStdString();
    { Project create = Project::open(path); }

    // A PID that certainly has no process: one that just exited and was reaped.
    QProcess shortLived;
    shortLived.start(QStringLiteral("/bin/true"), {});
    QVERIFY(shortLived.waitForStarted(10'000));
    const auto deadPid = static_cast<std::int64_t>(shortLived.processId());
    QVERIFY(shortLived.waitForFinished(10'000));
    QCOMPARE(::kill(static_cast<pid_t>(deadPid), 0), -1);

    const ProcessIdentity self = ProcessIdentity::current();
    {
        Database db = Database::open(path, Database::OpenMode::ReadWrite);
        insertRunningRow(db, self.host, deadPid, "", "dead pid, v1-style row without token");
        insertRunningRow(db, self.host, self.pid, self.startToken, "this live process");
        insertRunningRow(db, "build-farm-17.example.org", deadPid, "", "another host");
        if (!self.startToken.empty()) {
            // Our PID, but the token of a process that started at another time: the PID was reused.
            insertRunningRow(db, self.host, self.pid, self.startToken + "0", "reused pid");
            // Written during another boot of this host.
            insertRunningRow(db, self.host, self.pid, "another-boot/1", "previous boot");
        }
        insertRunningRow(db, self.host, 0, "", "pid zero");
    }

    Project project = Project::open(path);
    QCOMPARE(statusByMessage(project, "this live process"), std::string("running"));
    QCOMPARE(statusByMessage(project, "another host"), std::string("running"));
    // Recovery rewrites the message of the rows it marks, so look them up by status.
    std::size_t expectedRecovered = 2;
    if (!self.startToken.empty())
        expectedRecovered += 2;
    QCOMPARE(project.recoveredRuns().size(), expectedRecovered);
    for (const RunId id : project.recoveredRuns()) {
        const auto run = project.run(id);
        QVERIFY(run);
        QCOMPARE(statusText(run->status), std::string("interrupted"));
        QVERIFY2(run->message.find("pid " + std::to_string(run->ownerPid)) != std::string::npos, run->message.c_str());
        QCOMPARE(run->ownerHost, self.host);
    }
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "tst_crash_recovery.moc"
