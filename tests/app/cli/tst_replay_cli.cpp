// `orrery replay alibaba-gpu`: the FGD paper's six policies on the openb pod list, matched against
// the peer simulator's published expected allocation (resources/data/fgd-peer), deterministic
// whatever the threads, and bad input exiting 2 with the file, line or option named.
#include "cli_test_support.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using orrery::testing::runOrrery;

namespace {

const QString kPeer = QStringLiteral(ORRERY_SOURCE_DIR "/resources/data/fgd-peer");

QString readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestReplayCli : public QObject {
    Q_OBJECT

private slots:
    void sixPoliciesMatchThePeer()
    {
        QTemporaryDir dir;
        const auto result = runOrrery({"replay", "alibaba-gpu", "--policy", "random,dot-product,gpu-clustering,gpu-packing,best-fit,fgd",
                                       "--runs", "3", "--peer", kPeer, "--csv", "curves.csv"},
                                      dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.out.contains("target workload: 35 pod shapes"), qPrintable(result.out));
        // The largest |Orrery − peer| over every whole percent 0–130, per policy: the issue's
        // tolerance is 1.5 points against the peer's 10-seed mean (3 runs here).
        const QRegularExpression largest(QStringLiteral("^largest(.*)$"), QRegularExpression::MultilineOption);
        const auto match = largest.match(result.out);
        QVERIFY2(match.hasMatch(), qPrintable(result.out));
        const QRegularExpression points(QStringLiteral("([0-9.]+) pt"));
        int policies = 0;
        for (auto each = points.globalMatch(match.captured(1)); each.hasNext(); ++policies) {
            const double difference = each.next().captured(1).toDouble();
            QVERIFY2(difference < 1.5, qPrintable(result.out));
        }
        QCOMPARE(policies, 6);

        // The curves file: one allocation and one fragmentation row per policy and run; at 130 %
        // arrived the policies rank as in the paper (FGD highest, random lowest).
        const QStringList rows = readAll(dir.filePath("curves.csv")).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 1 + 6 * 3 * 2);
        QVERIFY(rows[0].startsWith("policy,seed,metric,0,1,2"));
        std::map<QString, double> at130;
        for (const QString& row : rows.mid(1)) {
            const QStringList fields = row.split(',');
            QCOMPARE(fields.size(), 3 + 131);
            if (fields[2] == "allocation")
                at130[fields[0]] += fields.last().toDouble() / 3;
        }
        QVERIFY(at130["fgd"] > at130["best-fit"]);
        QVERIFY(at130["best-fit"] > at130["gpu-packing"]);
        QVERIFY(at130["best-fit"] > at130["gpu-clustering"]);
        QVERIFY(at130["gpu-clustering"] > at130["dot-product"]);
        QVERIFY(at130["dot-product"] > at130["random"]);
        QVERIFY(at130["fgd"] > 94.5 && at130["fgd"] < 96.5);
    }

    void resultsDoNotDependOnThreads()
    {
        QTemporaryDir dir;
        const QStringList common{"replay", "alibaba-gpu", "--policy", "random,fgd", "--runs", "2", "--seed", "7"};
        QCOMPARE(runOrrery(common + QStringList{"--threads", "1", "--csv", "one.csv"}, dir.path()).exitCode, 0);
        QCOMPARE(runOrrery(common + QStringList{"--threads", "2", "--csv", "two.csv"}, dir.path()).exitCode, 0);
        const QString one = readAll(dir.filePath("one.csv"));
        QVERIFY(!one.isEmpty());
        QCOMPARE(readAll(dir.filePath("two.csv")), one);
    }

    void projectHoldsTheSweepAndEachPolicysGpus()
    {
        // --project: the study as an experiment (sweep every 10 % of arrived demand, the two
        // policies as arms) and per policy a run whose GPUs the run report maps, every GPU of the
        // fleet accounted for; storing the same replay again updates the same experiment.
        QTemporaryDir dir;
        const QStringList args{"replay", "alibaba-gpu", "--policy", "random,fgd", "--runs", "2", "--project", "replay.orrery",
                               "--csv", "curves.csv"};
        const auto first = runOrrery(args, dir.path());
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QVERIFY2(first.out.contains("stored experiment 1 and runs 1 2 in replay.orrery"), qPrintable(first.out));
        const auto again = runOrrery(args, dir.path());
        QVERIFY2(again.out.contains("stored experiment 1 and runs 3 4"), qPrintable(again.out));
        const auto capacity = QRegularExpression(QStringLiteral("GPU capacity (\\d+) GPUs")).match(first.out);
        QVERIFY(capacity.hasMatch());

        const auto experiment = runOrrery({"report", "--project", "replay.orrery", "--experiment", "alibaba-gpu-replay", "--out", "e.html"},
                                          dir.path());
        QVERIFY2(experiment.exitCode == 0, qPrintable(experiment.err));
        const QString html = readAll(dir.filePath("e.html"));
        for (const char* heading : {"gpu.allocation (%)", "gpu.fragmentation (%)", "pods.failed (pods)"})
            QVERIFY2(html.contains(heading), heading);
        QVERIFY(html.contains("Mean against arrived GPU demand (% of capacity)"));
        QVERIFY(!html.contains("Distribution over runs")); // no per-run values are stored
        // Each policy's GPUs, from the newest of its runs (3 and 4, stored the second time).
        QVERIFY(html.contains("<h2>GPU shares</h2>"));
        QVERIFY2(html.contains("<h3>random (run 3)</h3>") && html.contains("<h3>fgd (run 4)</h3>"), qPrintable(html.right(3000)));
        // The last sweep point, once per metric and once in the summary, each over the 2 runs.
        QVERIFY2(html.count("<tr><td align=\"right\">130</td><td>random</td><td align=\"right\">2</td>") >= 3, qPrintable(html.left(3000)));

        // The run of fgd's first seed: its final allocation is the CSV's value at 130 %.
        const auto run = runOrrery({"report", "--project", "replay.orrery", "--run", "2", "--out", "r.html"}, dir.path());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QString summary = readAll(dir.filePath("r.html"));
        QVERIFY(summary.contains("<code>fgd</code>"));
        QVERIFY(summary.contains("<h2>GPU shares</h2>"));
        QVERIFY2(summary.contains("<tr><th>GPUs</th><td class=\"num\">" + capacity.captured(1) + "</td></tr>"), qPrintable(summary.left(4000)));
        double csvFinal = -1;
        for (const QString& row : readAll(dir.filePath("curves.csv")).split('\n', Qt::SkipEmptyParts)) {
            if (row.startsWith("fgd,42,allocation,"))
                csvFinal = row.split(',').last().toDouble();
        }
        const auto stored = QRegularExpression(QStringLiteral("gpu.allocation.final</td><td class=\"num\" title=\"([0-9.]+)\"")).match(summary);
        QVERIFY(stored.hasMatch());
        QVERIFY2(std::fabs(stored.captured(1).toDouble() - csvFinal) < 1e-3, qPrintable(stored.captured(1)));
        QVERIFY(csvFinal > 90.0);
    }

    void badInputExits2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown policy") << QStringList{"--policy", "fdg"} << QStringLiteral("'fdg' is not a placement plugin");
        QTest::newRow("control policy") << QStringList{"--policy", "kube-hpa"} << QStringLiteral("'kube-hpa' is not a placement plugin");
        QTest::newRow("negative ratio") << QStringList{"--policy", "fgd", "--ratio", "-1"} << QStringLiteral("--ratio '-1'");
        QTest::newRow("no runs") << QStringList{"--policy", "fgd", "--runs", "0"} << QStringLiteral("--runs must be");
        QTest::newRow("no data") << QStringList{"--policy", "fgd", "--data", "/nonexistent"} << QStringLiteral("/nonexistent");
        QTest::newRow("no peer") << QStringList{"--policy", "fgd", "--peer", "/nonexistent"} << QStringLiteral("--peer");
        QTest::newRow("no policy") << QStringList{"--runs", "2"} << QStringLiteral("usage: orrery replay");
    }

    void badInputExits2()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const auto result = runOrrery(QStringList{"replay", "alibaba-gpu"} + args + QStringList{"--csv", "x.csv"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("x.csv")));
    }

    void aTruncatedPodListNamesFileAndLine()
    {
        QTemporaryDir dir;
        QFile pods(dir.filePath("pods.csv"));
        QVERIFY(pods.open(QIODevice::WriteOnly));
        pods.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n"
                   "p0,12000,16384,1,1000,,LS,Running,0,12537496,0\n"
                   "p1,6000,12288,1,1460,,LS,Running,0,12537496,0\n");
        pods.close();
        const auto result = runOrrery({"replay", "alibaba-gpu", "--policy", "fgd", "--pods", dir.filePath("pods.csv")}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("pods.csv:3: gpu_milli"), qPrintable(result.err));
    }
};

QTEST_GUILESS_MAIN(TestReplayCli)
#include "tst_replay_cli.moc"
