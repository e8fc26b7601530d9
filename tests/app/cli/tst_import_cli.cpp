// `orrery import alibaba-gpu`: a 1,000-node slice that `orrery validate` accepts, pools summing to
// the slice, and bad input exiting 2 without writing the file.
#include "cli_test_support.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using orrery::testing::runOrrery;

class TestImportCli : public QObject {
    Q_OBJECT

private slots:
    void importsAThousandNodeSliceThatValidates()
    {
        QTemporaryDir dir;
        const auto imported = runOrrery({"import", "alibaba-gpu", "--nodes", "1000", "--seed", "1", "--out", "x.yaml"}, dir.path());
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        const auto validated = runOrrery({"validate", "x.yaml"}, dir.path());
        QVERIFY2(validated.exitCode == 0, qPrintable(validated.err + validated.out));
        QVERIFY(validated.out.contains("1000 nodes"));

        QFile file(dir.filePath("x.yaml"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains("resources/data/alibaba-gpu-2023/openb_node_list_gpu_node.csv"));
        QVERIFY(text.contains("resources/data/alibaba-gpu-2023/openb_pod_list_default.csv"));
        int nodes = 0;
        const QRegularExpression count(QStringLiteral("^        count: (\\d+)$"), QRegularExpression::MultilineOption);
        for (auto match = count.globalMatch(text); match.hasNext();)
            nodes += match.next().captured(1).toInt();
        QCOMPARE(nodes, 1000);
        QVERIFY(text.contains("labels: {gpu.model: T4}"));
        QVERIFY(text.contains("kind: BatchJobs"));

        // The same seed gives the same file; another seed another sample.
        QVERIFY(runOrrery({"import", "alibaba-gpu", "--nodes", "1000", "--seed", "1", "--out", "y.yaml"}, dir.path()).exitCode == 0);
        QFile again(dir.filePath("y.yaml"));
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(again.readAll()), text);
    }

    void badInputExits2WithoutWriting_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("too many nodes") << QStringList{"--nodes", "5000"} << QStringLiteral("more than the 1213 nodes");
        QTest::newRow("zero nodes") << QStringList{"--nodes", "0"} << QStringLiteral("at least 1");
        QTest::newRow("not a number") << QStringList{"--nodes", "many"} << QStringLiteral("--nodes");
        QTest::newRow("no data") << QStringList{"--data", "/nonexistent"} << QStringLiteral("cannot open");
    }

    void badInputExits2WithoutWriting()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const auto result = runOrrery(QStringList{"import", "alibaba-gpu"} + args + QStringList{"--out", "x.yaml"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("x.yaml")));
    }

    void truncatedRowNamesFileAndLine()
    {
        QTemporaryDir dir;
        const QString source = QStringLiteral(ORRERY_SOURCE_DIR "/resources/data/alibaba-gpu-2023/");
        QVERIFY(QFile::copy(source + "openb_node_list_gpu_node.csv", dir.filePath("openb_node_list_gpu_node.csv")));
        QFile pods(dir.filePath("openb_pod_list_default.csv"));
        QVERIFY(pods.open(QIODevice::WriteOnly));
        pods.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n"
                   "openb-pod-0000,12000,16384,1,1000,,LS,Running,0,12537496,0\n"
                   "openb-pod-0001,6000,12288,1,460\n");
        pods.close();
        const auto result = runOrrery({"import", "alibaba-gpu", "--data", dir.path(), "--out", "x.yaml"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("openb_pod_list_default.csv:3: gpu_spec: missing"), qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("x.yaml")));
    }

    void unknownDataSetIsAUsageError()
    {
        QTemporaryDir dir;
        const auto result = runOrrery({"import", "borg", "--out", "x.yaml"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.contains("known: alibaba-gpu"));
    }
};

QTEST_GUILESS_MAIN(TestImportCli)
#include "tst_import_cli.moc"
