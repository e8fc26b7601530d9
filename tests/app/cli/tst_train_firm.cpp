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

    void evaluatesOnHeldOutEpisodesAndStoresTheCurves()
    {
        // TD3 after a 3-step warm-up, so updates (and their statistics) start in episode 1.
        QTemporaryDir dir;
        QFile original(scenario());
        QVERIFY(original.open(QIODevice::ReadOnly));
        QFile td3(dir.filePath("td3.yaml"));
        QVERIFY(td3.open(QIODevice::WriteOnly));
        td3.write(original.readAll()
                  + "  policies:\n    control: {plugin: firm, params: {learner: td3, warmupSteps: 3, batchSize: 4}}\n");
        td3.close();
        const CliResult result = runOrrery({"train", "firm", "--scenario", td3.fileName(), "--project", "p.orrery",
                                            "--episodes", "4", "--steps", "4", "--eval-every", "2", "--eval-episodes",
                                            "2", "--checkpoint-every", "3", "--seed", "3"},
                                           dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        for (const char* line : {"evaluation no-control  return", "evaluation hold-at-base  return", "evaluation random  return",
                                 "evaluation after episode 2  return", "evaluation after episode 4  return",
                                 "updates to episode 2  critic_loss", "at_bound.cpu"})
            QVERIFY2(result.err.contains(line), line);
        QVERIFY2(!result.err.contains("evaluation after episode 3"), qPrintable(result.err)); // a checkpoint, not an evaluation
        QVERIFY2(result.out.contains("reference.no-control.return = "), qPrintable(result.out));
        QVERIFY2(result.out.contains("selected "), qPrintable(result.out));

        auto project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        const auto models = project.listModels();
        // The checkpoint of episode 3 (stored; no evaluation), the final model, and maybe the
        // checkpoint of episode 2 chosen over it.
        QVERIFY(models.size() == 2 || models.size() == 3);
        const auto metric = [](const orrery::store::ModelSummary& model, const std::string& name) -> std::optional<double> {
            for (const auto& [key, value] : model.metrics)
                if (key == name)
                    return value;
            return std::nullopt;
        };
        const auto& finalModel = models[1];
        QVERIFY(metric(finalModel, "episodes") == 4.0);
        for (const char* name : {"evaluation.return.2", "evaluation.return.4", "evaluation.return_std.2",
                                 "reference.random.return", "reference.hold-at-base.reward_per_step",
                                 "update.critic_loss.2", "update.critic_loss.3", "update.at_bound.llc.4", "update.action_mean.cpu.4",
                                 "evaluation.best_episode", "evaluation.final_return"})
            QVERIFY2(metric(finalModel, name).has_value(), name);
        QVERIFY(!metric(finalModel, "evaluation.return.3"));
        const double best = *metric(finalModel, "evaluation.best_episode");
        if (models.size() == 3) {
            QCOMPARE(best, 2.0);
            QCOMPARE(*metric(models[2], "selected_episode"), 2.0);
            QVERIFY(*metric(models[2], "evaluation.return") > *metric(finalModel, "evaluation.final_return"));
            QVERIFY(project.model(models[2].id)->report.starts_with("selected by evaluation: the checkpoint after episode 2"));
            QVERIFY2(result.out.contains("selected model 3: "), qPrintable(result.out));
        } else {
            QCOMPARE(best, 4.0);
            QVERIFY2(result.out.contains("selected the final model"), qPrintable(result.out));
        }
        // The same command gives the same evaluations (deterministic for a seed).
        const CliResult again = runOrrery({"train", "firm", "--scenario", td3.fileName(), "--project", "q.orrery",
                                           "--episodes", "4", "--steps", "4", "--eval-every", "2", "--eval-episodes",
                                           "2", "--checkpoint-every", "3", "--seed", "3", "--quiet"},
                                          dir.path());
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        const auto evaluations = [](const QString& err) {
            QStringList lines;
            for (const QString& line : err.split('\n'))
                if (line.contains("evaluation "))
                    lines.append(line);
            return lines;
        };
        QCOMPARE(evaluations(again.err), evaluations(result.err));
    }

    void badInputStoresNothing_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("no episodes") << QStringList{} << "--episodes N is required";
        QTest::newRow("bad mode") << QStringList{"--episodes", "1", "--mode", "all"} << "--mode must be";
        QTest::newRow("eval beyond the run") << QStringList{"--episodes", "2", "--eval-every", "3"}
                                             << "--eval-every must be at most --episodes";
        QTest::newRow("no eval episodes") << QStringList{"--episodes", "2", "--eval-episodes", "0"}
                                          << "--eval-episodes must be 1 to";
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
