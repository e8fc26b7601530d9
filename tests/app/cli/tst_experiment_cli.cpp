// `orrery experiment` end to end: the comparison table of a tiny experiment over the demo
// scenario, resuming on a rerun, exit 2 with file:line:column and nothing written for bad
// input, and Ctrl-C (SIGINT) cancelling with exit 130 while keeping completed runs.
#include "store/project.h"

#include "cli_test_support.h"

#include <QtTest>

#include <csignal>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;
using orrery::testing::runProgram;

QString demoScenario()
{
    return QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/demo.yaml");
}

//! first-fit vs random on the demo scenario, 2 seeds, jobs 100 and 200: 8 runs.
QString tinyExperiment(const QString& seeds = "[1, 2]")
{
    return QStringLiteral("apiVersion: orrery.dev/v1\n"
                          "kind: Experiment\n"
                          "metadata:\n"
                          "  name: demo-small\n"
                          "spec:\n"
                          "  scenario: %1\n"
                          "  arms:\n"
                          "    - name: first-fit\n"
                          "      policies:\n"
                          "        placement: {plugin: first-fit}\n"
                          "    - name: random\n"
                          "      policies:\n"
                          "        placement: {plugin: random}\n"
                          "  seeds: %2\n"
                          "  sweep: {parameter: jobs, values: [100, 200]}\n")
        .arg(demoScenario(), seeds);
}

void writeFile(const QString& path, const QString& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.toUtf8());
}

QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

//! stdout without its first line (which says how many runs ran now).
QString tables(const QString& out)
{
    return out.mid(out.indexOf('\n') + 1);
}

} // namespace

class TestExperimentCli : public QObject {
    Q_OBJECT

private slots:
    void printsTheComparisonAndResumes()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("exp.yaml"), tinyExperiment());
        const CliResult first = runOrrery({"experiment", "exp.yaml", "--project", "p.orrery", "--jobs", "2"}, dir.path());
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QVERIFY2(first.out.startsWith("experiment demo-small (id 1 in p.orrery): 2 sweep points x 2 arms x 2 seeds x 1 repeat "
                                      "= 8 runs; 8 run now, 0 already complete\n"),
                 qPrintable(first.out));
        // A table per metric: the sweep column, every arm's mean, the treatment's speedup.
        for (const char* metric : {"job.completion_time.mean: mean of", "job.completion_time.p99: mean of"})
            QVERIFY2(first.out.contains(metric), qPrintable(first.out));
        const QRegularExpression header(QStringLiteral("\\n  jobs   first-fit +random   random vs first-fit\\n"));
        QCOMPARE(first.out.count(header), 2);
        const QRegularExpression row(QStringLiteral("\\n  100 +[0-9.,]+ (s|min|ms) +[0-9.,]+ (s|min|ms) +[0-9.]+×\\n  200 +[0-9.,]+ (s|min|ms) +[0-9.,]+ (s|min|ms) +[0-9.]+×\\n"));
        QVERIFY2(row.match(first.out).hasMatch(), qPrintable(first.out));
        QVERIFY2(first.out.contains("ratio of medians to first-fit [95% bootstrap CI], Mann-Whitney p:"), qPrintable(first.out));
        QVERIFY2(first.err.contains("experiment demo-small  8/8 runs  100%"), qPrintable(first.err));
        {
            orrery::store::Project project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
            QCOMPARE(project.listRuns().size(), std::size_t{8});
        }

        const CliResult again = runOrrery({"experiment", "exp.yaml", "--project", "p.orrery", "--quiet"}, dir.path());
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.out.startsWith("experiment demo-small (id 1 in p.orrery): 2 sweep points x 2 arms x 2 seeds x "
                                      "1 repeat = 8 runs; 0 run now, 8 already complete\n"),
                 qPrintable(again.out));
        QCOMPARE(tables(again.out), tables(first.out));
        QVERIFY2(again.err.isEmpty(), qPrintable(again.err)); // --quiet
        orrery::store::Project project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        QCOMPARE(project.listRuns().size(), std::size_t{8});

        // Another project gets the same figures.
        const CliResult elsewhere = runOrrery({"experiment", "exp.yaml", "--project", "q.orrery", "--jobs", "1", "--quiet"}, dir.path());
        QCOMPARE(elsewhere.exitCode, 0);
        QCOMPARE(tables(elsewhere.out), tables(first.out));
    }

    void badInputWritesNothing_data()
    {
        QTest::addColumn<QString>("find");
        QTest::addColumn<QString>("replace");
        QTest::addColumn<QStringList>("extraArgs");
        QTest::addColumn<QString>("expected");
        QTest::newRow("kind") << "kind: Experiment" << "kind: Experimnet" << QStringList{}
                              << "exp.yaml:2:7: error: kind: this file has kind \"Experimnet\" (did you mean 'Experiment'?)";
        QTest::newRow("unknown plugin") << "{plugin: random}" << "{plugin: randon}" << QStringList{}
                                        << "exp.yaml:13:20: error: spec.arms[1].policies.placement.plugin: unknown plugin 'randon' (did you mean 'random'?)";
        QTest::newRow("sweep") << "parameter: jobs" << "parameter: job" << QStringList{}
                               << "exp.yaml:15:22: error: spec.sweep.parameter: unknown sweep parameter 'job' (did you mean 'jobs'?)";
        QTest::newRow("jobs zero") << "" << "" << QStringList{"--jobs", "0"} << "option --jobs: expected 1 to 4096";
        QTest::newRow("jobs text") << "" << "" << QStringList{"--jobs", "all"} << "option --jobs: expected a non-negative integer";
        QTest::newRow("unknown option") << "" << "" << QStringList{"--job", "2"} << "--job";
    }

    void badInputWritesNothing()
    {
        QFETCH(QString, find);
        QFETCH(QString, replace);
        QFETCH(QStringList, extraArgs);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QString text = tinyExperiment();
        if (!find.isEmpty()) {
            QVERIFY(text.contains(find));
            text.replace(find, replace);
        }
        writeFile(dir.filePath("exp.yaml"), text);
        const CliResult result = runOrrery(QStringList{"experiment", "exp.yaml", "--project", "p.orrery"} + extraArgs, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(expected), qPrintable(result.err));
        QCOMPARE(entries(dir.path()), QStringList{"exp.yaml"});
    }

    void projectIsRequired()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("exp.yaml"), tinyExperiment());
        const CliResult result = runOrrery({"experiment", "exp.yaml"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("--project FILE.orrery is required"), qPrintable(result.err));
    }

    void trainablePluginsUseTheProjectsModel()
    {
        // Octopus needs a trained model: without one the experiment is refused before anything
        // is run; after `orrery train` it runs with the project's latest model.
        QTemporaryDir dir;
        const QString experiment = QStringLiteral("apiVersion: orrery.dev/v1\n"
                                                  "kind: Experiment\n"
                                                  "metadata: {name: octopus-check}\n"
                                                  "spec:\n"
                                                  "  scenario: %1\n"
                                                  "  arms:\n"
                                                  "    - {name: first-fit, policies: {placement: {plugin: first-fit}}}\n"
                                                  "    - {name: octopus, policies: {placement: {plugin: octopus}}}\n"
                                                  "  seeds: [1, 2]\n"
                                                  "  sweep: {parameter: jobs, values: [200, 400]}\n")
                                       .arg(QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/octopus-small.yaml"));
        writeFile(dir.filePath("exp.yaml"), experiment);
        const CliResult untrained = runOrrery({"experiment", "exp.yaml", "--project", "p.orrery", "--quiet"}, dir.path());
        if (untrained.err.contains("unknown plugin 'octopus'"))
            QSKIP("the octopus plugin is not part of this build");
        QCOMPARE(untrained.exitCode, 2);
        QVERIFY2(untrained.err.contains("octopus needs a trained model"), qPrintable(untrained.err));
        QCOMPARE(entries(dir.path()), QStringList{"exp.yaml"});

        const CliResult train = runOrrery({"train", "octopus", "--scenario", ORRERY_SOURCE_DIR "/resources/scenarios/octopus-small.yaml",
                                        "--project", "p.orrery", "--quiet"},
                                       dir.path());
        QVERIFY2(train.exitCode == 0, qPrintable(train.err));
        const CliResult trained = runOrrery({"experiment", "exp.yaml", "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(trained.exitCode == 0, qPrintable(trained.err));
        QVERIFY2(trained.out.contains("octopus vs first-fit"), qPrintable(trained.out));
    }

    void interruptKeepsCompletedRuns()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("exp.yaml"), tinyExperiment("{count: 5000}")); // 20,000 runs: far more than the test waits for
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.setProcessEnvironment(orrery::testing::headlessEnvironment());
        process.start(ORRERY_EXECUTABLE, {"experiment", "exp.yaml", "--project", "p.orrery", "--jobs", "2"});
        QVERIFY(process.waitForStarted());
        QByteArray err;
        QElapsedTimer timer;
        timer.start();
        while (!err.contains("experiment demo-small") && timer.elapsed() < 60000) {
            process.waitForReadyRead(1000);
            err += process.readAllStandardError();
        }
        QVERIFY2(err.contains("experiment demo-small"), err.constData());
        QTest::qWait(300);
        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(60000));
        err += process.readAllStandardError();
        QCOMPARE(process.exitCode(), 130);
        QVERIFY2(err.contains("experiment demo-small cancelled: ") && err.contains("run the same command again to resume"),
                 err.constData());
        orrery::store::Project project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        std::size_t completed = 0;
        for (const auto& run : project.listRuns()) {
            QVERIFY(run.status == orrery::sim::RunStatus::Completed || run.status == orrery::sim::RunStatus::Cancelled);
            completed += run.status == orrery::sim::RunStatus::Completed ? 1 : 0;
        }
        QVERIFY(completed < 20000);
        QVERIFY2(err.contains(QString("cancelled: %1 of 20000 runs complete").arg(completed).toUtf8()), err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExperimentCli)
#include "tst_experiment_cli.moc"
