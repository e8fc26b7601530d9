// `orrery generate apps` and `orrery generate variant`: 20 applications whose scenarios pass
// `orrery validate` and run with `orrery run`, a manifest with the split, a variant, and bad
// input exiting 2 with file:line: field: message.
#include "cli_test_support.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using orrery::testing::runOrrery;

namespace {

QString readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestGenerateCli : public QObject {
    Q_OBJECT

private slots:
    void generatesTwentyApplications()
    {
        QTemporaryDir dir;
        const auto generated = runOrrery({"generate", "apps", "--count", "20", "--seed", "42", "--out", "pool"}, dir.path());
        QVERIFY2(generated.exitCode == 0, qPrintable(generated.err));
        QVERIFY(generated.out.contains("generated 20 applications (16 train, 4 held-out)"));
        const QDir pool(dir.filePath("pool"));
        QCOMPARE(QDir(pool.filePath("scenarios")).entryList({"*.yaml"}, QDir::Files).size(), 20);
        QCOMPARE(QDir(pool.filePath("graphs")).entryList({"*.yaml"}, QDir::Files).size(), 20);

        const QString manifest = readAll(pool.filePath("manifest.yaml"));
        QVERIFY(manifest.contains("kind: ApplicationPool"));
        QVERIFY(manifest.contains("  seed: 42\n"));
        QCOMPARE(manifest.count("split: train"), 16);
        QCOMPARE(manifest.count("split: held-out"), 4);
        QCOMPARE(manifest.count(QRegularExpression("\n      segments: \\[")), 20);
        QCOMPARE(manifest.count(QRegularExpression("\n      mix: \\{")), 20);

        // Every scenario validates; one of them runs.
        QStringList scenarios;
        for (const QString& name : QDir(pool.filePath("scenarios")).entryList({"*.yaml"}, QDir::Files))
            scenarios << "pool/scenarios/" + name;
        const auto validated = runOrrery(QStringList{"validate"} + scenarios, dir.path());
        QVERIFY2(validated.exitCode == 0, qPrintable(validated.err + validated.out));
        const auto ran = runOrrery({"run", "pool/scenarios/app-0000.yaml", "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(ran.exitCode == 0, qPrintable(ran.err + ran.out));

        // Same seed, same files; another seed, another manifest.
        QVERIFY(runOrrery({"generate", "apps", "--count", "20", "--seed", "42", "--out", "again"}, dir.path()).exitCode == 0);
        QCOMPARE(readAll(dir.filePath("again/manifest.yaml")), manifest);
        QCOMPARE(readAll(dir.filePath("again/graphs/app-0007.yaml")), readAll(pool.filePath("graphs/app-0007.yaml")));
        QVERIFY(runOrrery({"generate", "apps", "--count", "20", "--seed", "43", "--out", "other"}, dir.path()).exitCode == 0);
        QVERIFY(readAll(dir.filePath("other/manifest.yaml")) != manifest);

        // A variant of a generated scenario validates too, and its rate or work differs.
        const auto variant = runOrrery({"generate", "variant", "pool/scenarios/app-0003.yaml", "--instability", "load-low-to-high",
                                        "--out", "v/high.yaml"},
                                       dir.path());
        QVERIFY2(variant.exitCode == 0, qPrintable(variant.err));
        QVERIFY(QFile::exists(dir.filePath("v/high.graph.yaml")));
        const QString varied = readAll(dir.filePath("v/high.yaml"));
        QVERIFY(varied.contains("name: app-0003-load-low-to-high"));
        QVERIFY(varied.contains("high load"));
        const auto check = runOrrery({"validate", "v/high.yaml"}, dir.path());
        QVERIFY2(check.exitCode == 0, qPrintable(check.err + check.out));
    }

    void badInputExits2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero count") << QStringList{"apps", "--count", "0", "--out", "x"} << "--count";
        QTest::newRow("bad fraction") << QStringList{"apps", "--count", "5", "--out", "x", "--held-out", "1.5"} << "--held-out";
        QTest::newRow("no catalog") << QStringList{"apps", "--count", "5", "--out", "x", "--catalog", "nope.yaml"}
                                    << "nope.yaml: error: cannot read the segment catalog";
        QTest::newRow("unknown instability") << QStringList{"variant", "s.yaml", "--instability", "payload-x5", "--out", "v.yaml"}
                                             << "did you mean 'payload-x4'";
        QTest::newRow("no manifest") << QStringList{"variant", "s.yaml", "--instability", "payload-x4", "--out", "v.yaml"}
                                     << "cannot read the pool manifest";
        QTest::newRow("unknown subcommand") << QStringList{"functions"} << "known: apps, variant";
    }

    void badInputExits2()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const auto result = runOrrery(QStringList{"generate"} + args, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("x/manifest.yaml")));
    }

    void badCatalogNamesLineAndField()
    {
        QTemporaryDir dir;
        QFile catalog(dir.filePath("c.yaml"));
        QVERIFY(catalog.open(QIODevice::WriteOnly));
        catalog.write("segments:\n  - name: a\n    work: fast\n    cpu: 1\n    memory: 128Mi\n    sensitivity: {cpu: 1}\n"
                      "    demand: {llcWays: 1}\n    source: {work: w, cpu: c, memory: m, sensitivity: s, demand: d}\n");
        catalog.close();
        const auto result = runOrrery({"generate", "apps", "--count", "3", "--out", "x", "--catalog", "c.yaml"}, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("c.yaml:3:11: error: segments[0].work: expected a duration"), qPrintable(result.err));
    }
};

QTEST_GUILESS_MAIN(TestGenerateCli)
#include "tst_generate_cli.moc"
