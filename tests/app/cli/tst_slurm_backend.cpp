// `orrery experiment --backend slurm` against a real Slurm: a one-node cluster on loopback
// (LoopbackSlurm: munged, slurmctld, slurmd of Debian 12's slurm-wlm 22.05) runs a 2-arm x 3-seed
// experiment as a job array, and the merged project holds the same comparison, bit for bit, as a
// local `orrery experiment`. Also: Ctrl-C scancels the job and a second call submits only the
// missing cells; a task killed by scancel shows Slurm's state and message and reruns on resume;
// sbatch's refusal (no such partition) is recorded for every cell.
#include "store/experiment_store.h"
#include "store/project.h"

#include "cli_test_support.h"
#include "loopback_slurm.h"

#include <QtTest>

#include <bit>
#include <csignal>

namespace {

using orrery::testing::CliResult;
using orrery::testing::LoopbackSlurm;

const QString kOrrery = QStringLiteral(ORRERY_EXECUTABLE);
const QStringList kCells{"p0.first-fit.s1.r0", "p0.random.s1.r0", "p0.first-fit.s2.r0",
                         "p0.random.s2.r0",    "p0.first-fit.s3.r0", "p0.random.s3.r0"};

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

//! Every stored comparison row of the project's only experiment, each double as its bits.
QStringList storedComparison(const QString& path)
{
    orrery::store::Project project = orrery::store::Project::open(path.toStdString());
    orrery::store::ExperimentStore experiments(project);
    const auto all = experiments.listExperiments();
    if (all.size() != 1)
        return {"the project holds " + QString::number(all.size()) + " experiments"};
    QStringList rows;
    for (const orrery::store::ExperimentResultRow& row : experiments.results(all.front().id)) {
        QString line = QString::fromStdString(row.metric + " " + row.arm + " " + row.unit + " " + row.baselineArm) + " " +
                       QString::number(row.runs);
        for (const double value : {row.mean, row.p50, row.p90, row.p99, row.min, row.max, row.medianRatio, row.medianRatioLow,
                                   row.medianRatioHigh, row.mannWhitneyU, row.pValue, row.meanRatio, row.speedup})
            line += " " + QString::number(std::bit_cast<std::uint64_t>(value), 16);
        rows << line;
    }
    return rows;
}

//! Every completed cell's metric values as bits: "cell metric bits".
QStringList cellMetricBits(const QString& path)
{
    orrery::store::Project project = orrery::store::Project::open(path.toStdString());
    orrery::store::ExperimentStore experiments(project);
    QStringList lines;
    for (const auto& metric : experiments.cellMetrics(experiments.listExperiments().front().id)) {
        lines << QString::fromStdString(metric.cell.arm + " s" + std::to_string(metric.cell.seed) + " " + metric.metric) + " " +
                     QString::number(std::bit_cast<std::uint64_t>(metric.value), 16);
    }
    return lines;
}

//! Processes whose command line mentions `text` (read from /proc).
int processesMentioning(const QString& text)
{
    int count = 0;
    for (const QString& pid : QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile cmdline("/proc/" + pid + "/cmdline");
        if (pid.toInt() > 0 && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().replace('\0', ' ').contains(text.toUtf8()))
            ++count;
    }
    return count;
}

//! The comparison the command printed (stdout without its first line, which counts runs).
QString printedComparison(const QString& out)
{
    return out.mid(out.indexOf('\n'));
}

} // namespace

class TestSlurmBackend : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<LoopbackSlurm> m_slurm;
    QTemporaryDir m_dir;
    QString m_experiment;
    QString m_localOut;
    QStringList m_localComparison;
    QStringList m_localMetrics;

    //! Runs orrery to its end with SLURM_CONF set.
    CliResult orrery(const QStringList& args, const QString& dir)
    {
        QProcess process;
        process.setWorkingDirectory(dir);
        process.setProcessEnvironment(m_slurm->environment());
        process.start(kOrrery, args);
        if (!process.waitForFinished(90000)) {
            process.kill();
            process.waitForFinished();
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
                QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
    }

    //! A stand-in for orrery whose cells listed in DIR/slow-cells.txt sleep first (so they are
    //! still running when the test interrupts or kills them); the others run at once.
    QString slowOrrery(const QString& dir, const QStringList& slowCells)
    {
        const QString path = dir + "/slow-orrery";
        const QByteArray script = "#!/bin/bash\n"
                                  "if grep -qxF -- \"$5\" '" + dir.toUtf8() + "/slow-cells.txt'; then sleep 120; fi\n"
                                  "exec '" + kOrrery.toUtf8() + "' \"$@\"\n";
        if (!writeFile(path, script) || !writeFile(dir + "/slow-cells.txt", (slowCells.join('\n') + '\n').toUtf8()))
            return {};
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        return path;
    }

    //! Reads `process`'s stderr into `err` until it holds `text` (false after `timeoutMs`).
    static bool waitForText(QProcess& process, QString& err, const QString& text, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (!err.contains(text)) {
            if (timer.elapsed() > timeoutMs || process.state() == QProcess::NotRunning)
                return err.contains(text);
            process.waitForReadyRead(200);
            err += QString::fromUtf8(process.readAllStandardError());
        }
        return true;
    }

    static QString jobIdIn(const QString& err)
    {
        const QRegularExpressionMatch match = QRegularExpression("as slurm job (\\d+) ").match(err);
        return match.hasMatch() ? match.captured(1) : QString();
    }

    void checkEqualsLocal(const QString& project, const CliResult& result)
    {
        QCOMPARE(printedComparison(result.out), printedComparison(m_localOut));
        QCOMPARE(storedComparison(project), m_localComparison);
        QCOMPARE(cellMetricBits(project), m_localMetrics);
    }

private slots:
    void initTestCase()
    {
        if (const QStringList missing = LoopbackSlurm::missingPrograms(); !missing.isEmpty())
            QSKIP(qPrintable("Slurm or MUNGE programs missing (" + missing.join(", ") +
                             "): install Debian 12's slurm-wlm and munge (./orrery.sh does)"));
        m_slurm = std::make_unique<LoopbackSlurm>();
        QElapsedTimer timer;
        timer.start();
        const QString error = m_slurm->start();
        QVERIFY2(error.isEmpty(), qPrintable("the loopback Slurm did not start: " + error));
        qInfo("loopback Slurm up in %lld ms (%s)", timer.elapsed(), qPrintable(m_slurm->configPath()));

        // 2 arms x 3 seeds of the cells fixture's scenario.
        QVERIFY(m_dir.isValid());
        QVERIFY(QFile::copy(ORRERY_FIXTURE_DIR "/experiments/cells-tiny-scenario.yaml", m_dir.filePath("cells-tiny-scenario.yaml")));
        m_experiment = m_dir.filePath("slurm-tiny.yaml");
        QVERIFY(writeFile(m_experiment, "apiVersion: orrery.dev/v1\nkind: Experiment\nmetadata:\n  name: slurm-tiny\nspec:\n"
                                        "  scenario: cells-tiny-scenario.yaml\n  arms:\n"
                                        "    - name: first-fit\n      policies:\n        placement: {plugin: first-fit}\n"
                                        "    - name: random\n      policies:\n        placement: {plugin: random}\n"
                                        "  seeds: [1, 2, 3]\n"));
        const CliResult cells = orrery({"cell", "list", m_experiment}, m_dir.path());
        QCOMPARE(cells.out, kCells.join('\n') + '\n');

        const CliResult local = orrery({"experiment", m_experiment, "--project", "local.orrery", "--quiet"}, m_dir.path());
        QVERIFY2(local.exitCode == 0, qPrintable(local.err));
        m_localOut = local.out;
        m_localComparison = storedComparison(m_dir.filePath("local.orrery"));
        m_localMetrics = cellMetricBits(m_dir.filePath("local.orrery"));
        QVERIFY(m_localComparison.size() >= 4);
        QCOMPARE(m_localMetrics.size() % 6, 0);
    }

    void mergesToTheLocalComparison()
    {
        QTemporaryDir dir;
        QElapsedTimer timer;
        timer.start();
        const CliResult slurm = orrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm", "--poll", "0.2"},
                                       dir.path());
        const qint64 elapsed = timer.elapsed();
        QVERIFY2(slurm.exitCode == 0, qPrintable(slurm.err + m_slurm->logs()));
        QVERIFY2(slurm.err.contains("submitted 6 cells as slurm job"), qPrintable(slurm.err));
        QVERIFY2(slurm.err.contains("(array 0-5, 1 cell per task;"), qPrintable(slurm.err));
        QVERIFY2(slurm.err.contains("6/6 cells merged"), qPrintable(slurm.err));
        checkEqualsLocal(dir.filePath("p.orrery"), slurm);
        qInfo("6 cells submitted -> merged and compared in %lld ms (%.0f ms per cell)", elapsed, elapsed / 6.0);

        QFile status(dir.filePath("p.orrery.shards/status.tsv"));
        QVERIFY(status.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(status.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 7);
        for (int i = 1; i < lines.size(); ++i)
            QVERIFY2(lines[i].startsWith(kCells[i - 1] + "\tMERGED\t"), qPrintable(lines[i]));

        // A second call finds every cell complete: nothing is submitted, the comparison is the same.
        const CliResult again = orrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm"}, dir.path());
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(!again.err.contains("submitted"), qPrintable(again.err));
        QVERIFY2(again.out.contains("= 6 runs; 0 run now, 6 already complete\n"), qPrintable(again.out));
        checkEqualsLocal(dir.filePath("p.orrery"), again);
    }

    void interruptCancelsTheJobAndResumeSubmitsTheRest()
    {
        QTemporaryDir dir;
        // Cells 4-6 sleep: three tasks merge, then Ctrl-C while the others run or wait.
        const QString slow = slowOrrery(dir.path(), kCells.mid(3));
        QVERIFY(!slow.isEmpty());
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.setProcessEnvironment(m_slurm->environment());
        process.start(kOrrery, {"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm", "--poll", "0.2",
                                "--array-max", "2", "--orrery-path", slow});
        QString err;
        QVERIFY2(waitForText(process, err, "3/6 cells merged", 60000), qPrintable(err + m_slurm->logs()));
        QVERIFY2(err.contains("(array 0-5%2, 1 cell per task;"), qPrintable(err));
        const QString job = jobIdIn(err);
        QVERIFY(!job.isEmpty());
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(30000));
        err += QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 130);
        QVERIFY2(err.contains("interrupted; scancel " + job), qPrintable(err));
        QVERIFY2(err.contains("slurm job " + job + " cancelled (scancel); 3 of 6 cells complete"), qPrintable(err));
        // Slurm let go of every task: none pending or running.
        QVERIFY2(LoopbackSlurm::waitFor(
                     [&] {
                         const QString states = m_slurm->output("squeue", {"-j", job, "--states=all", "--noheader", "--format=%T"});
                         return !states.contains("PENDING") && !states.contains("RUNNING") && !states.contains("COMPLETING");
                     },
                     20000),
                 qPrintable(m_slurm->output("squeue", {"-j", job, "--states=all"})));

        // scancel killed the sleeping tasks' processes too.
        QVERIFY2(LoopbackSlurm::waitFor([&] { return processesMentioning(slow) == 0; }, 20000), qPrintable(slow));

        const CliResult resumed = orrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm", "--poll", "0.2"},
                                         dir.path());
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.err.contains("submitted 3 cells as slurm job"), qPrintable(resumed.err));
        QFile cells(dir.filePath("p.orrery.shards/cells-2.txt"));
        QVERIFY(cells.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(cells.readAll()), kCells.mid(3).join('\n') + '\n');
        checkEqualsLocal(dir.filePath("p.orrery"), resumed);
    }

    void killedTaskShowsSlurmsReasonAndRerunsOnResume()
    {
        QTemporaryDir dir;
        const QString slow = slowOrrery(dir.path(), {kCells[1]});
        QVERIFY(!slow.isEmpty());
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.setProcessEnvironment(m_slurm->environment());
        process.start(kOrrery, {"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm", "--poll", "0.2",
                                "--orrery-path", slow});
        QString err;
        QVERIFY2(waitForText(process, err, "as slurm job", 30000), qPrintable(err + m_slurm->logs()));
        const QString task = jobIdIn(err) + "_1";
        QVERIFY2(LoopbackSlurm::waitFor(
                     [&] {
                         return m_slurm->output("squeue", {"-j", task, "--noheader", "--format=%T"}).trimmed() == "RUNNING";
                     },
                     30000),
                 qPrintable(m_slurm->output("squeue", {"--states=all"})));
        QCOMPARE(m_slurm->runToEnd("scancel", {task}), QString());
        QVERIFY(process.waitForFinished(60000));
        err += QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 1);
        // Slurm's state, and slurmstepd's line from the task's log.
        QVERIFY2(err.contains("error: cell " + kCells[1] + " (slurm task " + task + "): CANCELLED"), qPrintable(err));
        QVERIFY2(err.contains("CANCELLED AT"), qPrintable(err));
        QVERIFY2(err.contains("1 cell failed under Slurm; 5 of 6 cells complete"), qPrintable(err));
        QFile status(dir.filePath("p.orrery.shards/status.tsv"));
        QVERIFY(status.open(QIODevice::ReadOnly));
        const QString table = QString::fromUtf8(status.readAll());
        QVERIFY2(table.contains(kCells[1] + "\tCANCELLED\t" + task + "\t"), qPrintable(table));
        QVERIFY2(table.contains(kCells[0] + "\tMERGED\t"), qPrintable(table));
        QVERIFY2(LoopbackSlurm::waitFor([&] { return processesMentioning(slow) == 0; }, 20000), qPrintable(slow));

        const CliResult resumed = orrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm", "--poll", "0.2"},
                                         dir.path());
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.err.contains("submitted 1 cell as slurm job"), qPrintable(resumed.err));
        checkEqualsLocal(dir.filePath("p.orrery"), resumed);
    }

    void sbatchRefusalIsRecordedPerCell()
    {
        QTemporaryDir dir;
        const CliResult result = orrery({"experiment", m_experiment, "--project", "p.orrery", "--backend", "slurm", "--partition",
                                         "nosuch"},
                                        dir.path());
        QCOMPARE(result.exitCode, 1);
        for (const QString& cell : kCells)
            QVERIFY2(result.err.contains("error: cell " + cell + ": SUBMIT_FAILED: sbatch: error: invalid partition specified: nosuch"),
                     qPrintable(result.err));
        QVERIFY2(result.err.contains("6 cells failed under Slurm; 0 of 6 cells complete"), qPrintable(result.err));
        QFile status(dir.filePath("p.orrery.shards/status.tsv"));
        QVERIFY(status.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(status.readAll()).count("\tSUBMIT_FAILED\t"), 6);
    }

    void cleanupTestCase()
    {
        if (m_slurm)
            m_slurm->stop();
    }
};

QTEST_GUILESS_MAIN(TestSlurmBackend)
#include "tst_slurm_backend.moc"
