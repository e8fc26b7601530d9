// `orrery train` end to end: traces from a simulated scenario, an octopus model trained on them
// and stored in the project, `orrery run` placing with it, and bad input writing nothing.
#include "store/project.h"

#include "cli_test_support.h"

#include <QtTest>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;
using orrery::testing::runProgram;

QString source(const QString& relative)
{
    return QStringLiteral(ORRERY_SOURCE_DIR) + '/' + relative;
}

QString octopusSmall()
{
    return source("resources/scenarios/octopus-small.yaml");
}

QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

//! A copy of octopus-small in `dir` with `from` replaced by `to` (which must occur).
QString variant(const QTemporaryDir& dir, const QString& name, const QString& from, const QString& to)
{
    QFile in(octopusSmall());
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read octopus-small.yaml");
    QString text = QString::fromUtf8(in.readAll());
    if (!text.contains(from))
        qFatal("octopus-small.yaml no longer contains '%s'", qPrintable(from));
    text.replace(from, to);
    const QString path = dir.filePath(name);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    out.write(text.toUtf8());
    return path;
}

//! The value printed as "  <name> = <value>"; NaN when absent.
double printedMetric(const QString& out, const QString& name)
{
    const auto match = QRegularExpression("^  " + QRegularExpression::escape(name) + R"( = (\S+))",
                                          QRegularExpression::MultilineOption)
                           .match(out);
    return match.hasMatch() ? match.captured(1).toDouble() : std::numeric_limits<double>::quiet_NaN();
}

double storedMetric(const orrery::store::StoredModel& model, const std::string& name)
{
    for (const auto& [key, value] : model.metrics) {
        if (key == name)
            return value;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace

class TestTrain : public QObject {
    Q_OBJECT

private slots:
    void trainsOctopusOnOctopusSmall()
    {
        QTemporaryDir dir;
        const CliResult result =
            runOrrery({"train", "octopus", "--scenario", octopusSmall(), "--project", "p.orrery"}, dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.err.contains("collected"), qPrintable(result.err));
        QVERIFY2(result.err.contains("collect octopus-small 100%"), qPrintable(result.err)); // progress lines
        QVERIFY(result.out.contains("held-out accuracy"));
        QVERIFY(result.out.contains(QRegularExpression(R"(model 1 of octopus \(\d+ bytes, \d+ samples\) stored in p\.orrery)")));

        // The scenario draws each task's latency with log-normal noise (latencySigma 0.3), so
        // no predictor is within 10% of most observations; the model must reach the ceiling
        // that noise leaves (the accuracy of the true medians), and rank kinds correctly.
        const double accuracy = printedMetric(result.out, "heldout_accuracy");
        const double ceiling = printedMetric(result.out, "heldout_accuracy_ceiling");
        QVERIFY2(accuracy >= ceiling - 0.05, qPrintable(result.out));
        QVERIFY2(ceiling < 0.5, qPrintable(result.out)); // if this fails, the noise went down: see below

        const auto project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        const auto models = project.listModels();
        QCOMPARE(models.size(), std::size_t{1});
        QCOMPARE(models[0].plugin, std::string("octopus"));
        QCOMPARE(models[0].scenarioName, std::string("octopus-small"));
        QCOMPARE(models[0].seed, std::uint64_t{1});
        QVERIFY(models[0].sampleCount > 1000); // 1000 jobs of one to four tasks
        QVERIFY(models[0].byteCount > 0);
        const auto stored = project.latestModel("octopus");
        QVERIFY(stored.has_value());
        QVERIFY(std::abs(storedMetric(*stored, "heldout_accuracy") - accuracy) < 1e-6); // printed with 6 digits
        QVERIFY(QString::fromStdString(stored->report).contains("held-out accuracy"));
        QVERIFY(project.listRuns().empty()); // the exploration run is not recorded as a run
    }

    void reachesPaperAccuracyWhenLatencyIsPredictable()
    {
        // The paper reports "above 90% accuracy" for latencies its simulator draws without
        // per-task noise; with little noise our model gets there as well.
        QTemporaryDir dir;
        const QString scenario = variant(dir, "quiet.yaml", "latencySigma: 0.3", "latencySigma: 0.02");
        const CliResult result =
            runOrrery({"train", "octopus", "--scenario", scenario, "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(printedMetric(result.out, "heldout_accuracy") > 0.9, qPrintable(result.out));
        QVERIFY2(printedMetric(result.out, "heldout_rank_accuracy") == 1.0, qPrintable(result.out));
        QVERIFY(!result.err.contains("collect quiet")); // --quiet: no progress lines
    }

    void runPlacesWithTheTrainedModel()
    {
        QTemporaryDir dir;
        const QString scenario = variant(dir, "octopus.yaml", "plugin: first-fit", "plugin: octopus");
        // Without a model: a clear error, and nothing recorded.
        const CliResult untrained = runOrrery({"run", scenario, "--project", "p.orrery", "--quiet"}, dir.path());
        QCOMPARE(untrained.exitCode, 2);
        QVERIFY2(untrained.err.contains("octopus needs a trained model: run `orrery train octopus --scenario FILE --project P`"),
                 qPrintable(untrained.err));

        const CliResult trained =
            runOrrery({"train", "octopus", "--scenario", octopusSmall(), "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(trained.exitCode == 0, qPrintable(trained.err));
        const CliResult run = runOrrery({"run", scenario, "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // The DNN services run fastest on the Inferentia ASICs (graph: ResNet-50 4.3 ms vs 10.4 ms
        // on the V100), which first-fit never uses.
        QVERIFY2(printedMetric(run.out, "tasks.on_asic") > 0, qPrintable(run.out));
        const auto project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        QCOMPARE(project.listRuns().size(), std::size_t{1});
    }

    void sameSeedSameModel()
    {
        QTemporaryDir dir;
        const auto train = [&](const QString& project, const QString& seed) {
            const CliResult result = runOrrery({"train", "octopus", "--scenario", octopusSmall(), "--project", project,
                                             "--seed", seed, "--quiet"},
                                            dir.path());
            if (result.exitCode != 0)
                qFatal("orrery train failed: %s", qPrintable(result.err));
            return orrery::store::Project::open(dir.filePath(project).toStdString()).latestModel("octopus").value();
        };
        const auto a = train("a.orrery", "1");
        const auto b = train("b.orrery", "1");
        const auto c = train("c.orrery", "2");
        QVERIFY(a.bytes == b.bytes); // same traces, same split, same trees
        QCOMPARE(a.metrics, b.metrics);
        QCOMPARE(a.seed, std::uint64_t{1});
        QCOMPARE(c.seed, std::uint64_t{2});
        QVERIFY(a.bytes != c.bytes);
    }

    void badInputWritesNothing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString bad = source("tests/fixtures/scenarios/bad/negative_count.yaml");
        QTest::newRow("unknown plugin") << QStringList{"train", "octopuss", "--scenario", octopusSmall(), "--project", "p.orrery"}
                                        << "unknown plugin 'octopuss' (did you mean 'octopus'?); trainable plugins: "; // firm too, with LibTorch
        QTest::newRow("plugin that does not learn")
            << QStringList{"train", "first-fit", "--scenario", octopusSmall(), "--project", "p.orrery"}
            << "plugin 'first-fit' does not learn";
        QTest::newRow("bad scenario") << QStringList{"train", "octopus", "--scenario", bad, "--project", "p.orrery"}
                                      << "negative_count.yaml:12:16";
        QTest::newRow("missing scenario file")
            << QStringList{"train", "octopus", "--scenario", "nowhere.yaml", "--project", "p.orrery"} << "nowhere.yaml";
        QTest::newRow("no --scenario") << QStringList{"train", "octopus", "--project", "p.orrery"} << "--scenario";
        QTest::newRow("no --project") << QStringList{"train", "octopus", "--scenario", octopusSmall()} << "--project";
        QTest::newRow("no plugin") << QStringList{"train", "--scenario", octopusSmall(), "--project", "p.orrery"}
                                   << "usage: orrery train PLUGIN";
        QTest::newRow("bad seed") << QStringList{"train", "octopus", "--scenario", octopusSmall(), "--project", "p.orrery",
                                                 "--seed", "-1"}
                                  << "--seed";
        QTest::newRow("bad octopus parameter") << QStringList{"train", "octopus", "--scenario", "@badparam", "--project", "p.orrery"}
                                               << "heldOutShare";
    }

    void badInputWritesNothing()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        for (QString& arg : args) {
            if (arg == "@badparam") // the scenario names octopus with a training parameter out of range
                arg = variant(dir, "badparam.yaml", "plugin: first-fit", "plugin: octopus\n      params:\n        heldOutShare: 2");
        }
        const QStringList before = entries(dir.path());
        const CliResult result = runOrrery(args, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(expected), qPrintable(result.err));
        QCOMPARE(entries(dir.path()), before);
    }

    void refusesAFileThatIsNotAProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("notes.orrery");
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a database, just notes\n");
        }
        const CliResult result =
            runOrrery({"train", "octopus", "--scenario", octopusSmall(), "--project", path, "--quiet"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("not an Orrery project"), qPrintable(result.err));
        QVERIFY2(!result.err.contains("collected"), qPrintable(result.err)); // refused before simulating
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("not a database, just notes\n"));
        QCOMPARE(entries(dir.path()), QStringList{"notes.orrery"});
    }
};

QTEST_GUILESS_MAIN(TestTrain)
#include "tst_train.moc"
