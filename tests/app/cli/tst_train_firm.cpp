// `orrery train firm` end to end on a small Social Network scenario: two short episodes with
// progress lines, a checkpoint and the final model stored in the project; bad input stores nothing.
#include "store/project.h"

#include "cli_test_support.h"

#include <QtTest>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;

QString scenario()
{
    return QStringLiteral(ORRERY_SOURCE_DIR) + "/resources/scenarios/socialnetwork-anomalies.yaml";
}

} // namespace

class TestTrainFirm : public QObject {
    Q_OBJECT

private slots:
    void trainsTwoShortEpisodesAndStoresModelAndCheckpoint()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({"train", "firm", "--scenario", scenario(), "--project", "p.orrery",
                                            "--episodes", "2", "--steps", "5", "--checkpoint-every", "1",
                                            "--seed", "3"},
                                           dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.err.contains("episode 1/2  reward"), qPrintable(result.err));
        QVERIFY2(result.err.contains("episode 2/2  reward"), qPrintable(result.err));
        QVERIFY2(result.err.contains("checkpoint episode 1 stored"), qPrintable(result.err));
        QVERIFY2(result.out.contains("firm one-for-all: 2 episodes"), qPrintable(result.out));

        auto project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        const auto models = project.listModels();
        QCOMPARE(models.size(), std::size_t(3)); // checkpoints after episodes 1 and 2, then the final model
        for (const auto& model : models) {
            QCOMPARE(model.plugin, std::string("firm"));
            QCOMPARE(model.seed, std::uint64_t(3));
        }
        const auto latest = project.latestModel("firm");
        QVERIFY(latest && latest->bytes.size() > 100);
        QVERIFY(latest->report.starts_with("firm one-for-all"));
        QCOMPARE(latest->sampleCount, std::int64_t(10));
    }

    void badInputStoresNothing_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("no episodes") << QStringList{} << "--episodes N is required";
        QTest::newRow("bad mode") << QStringList{"--episodes", "1", "--mode", "all"} << "--mode must be";
        QTest::newRow("transfer without base") << QStringList{"--episodes", "1", "--mode", "transfer"}
                                               << "with --mode one-for-all first";
    }
    void badInputStoresNothing()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const CliResult result
            = runOrrery(QStringList{"train", "firm", "--scenario", scenario(), "--project", "p.orrery"} + extra, dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
        QVERIFY(!QFile::exists(dir.filePath("p.orrery")));
    }
};

QTEST_GUILESS_MAIN(TestTrainFirm)
#include "tst_train_firm.moc"
