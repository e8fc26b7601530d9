// The Slurm batch script: array sizes and throttles, cells per task, shell quoting, and the script
// itself run by bash for each array task with a stand-in orrery that logs its arguments, so the
// task → cell-file lines mapping is checked by executing it, not by reading it.
#include "ops/slurm_batch_script.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using orrery::app::SlurmBatchScript;
using orrery::app::SlurmBatchSettings;

namespace {

SlurmBatchSettings settingsFor(std::size_t cells, std::size_t perTask, std::size_t arrayMax)
{
    SlurmBatchSettings settings;
    settings.jobName = "orrery-t";
    settings.orrery = "/opt/orrery/bin/orrery";
    settings.experimentFile = "/e/x.yaml";
    settings.cellFile = "/e/cells.txt";
    settings.shardDir = "/e/shards";
    settings.cellCount = cells;
    settings.cellsPerTask = perTask;
    settings.arrayMax = arrayMax;
    return settings;
}

bool writeFile(const QString& path, const QByteArray& bytes, bool executable = false)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return false;
    file.close();
    return !executable || file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
}

} // namespace

class TestSlurmBatchScript : public QObject {
    Q_OBJECT

private slots:
    void arrays_data()
    {
        QTest::addColumn<int>("cells");
        QTest::addColumn<int>("perTask");
        QTest::addColumn<int>("arrayMax");
        QTest::addColumn<int>("tasks");
        QTest::addColumn<QString>("spec");
        QTest::newRow("oneCell") << 1 << 1 << 0 << 1 << "0";
        QTest::newRow("sixCells") << 6 << 1 << 0 << 6 << "0-5";
        QTest::newRow("throttled") << 6 << 1 << 2 << 6 << "0-5%2";
        QTest::newRow("throttleAboveTasks") << 6 << 1 << 10 << 6 << "0-5";
        QTest::newRow("batchedEven") << 6 << 3 << 0 << 2 << "0-1";
        QTest::newRow("batchedRemainder") << 7 << 3 << 0 << 3 << "0-2";
        QTest::newRow("zeroPerTaskMeansOne") << 4 << 0 << 0 << 4 << "0-3";
    }

    void arrays()
    {
        QFETCH(int, cells);
        QFETCH(int, perTask);
        QFETCH(int, arrayMax);
        QFETCH(int, tasks);
        QFETCH(QString, spec);
        const SlurmBatchScript script(settingsFor(cells, perTask, arrayMax));
        QCOMPARE(script.taskCount(), std::size_t(tasks));
        QCOMPARE(QString::fromStdString(script.arraySpec()), spec);
        QVERIFY(script.text().find("#SBATCH --array=" + spec.toStdString() + "\n") != std::string::npos);
        // The tasks cover every cell once, in order.
        std::size_t next = 0;
        for (std::size_t task = 0; task < script.taskCount(); ++task) {
            QCOMPARE(script.firstCellOf(task), next);
            QVERIFY(script.cellCountOf(task) >= 1);
            next += script.cellCountOf(task);
        }
        QCOMPARE(next, std::size_t(cells));
    }

    void cellsPerTask_data()
    {
        QTest::addColumn<int>("cells");
        QTest::addColumn<int>("maxTasks");
        QTest::addColumn<int>("perTask");
        QTest::newRow("fits") << 6 << 1000 << 1;
        QTest::newRow("exactly") << 1000 << 1000 << 1;
        QTest::newRow("oneOver") << 1001 << 1000 << 2;
        QTest::newRow("many") << 25000 << 1000 << 25;
        QTest::newRow("zeroMax") << 5 << 0 << 5;
    }

    void cellsPerTask()
    {
        QFETCH(int, cells);
        QFETCH(int, maxTasks);
        QFETCH(int, perTask);
        QCOMPARE(SlurmBatchScript::cellsPerTaskFor(std::size_t(cells), std::size_t(maxTasks)), std::size_t(perTask));
    }

    void optionalDirectives()
    {
        SlurmBatchSettings settings = settingsFor(2, 1, 0);
        QVERIFY(SlurmBatchScript(settings).text().find("--partition") == std::string::npos);
        QVERIFY(SlurmBatchScript(settings).text().find("--time") == std::string::npos);
        settings.partition = "gpu";
        settings.timeLimit = "0:30:00";
        settings.modelsFrom = "/e/p.orrery";
        const std::string text = SlurmBatchScript(settings).text();
        QVERIFY(text.find("#SBATCH --partition=gpu\n") != std::string::npos);
        QVERIFY(text.find("#SBATCH --time=0:30:00\n") != std::string::npos);
        QVERIFY(text.find("--models-from '/e/p.orrery'") != std::string::npos);
        QVERIFY(text.starts_with("#!/bin/bash\n"));
    }

    void quotes()
    {
        QCOMPARE(QString::fromStdString(SlurmBatchScript::shellQuoted("plain")), QStringLiteral("'plain'"));
        QCOMPARE(QString::fromStdString(SlurmBatchScript::shellQuoted("it's $HOME")), QStringLiteral("'it'\\''s $HOME'"));
        QCOMPARE(QString::fromStdString(SlurmBatchScript::shellQuoted("")), QStringLiteral("''"));
    }

    //! bash runs the script as task T of the array; the stand-in orrery logs each call.
    void runsTheCellsOfEachTask_data()
    {
        QTest::addColumn<int>("perTask");
        QTest::addColumn<int>("task");
        QTest::addColumn<QStringList>("cells");
        QTest::newRow("oneEach0") << 1 << 0 << QStringList{"p0.a.s1.r0"};
        QTest::newRow("oneEach4") << 1 << 4 << QStringList{"p0.a.s3.r0"};
        QTest::newRow("twoEach1") << 2 << 1 << QStringList{"p0.a.s2.r0", "p0.b.s2.r0"};
        QTest::newRow("twoEachLast") << 2 << 2 << QStringList{"p0.a.s3.r0"};
    }

    void runsTheCellsOfEachTask()
    {
        QFETCH(int, perTask);
        QFETCH(int, task);
        QFETCH(QStringList, cells);
        QTemporaryDir dir(QDir::tempPath() + "/orrery slurm 'quoted' XXXXXX"); // blanks and quotes in every path
        QVERIFY(dir.isValid());
        const QStringList all{"p0.a.s1.r0", "p0.b.s1.r0", "p0.a.s2.r0", "p0.b.s2.r0", "p0.a.s3.r0"};
        QVERIFY(writeFile(dir.filePath("cells.txt"), (all.join('\n') + '\n').toUtf8()));
        QVERIFY(writeFile(dir.filePath("fake orrery"),
                          "#!/bin/bash\nprintf '%s|' \"$@\" >> \"$(dirname \"$0\")/calls.txt\"\necho >> \"$(dirname \"$0\")/calls.txt\"\n"
                          "[ \"$5\" != p0.b.s2.r0 ]\n",
                          true));
        SlurmBatchSettings settings = settingsFor(std::size_t(all.size()), std::size_t(perTask), 0);
        settings.orrery = dir.filePath("fake orrery").toStdString();
        settings.cellFile = dir.filePath("cells.txt").toStdString();
        settings.shardDir = dir.filePath("shards").toStdString();
        settings.experimentFile = dir.filePath("x.yaml").toStdString();
        QVERIFY(writeFile(dir.filePath("job.sh"), QByteArray::fromStdString(SlurmBatchScript(settings).text())));

        QProcess bash;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("SLURM_ARRAY_TASK_ID", QString::number(task));
        bash.setProcessEnvironment(environment);
        bash.start("bash", {dir.filePath("job.sh")});
        QVERIFY(bash.waitForFinished(30000));
        // The stand-in fails for p0.b.s2.r0: the task's exit status says so, after running the rest.
        QCOMPARE(bash.exitCode(), cells.contains("p0.b.s2.r0") ? 1 : 0);

        QFile calls(dir.filePath("calls.txt"));
        QVERIFY(calls.open(QIODevice::ReadOnly));
        QStringList expected;
        for (const QString& cell : cells)
            expected << QString("cell|run|%1|--cell|%2|--out|%3/%2.orrery|--quiet|").arg(dir.filePath("x.yaml"), cell, dir.filePath("shards"));
        QCOMPARE(QString::fromUtf8(calls.readAll()).split('\n', Qt::SkipEmptyParts), expected);
    }
};

QTEST_GUILESS_MAIN(TestSlurmBatchScript)
#include "tst_slurm_batch_script.moc"
