// The experiment tables of the project (schema version 4): an experiment is found again by
// name and texts, runs link to cells, a cell's earliest completed run counts, results
// round-trip bit for bit (NaN as NULL), and a version-3 project migrates without losing runs.
#include "store/experiment_store.h"

#include "store/database.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/schema.h"
#include "store/store_error.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace orrery;
using namespace orrery::store;

namespace {

ExperimentRecord recordNamed(const std::string& name, const std::string& text)
{
    ExperimentRecord record;
    record.name = name;
    record.experimentFile = std::string("exp.yaml");
    record.experimentText = text;
    record.scenarioFile = std::string("s.yaml");
    record.scenarioText = std::string("scenario text");
    record.baselineArm = std::string("a");
    record.treatmentArm = std::string("b");
    record.cellCount = 4;
    return record;
}

RunId recordRun(Project& project, sim::RunStatus status, double metricValue)
{
    ProjectRunRecorder recorder(project);
    sim::RunInfo info;
    info.scenarioName = std::string("s");
    info.scenarioText = std::string("scenario text");
    info.seed = 7;
    info.horizon = sim::kSecond;
    recorder.beginRun(info);
    recorder.recordMetric("job.completion_time.mean", metricValue, "s");
    recorder.recordMetric("jobs.completed", 3.0, "jobs");
    recorder.endRun(status, "");
    return *recorder.runId();
}

ExperimentCell cell(const char* arm, std::uint64_t seed)
{
    ExperimentCell c;
    c.arm = arm;
    c.seed = seed;
    return c;
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestExperimentStore : public QObject {
    Q_OBJECT

private slots:
    void findOrCreateIdentifiesByNameAndTexts()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        QCOMPARE(project.schemaVersion(), currentSchemaVersion());
        ExperimentStore store(project);
        const ExperimentRecord first = store.findOrCreate(recordNamed("ab", "text 1"));
        QVERIFY(first.id > 0);
        QCOMPARE(first.definitionSha256, ExperimentStore::definitionHash("text 1", "scenario text"));
        QCOMPARE(first.definitionSha256.size(), std::size_t{64});
        QVERIFY(!first.createdAt.empty());
        QVERIFY(first.comparedAt.empty());
        QCOMPARE(store.findOrCreate(recordNamed("ab", "text 1")).id, first.id);   // resumed
        QVERIFY(store.findOrCreate(recordNamed("ab", "text 2")).id != first.id);  // edited: new experiment
        QVERIFY(store.findOrCreate(recordNamed("cd", "text 1")).id != first.id);  // renamed: new experiment
        QCOMPARE(store.listExperiments().size(), std::size_t{3});
        // The hash covers both texts and where one ends.
        QVERIFY(ExperimentStore::definitionHash("ab", "c") != ExperimentStore::definitionHash("a", "bc"));
        QCOMPARE(ExperimentStore::definitionHash("", ""),
                 std::string("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d")); // sha256 of one NUL byte
    }

    void completedCellsUseTheEarliestCompletedRun()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        ExperimentStore store(project);
        const ExperimentId id = store.findOrCreate(recordNamed("ab", "t")).id;
        const RunId cancelled = recordRun(project, sim::RunStatus::Cancelled, 1.0);
        const RunId firstDone = recordRun(project, sim::RunStatus::Completed, 2.0);
        const RunId secondDone = recordRun(project, sim::RunStatus::Completed, 3.0);
        const RunId otherCell = recordRun(project, sim::RunStatus::Completed, 4.0);
        const RunId failed = recordRun(project, sim::RunStatus::Failed, 5.0);
        store.linkRun(id, cancelled, cell("a", 1));
        store.linkRun(id, firstDone, cell("a", 1));
        store.linkRun(id, secondDone, cell("a", 1));
        store.linkRun(id, otherCell, cell("b", 1));
        store.linkRun(id, failed, cell("b", 2));
        QCOMPARE(store.linkedRuns(id).size(), std::size_t{5});
        const auto cells = store.completedCells(id);
        QCOMPARE(cells.size(), std::size_t{2});
        QCOMPARE(cells[0].cell.arm, std::string("a"));
        QCOMPARE(cells[0].runId, firstDone);
        QCOMPARE(cells[1].runId, otherCell);
        const auto metrics = store.cellMetrics(id);
        QCOMPARE(metrics.size(), std::size_t{4});
        QCOMPARE(metrics[0].metric, std::string("job.completion_time.mean")); // recording order
        QCOMPARE(metrics[0].value, 2.0);
        QCOMPARE(metrics[1].metric, std::string("jobs.completed"));
        QCOMPARE(metrics[2].value, 4.0);
        QCOMPARE(metrics[2].cell.seed, std::uint64_t{1});
        // A run linked twice is a bug, refused by the primary key.
        QVERIFY_THROWS_EXCEPTION(StoreError, store.linkRun(id, otherCell, cell("b", 1)));
    }

    void resultsRoundTrip()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        ExperimentStore store(project);
        const ExperimentId id = store.findOrCreate(recordNamed("ab", "t")).id;
        ExperimentResultRow row;
        row.sweepIndex = 1;
        row.sweepValue = std::string("0.5");
        row.metric = std::string("makespan");
        row.arm = std::string("b");
        row.unit = std::string("s");
        row.baselineArm = std::string("a");
        row.runs = 5;
        row.mean = 0.1;
        row.p50 = -0.0;
        row.p99 = std::numeric_limits<double>::infinity();
        row.medianRatio = 1.0 / 3.0;
        row.speedup = 2.5;
        ExperimentResultRow baselineRow = row;
        baselineRow.arm = std::string("a");
        store.saveResults(id, {baselineRow, row});
        store.saveResults(id, {baselineRow, row}); // replaces, does not add
        const auto rows = store.results(id);
        QCOMPARE(rows.size(), std::size_t{2});
        QCOMPARE(rows[0].arm, std::string("a")); // saved order
        const auto& back = rows[1];
        QCOMPARE(back.sweepIndex, 1);
        QCOMPARE(back.sweepValue, std::string("0.5"));
        QCOMPARE(back.runs, std::int64_t{5});
        QVERIFY(sameBits(back.mean, 0.1));
        QVERIFY(sameBits(back.p50, -0.0));
        QVERIFY(std::isinf(back.p99));
        QVERIFY(sameBits(back.medianRatio, 1.0 / 3.0));
        QVERIFY(std::isnan(back.p90) && std::isnan(back.pValue)); // NULL
        QCOMPARE(back.speedup, 2.5);
        QVERIFY(!store.experiment(id)->comparedAt.empty());
        QCOMPARE(project.integrityCheck(), std::string("ok"));
    }

    void migratesAVersion3Project()
    {
        // A project written by schema version 3 (the released steps 1–3) keeps its runs and
        // gains the experiment tables on open.
        QTemporaryDir dir;
        const std::string path = dir.filePath("v3.orrery").toStdString();
        {
            Database db = Database::open(path);
            QCOMPARE(applyMigrations(db, schemaMigrations().first(3)), 3);
            db.exec("INSERT INTO scenarios (id, name, source_text, text_sha256, created_at) VALUES (1, 'old', 'x', "
                    "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '2024-01-01T00:00:00.000Z')");
            db.exec("INSERT INTO runs (id, scenario_id, seed, status, policies, horizon_ns, started_at, ended_at, message, "
                    "owner_host, owner_pid) VALUES (1, 1, 5, 'completed', '{\"placement\":\"first-fit {}\"}', 1000, "
                    "'2024-01-01T00:00:00.000Z', '2024-01-01T00:01:00.000Z', '', 'elsewhere', 1)");
            QCOMPARE(db.queryInt64("SELECT count(*) FROM sqlite_schema WHERE name = 'experiments'"), std::int64_t{0});
        }
        Project project = Project::open(path);
        QCOMPARE(project.migrationsApplied(), currentSchemaVersion() - 3);
        QCOMPARE(project.listRuns().size(), std::size_t{1});
        QCOMPARE(project.database().queryText("SELECT description FROM migrations WHERE version = 4"),
                 std::string(schemaMigrations()[3].description));
        ExperimentStore store(project);
        const ExperimentId id = store.findOrCreate(recordNamed("ab", "t")).id;
        store.linkRun(id, 1, cell("a", 5));
        QCOMPARE(store.completedCells(id).size(), std::size_t{1});
        QCOMPARE(project.integrityCheck(), std::string("ok"));
    }
};

QTEST_GUILESS_MAIN(TestExperimentStore)
#include "tst_experiment_store.moc"
