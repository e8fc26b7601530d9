// The orrery executable end to end: exit codes, messages, files written (or not), determinism.
#include "store/project.h"

#include "cli_test_support.h"

#include <QtTest>

#include <csignal>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;
using orrery::testing::runProgram;

QString source(const QString& relative)
{
    return QStringLiteral(ORRERY_SOURCE_DIR) + '/' + relative;
}

QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void validateAcceptsTheDemo()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({"validate", source("resources/scenarios/demo.yaml")}, dir.path());
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains("ok"));
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void validateRejectsBadFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expectedLocation");
        QTest::addColumn<QString>("expectedText");
        QTest::newRow("negative count") << "negative_count.yaml" << "negative_count.yaml:12:16" << "spec.cluster.pools[0].count";
        QTest::newRow("empty") << "empty.yaml" << "empty.yaml:1" << "empty";
        QTest::newRow("binary") << "nul_byte.yaml" << "nul_byte.yaml:" << "";
        QTest::newRow("unknown plugin param") << "" << "" << "";
    }

    void validateRejectsBadFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, expectedLocation);
        QFETCH(QString, expectedText);
        QTemporaryDir dir;
        QString path = source("tests/fixtures/scenarios/bad/" + file);
        if (file.isEmpty()) {
            // A plugin parameter the plugin does not declare: caught by the registry's schema.
            QString text = QString::fromUtf8(readAll(source("resources/scenarios/demo.yaml")));
            text.replace("plugin: first-fit", "plugin: random\n      params:\n        maxProbs: 3");
            path = dir.filePath("param.yaml");
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
            out.close();
            expectedLocation = "param.yaml:";
            expectedText = "maxProbes";
        }
        const QStringList before = entries(dir.path());
        const CliResult result = runOrrery({"validate", path}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(expectedLocation), qPrintable(result.err));
        QVERIFY2(result.err.contains(expectedText), qPrintable(result.err));
        QVERIFY2(result.err.contains("error:"), qPrintable(result.err));
        QCOMPARE(entries(dir.path()), before);
    }

    void validateHandlesExperiments()
    {
        QTemporaryDir dir;
        const CliResult good = runOrrery({"validate", source("resources/experiments/demo-ab.yaml")}, dir.path());
        QCOMPARE(good.exitCode, 0);
        QVERIFY2(good.out.contains("ok (experiment demo-ab, 3 arms)"), qPrintable(good.out));

        QString text = QString::fromUtf8(readAll(source("resources/experiments/demo-ab.yaml")));
        text.replace("plugin: kube}", "plugin: kueb}");
        text.replace("../scenarios/demo.yaml", source("resources/scenarios/demo.yaml"));
        const QString path = dir.filePath("bad-experiment.yaml");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
        out.close();
        const CliResult bad = runOrrery({"validate", path}, dir.path());
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("bad-experiment.yaml:26:20: error: spec.arms[2].policies.placement.plugin: unknown plugin 'kueb' (did you mean 'kube'?)"),
                 qPrintable(bad.err));
        QCOMPARE(entries(dir.path()), QStringList{"bad-experiment.yaml"});
    }

    void runWithBadScenarioWritesNothing()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({"run", source("tests/fixtures/scenarios/bad/negative_count.yaml"), "--project",
                                         "p.orrery", "--summary-json", "s.json"},
                                        dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void runTwiceGivesIdenticalSummaries()
    {
        QTemporaryDir dir;
        const QString scenario = source("resources/scenarios/demo.yaml");
        const CliResult first = runOrrery({"run", scenario, "--project", "a.orrery", "--summary-json", "a.json", "--quiet"}, dir.path());
        QCOMPARE(first.exitCode, 0);
        const CliResult second = runOrrery({"run", scenario, "--project", "b.orrery", "--summary-json", "b.json", "--quiet"}, dir.path());
        QCOMPARE(second.exitCode, 0);
        const CliResult again = runOrrery({"run", scenario, "--project", "a.orrery", "--summary-json", "c.json", "--quiet"}, dir.path());
        QCOMPARE(again.exitCode, 0);
        const QByteArray a = readAll(dir.filePath("a.json"));
        QVERIFY(a.contains("\"jobs.completed\""));
        QCOMPARE(readAll(dir.filePath("b.json")), a);
        QCOMPARE(readAll(dir.filePath("c.json")), a);
        const CliResult otherSeed = runOrrery({"run", scenario, "--project", "a.orrery", "--summary-json", "d.json", "--seed", "43", "--quiet"}, dir.path());
        QCOMPARE(otherSeed.exitCode, 0);
        QVERIFY(readAll(dir.filePath("d.json")) != a);

        const auto project = orrery::store::Project::open(dir.filePath("a.orrery").toStdString());
        const auto runs = project.listRuns();
        QCOMPARE(runs.size(), std::size_t{3});
        for (const auto& run : runs)
            QVERIFY(run.status == orrery::sim::RunStatus::Completed);
        QCOMPARE(runs[2].seed, std::uint64_t{43});

        // The stored records of the two identical runs match too: metrics and every sample.
        const auto metricsA = project.metrics(runs[0].id);
        const auto metricsB = project.metrics(runs[1].id);
        QCOMPARE(metricsA.size(), metricsB.size());
        for (std::size_t i = 0; i < metricsA.size(); ++i) {
            QCOMPARE(metricsA[i].name, metricsB[i].name);
            QCOMPARE(std::memcmp(&metricsA[i].value, &metricsB[i].value, sizeof(double)), 0);
        }
        const auto seriesA = project.series(runs[0].id);
        const auto seriesB = project.series(runs[1].id);
        QCOMPARE(seriesA.size(), seriesB.size());
        QVERIFY(!seriesA.empty());
        for (std::size_t i = 0; i < seriesA.size(); ++i) {
            const auto samplesA = project.samples(seriesA[i].id);
            const auto samplesB = project.samples(seriesB[i].id);
            QCOMPARE(samplesA.size(), samplesB.size());
            QVERIFY(samplesA.size() > 100);
            QCOMPARE(std::memcmp(samplesA.data(), samplesB.data(), samplesA.size() * sizeof(samplesA[0])), 0);
        }
    }

    void demoWritesProjectAndSummary()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({"demo", "--quiet"}, dir.path());
        QCOMPARE(result.exitCode, 0);
        const QString project = dir.filePath("orrery-demo/demo.orrery");
        const QString summary = dir.filePath("orrery-demo/demo-summary.html");
        QVERIFY2(result.out.contains("project: " + project), qPrintable(result.out));
        QVERIFY2(result.out.contains("summary: " + summary), qPrintable(result.out));
        const QByteArray html = readAll(summary);
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY(html.contains("<svg"));
        QVERIFY(html.contains("jobs.completed"));
        QVERIFY(!html.contains("<script"));
    }

    void noCommandWithoutDisplayRunsTheDemo()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({}, dir.path());
        QCOMPARE(result.exitCode, 0);
        QVERIFY(QFile::exists(dir.filePath("orrery-demo/demo.orrery")));
    }

    void pluginsListsTheBuiltIns()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({"plugins"}, dir.path());
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains(QRegularExpression("first-fit\\s+placement\\s+\\S+\\s+\\S+liborrery_first-fit\\.so")));
        QVERIFY(result.out.contains("random"));
    }

    void projectArgumentWithoutDisplayNamesTheFileAndExitsTwo()
    {
        // `orrery FILE.orrery` (the desktop entry's %f) opens the window; headless it says why not
        // and names the file, and leaves the project as it was.
        QTemporaryDir dir;
        const QString path = dir.filePath("demo-copy.orrery");
        QVERIFY(runOrrery({"demo"}, dir.path()).exitCode == 0);
        QVERIFY(QFile::copy(dir.filePath("orrery-demo/demo.orrery"), path));
        const QByteArray before = readAll(path);
        const CliResult result = runOrrery({path}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(path + " is a project") && result.err.contains("display"), qPrintable(result.err));
        QCOMPARE(readAll(path), before);
    }

    void helpAndManualPageComeFromOneTable()
    {
        QTemporaryDir dir;
        const CliResult help = runOrrery({"help"}, dir.path());
        const CliResult man = runOrrery({"help", "--man"}, dir.path());
        QCOMPARE(help.exitCode, 0);
        QCOMPARE(man.exitCode, 0);
        QVERIFY(man.out.startsWith(".TH ORRERY 1"));
        for (const QString& command : {QStringLiteral("export-traces"), QStringLiteral("meta-train"), QStringLiteral("serve SCENARIO")}) {
            QVERIFY2(help.out.contains("  " + command), qPrintable(command));
            QVERIFY2(man.out.contains(".B " + QString(command).replace('-', QStringLiteral("\\-"))), qPrintable(command));
        }
        QCOMPARE(runOrrery({"help", "--bogus"}, dir.path()).exitCode, 2);
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown command") << QStringList{"rnu"} << "did you mean 'run'";
        QTest::newRow("unknown option") << QStringList{"run", "x.yaml", "--projcet", "p"} << "did you mean --project";
        QTest::newRow("missing project") << QStringList{"run", "x.yaml"} << "--project";
        QTest::newRow("bad seed") << QStringList{"demo", "--seed", "-1"} << "--seed";
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const CliResult result = runOrrery(args, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(expected), qPrintable(result.err));
        QVERIFY(entries(dir.path()).isEmpty());
    }

    void garbageProjectIsRejectedAndKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("notes.orrery");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("these are my notes, not a database\n");
        file.close();
        const CliResult result = runOrrery({"run", source("resources/scenarios/demo.yaml"), "--project", path, "--quiet"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(path), qPrintable(result.err));
        QCOMPARE(readAll(path), QByteArray("these are my notes, not a database\n"));
    }

    void interruptCancelsAndRecords()
    {
        QTemporaryDir dir;
        QString text = QString::fromUtf8(readAll(source("resources/scenarios/demo.yaml")));
        text.replace("horizon: 2h", "horizon: 365d");
        const QString scenario = dir.filePath("long.yaml");
        QFile out(scenario);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
        out.close();

        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(ORRERY_EXECUTABLE, {"run", scenario, "--project", "p.orrery"});
        process.setReadChannel(QProcess::StandardError);
        QVERIFY(process.waitForStarted());
        // Wait for the first progress line (stderr): the run is under way and recorded as running.
        QTRY_VERIFY_WITH_TIMEOUT(process.waitForReadyRead(100) || process.bytesAvailable() > 0, 30000);
        QVERIFY2(process.readAll().contains("simulated"), "expected a progress line");
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 130);
        const auto project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        const auto runs = project.listRuns();
        QCOMPARE(runs.size(), std::size_t{1});
        QVERIFY(runs[0].status == orrery::sim::RunStatus::Cancelled);
        QCOMPARE(QString::fromStdString(project.integrityCheck()), QString("ok"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
