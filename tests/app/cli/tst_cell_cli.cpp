// Cells as the unit of distribution, end to end: `orrery cell list`, `orrery cell run` of every cell
// of a tiny experiment into its own shard, `orrery experiment merge` into a project, and the same
// run_metrics bit for bit as a local `orrery experiment`; merging twice changes no row; a shard of
// another experiment or schema version is refused (exit 2); a half-written shard is skipped and its
// cell stays pending until `orrery experiment` runs it.
#include "store/database.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/trajectory_writer.h"

#include "cli_test_support.h"

#include <QtTest>

#include <bit>
#include <cmath>
#include <map>
#include <tuple>

namespace {

using orrery::testing::CliResult;
using orrery::testing::runOrrery;

const QString kExperiment = QStringLiteral(ORRERY_SOURCE_DIR "/tests/fixtures/experiments/cells-tiny.yaml");
const QStringList kCells{"p0.first-fit.s1.r0", "p0.random.s1.r0", "p0.first-fit.s2.r0", "p0.random.s2.r0"};

//! (arm, seed, metric) → the value's bits, of every completed cell of the project's only experiment.
using MetricBits = std::map<std::tuple<std::string, std::uint64_t, std::string>, std::uint64_t>;

MetricBits metricBits(const QString& path)
{
    orrery::store::Project project = orrery::store::Project::open(path.toStdString());
    orrery::store::ExperimentStore experiments(project);
    const auto all = experiments.listExperiments();
    if (all.size() != 1)
        return {};
    MetricBits bits;
    for (const auto& metric : experiments.cellMetrics(all.front().id))
        bits[{metric.cell.arm, metric.cell.seed, metric.metric}] = std::bit_cast<std::uint64_t>(metric.value);
    return bits;
}

//! Rows of every table a merge writes.
std::vector<std::int64_t> rowCounts(const QString& path)
{
    auto db = orrery::store::Database::open(path.toStdString(), orrery::store::Database::OpenMode::ReadOnly);
    std::vector<std::int64_t> counts;
    for (const char* table : {"experiments", "experiment_runs", "scenarios", "runs", "run_metrics", "series",
                              "series_chunks", "run_names", "run_traces", "run_annotations", "run_models"})
        counts.push_back(db.queryInt64(std::string("SELECT count(*) FROM ") + table));
    return counts;
}

std::size_t completeCells(const QString& path)
{
    orrery::store::Project project = orrery::store::Project::open(path.toStdString());
    orrery::store::ExperimentStore experiments(project);
    return experiments.completedCells(experiments.listExperiments().front().id).size();
}

void runCell(const QString& dir, const QString& cell, const QString& shard, const QString& experiment = kExperiment)
{
    const CliResult result = runOrrery({"cell", "run", experiment, "--cell", cell, "--out", shard}, dir);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.contains("cell " + cell + ": completed in " + shard), qPrintable(result.out));
}

} // namespace

class TestCellCli : public QObject {
    Q_OBJECT

private slots:
    void listsTheCellIds()
    {
        QTemporaryDir dir;
        const CliResult result = runOrrery({"cell", "list", kExperiment}, dir.path());
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.out, kCells.join('\n') + '\n');

        const CliResult unknown = runOrrery({"cell", "run", kExperiment, "--cell", "p0.kube.s1.r0", "--out", "s.orrery"}, dir.path());
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("experiment cells-tiny has no cell 'p0.kube.s1.r0'"), qPrintable(unknown.err));
        QVERIFY(!QFile::exists(dir.filePath("s.orrery")));
    }

    void shardsMergeToTheLocalRun()
    {
        QTemporaryDir dir;
        QStringList shards;
        for (const QString& cell : kCells) {
            runCell(dir.path(), cell, cell + ".orrery");
            shards << cell + ".orrery";
        }
        const CliResult merged = runOrrery(QStringList{"experiment", "merge", "--project", "p.orrery"} + shards, dir.path());
        QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
        QVERIFY2(merged.out.contains("merged p0.random.s2.r0.orrery: p0.random.s2.r0\n"), qPrintable(merged.out));
        QVERIFY2(merged.out.contains("experiment cells-tiny (id 1 in p.orrery): 4 cells merged now, 4 of 4 cells complete"),
                 qPrintable(merged.out));

        // The same experiment run locally: every metric of every cell, bit for bit.
        const CliResult local = runOrrery({"experiment", kExperiment, "--project", "local.orrery", "--quiet"}, dir.path());
        QVERIFY2(local.exitCode == 0, qPrintable(local.err));
        const MetricBits mergedBits = metricBits(dir.filePath("p.orrery"));
        QCOMPARE(mergedBits.size(), metricBits(dir.filePath("local.orrery")).size());
        QVERIFY(mergedBits.size() >= 4 * 2);
        QVERIFY(mergedBits == metricBits(dir.filePath("local.orrery")));
        QCOMPARE(rowCounts(dir.filePath("p.orrery")), rowCounts(dir.filePath("local.orrery")));

        // Merging again changes nothing.
        const std::vector<std::int64_t> before = rowCounts(dir.filePath("p.orrery"));
        const CliResult again = runOrrery(QStringList{"experiment", "merge", "--project", "p.orrery"} + shards, dir.path());
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains("already merged p0.first-fit.s1.r0.orrery: nothing to copy"), qPrintable(again.out));
        QCOMPARE(rowCounts(dir.filePath("p.orrery")), before);

        // The comparison on the merged project runs nothing and equals the local one.
        const CliResult compared = runOrrery({"experiment", kExperiment, "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(compared.exitCode == 0, qPrintable(compared.err));
        QVERIFY2(compared.out.contains("= 4 runs; 0 run now, 4 already complete\n"), qPrintable(compared.out));
        QCOMPARE(compared.out.mid(compared.out.indexOf('\n')), local.out.mid(local.out.indexOf('\n')));
    }

    void mergesTheTrajectoriesOfAShardsRun()
    {
        QTemporaryDir dir;
        runCell(dir.path(), kCells[0], QStringLiteral("traj.orrery"));
        // A learned agent's trajectory recorded with the shard's run (two chunks of 3 and 2).
        {
            orrery::store::Project shard = orrery::store::Project::open(dir.filePath("traj.orrery").toStdString());
            orrery::store::TrajectorySpec spec;
            spec.runId = shard.listRuns().front().id;
            spec.agent = "simppo";
            spec.label = "primes";
            spec.stateDim = 2;
            spec.actionDim = 1;
            orrery::store::TrajectoryWriter writer(shard, spec, 3);
            for (std::int32_t step = 0; step < 5; ++step) {
                const float state[2] = {static_cast<float>(step), -0.0f};
                const float action[1] = {0.5f * static_cast<float>(step)};
                writer.append(1, step, state, action, 0.25 * step);
            }
        }
        const CliResult merged = runOrrery({"experiment", "merge", "--project", "p.orrery", "traj.orrery"}, dir.path());
        QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
        orrery::store::Project project = orrery::store::Project::open(dir.filePath("p.orrery").toStdString());
        const auto runs = project.listRuns();
        QCOMPARE(runs.size(), std::size_t{1});
        const auto trajectories = project.trajectories(runs.front().id);
        QCOMPARE(trajectories.size(), std::size_t{1});
        QCOMPARE(trajectories.front().spec.label, std::string("primes"));
        QCOMPARE(trajectories.front().chunkCount, std::int64_t{2});
        const auto data = project.readTrajectory(trajectories.front().id);
        QCOMPARE(data.size(), std::size_t{5});
        QCOMPARE(data.steps.back(), 4);
        QCOMPARE(data.action(4)[0], 2.0f);
        QVERIFY(std::signbit(data.state(3)[1]));
        QCOMPARE(data.rewards[2], 0.5);
    }

    void refusesAShardOfAnotherExperiment()
    {
        QTemporaryDir dir;
        // Another experiment: the same scenario, another name.
        QFile source(kExperiment);
        QVERIFY(source.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(source.readAll());
        text.replace("name: cells-tiny\n", "name: cells-other\n");
        text.replace("scenario: cells-tiny-scenario.yaml",
                     "scenario: " ORRERY_SOURCE_DIR "/tests/fixtures/experiments/cells-tiny-scenario.yaml");
        QFile other(dir.filePath("other.yaml"));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write(text.toUtf8());
        other.close();

        runCell(dir.path(), kCells[0], "mine.orrery");
        runCell(dir.path(), kCells[0], "theirs.orrery", "other.yaml");
        QCOMPARE(runOrrery({"experiment", "merge", "--project", "p.orrery", "mine.orrery"}, dir.path()).exitCode, 0);
        const std::vector<std::int64_t> before = rowCounts(dir.filePath("p.orrery"));
        const CliResult refused = runOrrery({"experiment", "merge", "--project", "p.orrery", "theirs.orrery"}, dir.path());
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("error: theirs.orrery: holds a cell of experiment 'cells-other'"), qPrintable(refused.err));
        QVERIFY2(refused.err.contains("not of experiment 'cells-tiny' (id 1 in p.orrery"), qPrintable(refused.err));
        QCOMPARE(rowCounts(dir.filePath("p.orrery")), before);

        // Another schema version.
        {
            auto shard = orrery::store::Database::open(dir.filePath("mine.orrery").toStdString());
            shard.exec("PRAGMA user_version = 5");
        }
        const CliResult version = runOrrery({"experiment", "merge", "--project", "p.orrery", "mine.orrery"}, dir.path());
        QCOMPARE(version.exitCode, 2);
        QVERIFY2(version.err.contains("error: mine.orrery: has Orrery schema version 5, the project p.orrery has schema version"),
                 qPrintable(version.err));
        QCOMPARE(rowCounts(dir.filePath("p.orrery")), before);
    }

    void skipsAHalfWrittenShard()
    {
        QTemporaryDir dir;
        runCell(dir.path(), kCells[0], "done.orrery");
        runCell(dir.path(), kCells[1], "killed.orrery");
        {
            // What a cell killed mid-run leaves: its run still 'running'.
            auto shard = orrery::store::Database::open(dir.filePath("killed.orrery").toStdString());
            shard.exec("UPDATE runs SET status = 'running', ended_at = NULL");
        }
        const CliResult merged = runOrrery({"experiment", "merge", "--project", "p.orrery", "killed.orrery", "done.orrery"}, dir.path());
        QCOMPARE(merged.exitCode, 1);
        QVERIFY2(merged.err.contains("skipped killed.orrery: its run is 'running', not completed"), qPrintable(merged.err));
        QVERIFY2(merged.err.contains("cell p0.random.s1.r0 stays pending"), qPrintable(merged.err));
        QVERIFY2(merged.out.contains("1 cells merged now, 1 of 4 cells complete"), qPrintable(merged.out));
        QCOMPARE(completeCells(dir.filePath("p.orrery")), std::size_t{1});

        // A damaged file is skipped too.
        QFile garbage(dir.filePath("torn.orrery"));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write(QByteArray("SQLite format 3") + QByteArray(100, '\x01'));
        garbage.close();
        const CliResult torn = runOrrery({"experiment", "merge", "--project", "p.orrery", "torn.orrery"}, dir.path());
        QCOMPARE(torn.exitCode, 1);
        QVERIFY2(torn.err.contains("skipped torn.orrery:"), qPrintable(torn.err));

        // The pending cells run locally.
        const CliResult resumed = runOrrery({"experiment", kExperiment, "--project", "p.orrery", "--quiet"}, dir.path());
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.out.contains("= 4 runs; 3 run now, 1 already complete\n"), qPrintable(resumed.out));
    }
};

QTEST_GUILESS_MAIN(TestCellCli)
#include "tst_cell_cli.moc"
