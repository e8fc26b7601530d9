// Project: creating, reopening, migrating and refusing files; exact round trip of a run.
#include "sim/in_memory_run_recorder.h"
#include "frozen_schemas.h"
#include "fuzz_replay.h"
#include "project_file_invariant.h"
#include "status_text.h"
#include "store/database.h"
#include "store/process_identity.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/sample_codec.h"
#include "store/schema.h"
#include "store/statement.h"
#include "store/store_error.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cmath>
#include <limits>

using namespace orrery;
using namespace orrery::store;
using orrery::store::testing::kFrozenVersion1;
using orrery::store::testing::statusText;

namespace {

//! A PID above any Linux pid_max (2^22), so no process can have it.
constexpr std::int64_t kImpossiblePid = 2'000'000'000;

QByteArray fileBytes(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

//! The schema as SQLite stores it, whitespace collapsed, for comparing two files.
QStringList schemaOf(const std::string& path)
{
    Database db = Database::open(path, Database::OpenMode::ReadOnly);
    Statement query(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name");
    QStringList rows;
    while (query.step()) {
        QString sql = QString::fromStdString(query.columnText(3)).simplified();
        rows << QStringLiteral("%1 %2 %3: %4")
                    .arg(QString::fromStdString(query.columnText(0)), QString::fromStdString(query.columnText(1)),
                         QString::fromStdString(query.columnText(2)), sql);
    }
    return rows;
}

std::uint64_t bits(double value)
{
    return std::bit_cast<std::uint64_t>(value);
}

//! Feeds one sequence of calls to two recorders, so the stored run can be compared with the
//! reference record InMemoryRunRecorder keeps.
class TeeRecorder {
public:
    TeeRecorder(sim::RunRecorder& a, sim::RunRecorder& b)
        : m_a(a)
        , m_b(b)
    {
    }
    void beginRun(const sim::RunInfo& info)
    {
        m_a.beginRun(info);
        m_b.beginRun(info);
    }
    sim::SeriesId defineSeries(std::string_view name, std::string_view unit)
    {
        const auto id = m_a.defineSeries(name, unit);
        if (m_b.defineSeries(name, unit) != id)
            throw std::logic_error("recorders disagree on series ids");
        return id;
    }
    void recordSample(sim::SeriesId series, sim::SimTime time, double value)
    {
        m_a.recordSample(series, time, value);
        m_b.recordSample(series, time, value);
    }
    void recordMetric(std::string_view name, double value, std::string_view unit)
    {
        m_a.recordMetric(name, value, unit);
        m_b.recordMetric(name, value, unit);
    }
    void endRun(sim::RunStatus status, std::string_view message)
    {
        m_a.endRun(status, message);
        m_b.endRun(status, message);
    }

private:
    sim::RunRecorder& m_a;
    sim::RunRecorder& m_b;
};

} // namespace

class TestProject : public QObject {
    Q_OBJECT

private slots:
    void createsNewProject();
    void reopensExistingProject();
    void migratesVersion1File();
    void rejectsNewerSchemaVersion();
    void rejectsForeignSqliteDatabase_data();
    void rejectsForeignSqliteDatabase();
    void rejectsNonSqliteFile_data();
    void rejectsNonSqliteFile();
    void rejectsDamagedProject();
    void roundTripsRunExactly();
    void deduplicatesScenarioText();
    void unknownIdsReadAsEmpty();
    //! Project files come from other people: SQL that could corrupt the file on purpose is refused.
    void opensInDefensiveMode();
    //! Every crash input fuzz_project_file found (tests/fixtures/fuzz-regressions/project_file/) and
    //! every seed of its corpus keeps the harness's invariant (tests/fuzz/project_file_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "project_file"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const std::string problem = orrery::fuzz::projectFileProblem(orrery::fuzz::readReplayFile(file),
                                                                     dir.filePath("fuzzed.orrery").toStdString());
        QVERIFY2(problem.empty(), problem.c_str());
    }
};

void TestProject::opensInDefensiveMode()
{
    QTemporaryDir dir;
    const Project project = Project::open(dir.filePath("p.orrery").toStdString());
    project.database().exec("PRAGMA writable_schema = ON");
    QVERIFY_THROWS_EXCEPTION(StoreError, project.database().exec("UPDATE sqlite_schema SET sql = sql"));
    // Setting schema_version is ignored rather than refused in defensive mode.
    const std::int64_t schemaCookie = project.database().queryInt64("PRAGMA schema_version");
    project.database().exec("PRAGMA schema_version = 1000");
    QCOMPARE(project.database().queryInt64("PRAGMA schema_version"), schemaCookie);
}

void TestProject::createsNewProject()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("new.orrery").toStdString();
    QVERIFY(!QFile::exists(QString::fromStdString(path)));

    Project project = Project::open(path);
    QVERIFY(QFile::exists(QString::fromStdString(path)));
    QCOMPARE(project.path(), path);
    QCOMPARE(project.schemaVersion(), currentSchemaVersion());
    QVERIFY(currentSchemaVersion() >= 2);
    QCOMPARE(project.migrationsApplied(), currentSchemaVersion());
    QVERIFY(project.listRuns().empty());

    Database& db = project.database();
    QCOMPARE(db.queryInt64("PRAGMA application_id"), std::int64_t{kApplicationId});
    QCOMPARE(db.queryText("PRAGMA journal_mode"), std::string("wal"));
    QCOMPARE(db.queryInt64("PRAGMA foreign_keys"), std::int64_t{1});
    QCOMPARE(db.queryInt64("PRAGMA synchronous"), std::int64_t{1});  // NORMAL
    QCOMPARE(db.queryText("SELECT value FROM orrery_meta WHERE key = 'format'"), std::string("orrery-project"));

    Statement migrations(db, "SELECT version, applied_at, description FROM migrations ORDER BY version");
    const QRegularExpression iso(QStringLiteral(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$)"));
    int expected = 1;
    while (migrations.step()) {
        QCOMPARE(migrations.columnInt64(0), std::int64_t{expected});
        QVERIFY2(iso.match(QString::fromStdString(migrations.columnText(1))).hasMatch(),
                 migrations.columnText(1).c_str());
        QCOMPARE(migrations.columnText(2), std::string(schemaMigrations()[static_cast<std::size_t>(expected - 1)].description));
        ++expected;
    }
    QCOMPARE(expected - 1, currentSchemaVersion());
    QCOMPARE(project.integrityCheck(), std::string("ok"));
}

void TestProject::reopensExistingProject()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("again.orrery").toStdString();
    RunId id = 0;
    {
        Project project = Project::open(path);
        ProjectRunRecorder recorder(project);
        recorder.beginRun(sim::RunInfo{"s", "name: s\n", 5, sim::kSecond, {}, {}});
        recorder.recordMetric("jobs.completed", 3.0, "jobs");
        recorder.endRun(sim::RunStatus::Completed, "");
        id = *recorder.runId();
    }
    Project project = Project::open(path);
    QCOMPARE(project.migrationsApplied(), 0);
    QVERIFY(project.recoveredRuns().empty());
    QCOMPARE(project.schemaVersion(), currentSchemaVersion());
    const auto runs = project.listRuns();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].id, id);
    QCOMPARE(statusText(runs[0].status), std::string("completed"));
    QCOMPARE(project.metrics(id).at(0).value, 3.0);

    // Two connections at once: a second Project on the same file reads what the first wrote.
    Project second = Project::open(path);
    QCOMPARE(second.listRuns().size(), std::size_t{1});
}

void TestProject::migratesVersion1File()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string oldPath = dir.filePath("v1.orrery").toStdString();
    const std::string host = ProcessIdentity::current().host;

    // A version-1 file as an older build left it: rollback journal (WAL came with Project, but
    // any journal mode must do), one completed run with metrics and a series, and one run whose
    // recording process died.
    std::vector<std::byte> blob;
    for (std::int64_t i = 0; i < 3; ++i)
        SampleCodec::append(blob, i * sim::kSecond, 0.5 * static_cast<double>(i));
    {
        Database db = Database::open(oldPath);
        db.exec(kFrozenVersion1);
        db.exec("INSERT INTO scenarios (id, name, source_text, text_sha256, created_at) VALUES (1, 'old', "
                "'name: old\n', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', "
                "'2024-01-01T00:00:00.000Z')");
        Statement run(db, "INSERT INTO runs (id, scenario_id, seed, status, policies, horizon_ns, started_at, "
                          "ended_at, message, owner_host, owner_pid) VALUES (?1, 1, ?2, ?3, "
                          "'{\"placement\":\"kube {}\"}', 1000, '2024-01-01T00:00:00.000Z', ?4, '', ?5, ?6)");
        run.bindInt64(1, 1).bindInt64(2, 42).bindText(3, "completed").bindText(4, "2024-01-01T00:01:00.000Z");
        run.bindText(5, host).bindInt64(6, kImpossiblePid).run();
        run.bindInt64(1, 2).bindInt64(2, 43).bindText(3, "running").bindNull(4);
        run.bindText(5, host).bindInt64(6, kImpossiblePid).run();
        db.exec("INSERT INTO run_metrics (run_id, name, value, unit) VALUES (1, 'jobs.completed', 17.0, 'jobs')");
        db.exec("INSERT INTO series (id, run_id, name, unit) VALUES (1, 1, 'cpu', 'ratio')");
        Statement chunk(db, "INSERT INTO series_chunks VALUES (1, 0, 0, 3, ?1)");
        chunk.bindBlob(1, blob).run();
        QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{1});
        QCOMPARE(db.queryText("PRAGMA journal_mode"), std::string("delete"));
    }

    Project project = Project::open(oldPath);
    QCOMPARE(project.migrationsApplied(), currentSchemaVersion() - 1);
    QCOMPARE(project.schemaVersion(), currentSchemaVersion());
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM migrations"), std::int64_t{currentSchemaVersion()});
    QCOMPARE(project.database().queryText("SELECT applied_at FROM migrations WHERE version = 1"),
             std::string("2024-01-01T00:00:00.000Z"));  // history is kept, not rewritten
    // Version 2's column exists and old rows read it as NULL.
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM runs WHERE owner_start_token IS NULL"),
             std::int64_t{2});

    // The old data reads back through today's API.
    const auto runs = project.listRuns();
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[0].scenarioName, std::string("old"));
    QCOMPARE(runs[0].seed, std::uint64_t{42});
    QCOMPARE(statusText(runs[0].status), std::string("completed"));
    QCOMPARE(runs[0].policies.size(), std::size_t{1});
    QCOMPARE(runs[0].policies[0].second, std::string("kube {}"));
    QCOMPARE(project.metrics(1).at(0).value, 17.0);
    const auto samples = project.samples(project.series(1).at(0).id);
    QCOMPARE(samples.size(), std::size_t{3});
    QCOMPARE(samples[2].time, 2 * sim::kSecond);
    QCOMPARE(samples[2].value, 1.0);
    // The dead run of the old file is recovered even though its row predates start tokens.
    QCOMPARE(statusText(runs[1].status), std::string("interrupted"));
    QCOMPARE(project.recoveredRuns(), std::vector<RunId>{2});
    QCOMPARE(project.integrityCheck(), std::string("ok"));

    // Migrating gives the same schema as creating from scratch.
    const std::string freshPath = dir.filePath("fresh.orrery").toStdString();
    { Project fresh = Project::open(freshPath); }
    QCOMPARE(schemaOf(oldPath), schemaOf(freshPath));
}

void TestProject::rejectsNewerSchemaVersion()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("future.orrery").toStdString();
    { Project project = Project::open(path); }
    const int future = currentSchemaVersion() + 5;
    {
        Database db = Database::open(path, Database::OpenMode::ReadWrite);
        db.exec("PRAGMA user_version = " + std::to_string(future));
    }
    try {
        Project project = Project::open(path);
        QFAIL("a project from a newer schema version was opened");
    } catch (const StoreError& error) {
        const std::string message = error.what();
        QVERIFY2(message.rfind(path, 0) == 0, message.c_str());
        QVERIFY2(message.find("schema version " + std::to_string(future)) != std::string::npos, message.c_str());
        QVERIFY2(message.find("schema version " + std::to_string(currentSchemaVersion())) != std::string::npos,
                 message.c_str());
    }
    Database db = Database::open(path, Database::OpenMode::ReadOnly);
    QCOMPARE(db.queryInt64("PRAGMA user_version"), std::int64_t{future});
}

void TestProject::rejectsForeignSqliteDatabase_data()
{
    QTest::addColumn<QString>("setup");
    QTest::newRow("tables of another application")
        << QStringLiteral("CREATE TABLE contacts (name TEXT, phone TEXT); INSERT INTO contacts VALUES ('Ada', '1');");
    QTest::newRow("application_id of another application, no tables") << QStringLiteral("PRAGMA application_id = 42;");
    QTest::newRow("orrery-looking tables, no application_id")
        << QStringLiteral("CREATE TABLE orrery_meta (key TEXT PRIMARY KEY, value TEXT); "
                          "INSERT INTO orrery_meta VALUES ('format', 'orrery-project');");
}

void TestProject::rejectsForeignSqliteDatabase()
{
    QFETCH(QString, setup);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("someone-else.db").toStdString();
    {
        Database db = Database::open(path);
        db.exec(setup.toStdString());
    }
    const QByteArray before = fileBytes(path);
    QVERIFY(!before.isEmpty());

    try {
        Project project = Project::open(path);
        QFAIL("a foreign SQLite database was opened as a project");
    } catch (const StoreError& error) {
        const std::string message = error.what();
        QVERIFY2(message.rfind(path + ": not an Orrery project", 0) == 0, message.c_str());
    }
    // Not scribbled on: same bytes, and no switch to WAL (which would leave a -wal file).
    QCOMPARE(fileBytes(path), before);
    QVERIFY(!QFile::exists(QString::fromStdString(path + "-wal")));
}

void TestProject::rejectsNonSqliteFile_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("text") << QByteArray("name: not-a-project\nhorizon: 1h\n").repeated(200);
    QTest::newRow("short") << QByteArray("garbage");
    QByteArray noise(8192, '\0');
    for (int i = 0; i < noise.size(); ++i)
        noise[i] = static_cast<char>((i * 7919 + 13) % 251);
    QTest::newRow("binary") << noise;
}

void TestProject::rejectsNonSqliteFile()
{
    QFETCH(QByteArray, content);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("notes.orrery").toStdString();
    {
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    try {
        Project project = Project::open(path);
        QFAIL("a file that is not SQLite was opened as a project");
    } catch (const StoreError& error) {
        const std::string message = error.what();
        QVERIFY2(message.rfind(path + ": ", 0) == 0, message.c_str());
        QVERIFY2(message.find("not a database") != std::string::npos, message.c_str());
        QCOMPARE(error.path(), path);
    }
    QCOMPARE(fileBytes(path), content);
}

void TestProject::rejectsDamagedProject()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("damaged.orrery").toStdString();
    { Project project = Project::open(path); }
    {
        Database db = Database::open(path, Database::OpenMode::ReadWrite);
        db.exec("DROP TABLE orrery_meta");
    }
    QVERIFY_THROWS_EXCEPTION(StoreError, Project::open(path));
}

void TestProject::roundTripsRunExactly()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("roundtrip.orrery").toStdString();

    sim::RunInfo info;
    info.scenarioName = "social-network «µ»";
    info.scenarioText = "name: social-network\n# ünïcödé and 'quotes'; DROP TABLE runs; --\nhorizon: 2h\n";
    info.seed = std::numeric_limits<std::uint64_t>::max();  // does not fit an SQLite INTEGER as is
    info.horizon = 2 * sim::kHour;
    info.policies = {{"placement", "kube {\"weights\":[1,2]}"}, {"control", "kube-hpa {}"}};

    const double specials[] = {0.1,
                               -0.0,
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::denorm_min(),
                               std::numeric_limits<double>::max(),
                               std::numeric_limits<double>::lowest(),
                               std::bit_cast<double>(std::uint64_t{0x7ff8dead'beef0001}),  // NaN with a payload
                               1.0 / 3.0};
    constexpr std::int64_t kManySamples = 12'345;  // four 4096-sample chunks, the last partial

    sim::InMemoryRunRecorder reference;
    RunId id = 0;
    {
        Project project = Project::open(path);
        ProjectRunRecorder stored(project);
        TeeRecorder tee(stored, reference);
        tee.beginRun(info);
        const auto load = tee.defineSeries("cluster.cpu_utilization", "ratio");
        const auto odd = tee.defineSeries("odd.values", "");
        const auto empty = tee.defineSeries("never.sampled", "s");
        Q_UNUSED(empty);
        for (std::int64_t i = 0; i < kManySamples; ++i) {
            const double value = std::sin(static_cast<double>(i) * 0.37) * 1e-3 + static_cast<double>(i);
            tee.recordSample(load, i * 250 * sim::kMillisecond - sim::kSecond, value);  // negative times too
        }
        sim::SimTime t = std::numeric_limits<sim::SimTime>::min();
        for (const double value : specials) {
            tee.recordSample(odd, t, value);
            t = t / 2 + 1;
        }
        tee.recordSample(odd, std::numeric_limits<sim::SimTime>::max(), 42.0);
        for (const double value : specials)
            tee.recordMetric("metric." + std::to_string(bits(value)), value, "unit");
        tee.recordMetric("jobs.completed", 991.0, "jobs");
        tee.endRun(sim::RunStatus::Completed, "horizon reached");
        id = *stored.runId();
        QVERIFY(stored.chunksWritten() >= 5);
    }

    Project project = Project::open(path);  // read through a fresh connection
    const auto run = project.run(id);
    QVERIFY(run);
    QCOMPARE(run->scenarioName, info.scenarioName);
    QCOMPARE(run->seed, info.seed);
    QCOMPARE(run->horizon, info.horizon);
    QCOMPARE(statusText(run->status), std::string("completed"));
    QCOMPARE(run->message, std::string("horizon reached"));
    QCOMPARE(run->ownerPid, ProcessIdentity::current().pid);
    using Policies = std::vector<std::pair<std::string, std::string>>;
    QCOMPARE(run->policies, (Policies{{"control", "kube-hpa {}"}, {"placement", "kube {\"weights\":[1,2]}"}}));
    QCOMPARE(project.database().queryText("SELECT policies FROM runs"),
             std::string("{\"control\":\"kube-hpa {}\",\"placement\":\"kube {\\\"weights\\\":[1,2]}\"}"));
    const QRegularExpression iso(QStringLiteral(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$)"));
    QVERIFY(iso.match(QString::fromStdString(run->startedAt)).hasMatch());
    QVERIFY(iso.match(QString::fromStdString(run->endedAt)).hasMatch());
    QVERIFY(run->startedAt <= run->endedAt);
    QCOMPARE(project.scenarioText(id), std::optional<std::string>(info.scenarioText));

    // Metrics: bit-exact, except that SQLite has no NaN (NULL in the file, a quiet NaN here).
    const auto metrics = project.metrics(id);
    QCOMPARE(metrics.size(), reference.metrics().size());
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const auto& expected = reference.metrics()[i];
        QCOMPARE(metrics[i].name, expected.name);
        QCOMPARE(metrics[i].unit, expected.unit);
        if (std::isnan(expected.value))
            QVERIFY(std::isnan(metrics[i].value));
        else
            QCOMPARE(bits(metrics[i].value), bits(expected.value));
    }
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM run_metrics WHERE value IS NULL"), std::int64_t{1});

    // Series: all of them, in definition order, every sample bit-exact (NaN payload included).
    const auto series = project.series(id);
    QCOMPARE(series.size(), reference.series().size());
    for (std::size_t s = 0; s < series.size(); ++s) {
        const auto& expected = reference.series()[s];
        QCOMPARE(series[s].name, expected.name);
        QCOMPARE(series[s].unit, expected.unit);
        QCOMPARE(series[s].sampleCount, static_cast<std::int64_t>(expected.samples.size()));
        const auto samples = project.samples(series[s].id);
        QCOMPARE(samples.size(), expected.samples.size());
        for (std::size_t i = 0; i < samples.size(); ++i) {
            if (samples[i].time != expected.samples[i].first || bits(samples[i].value) != bits(expected.samples[i].second))
                QFAIL(qPrintable(QStringLiteral("series %1 sample %2 differs").arg(s).arg(i)));
        }
    }
    QCOMPARE(series[0].chunkCount, std::int64_t{4});
    QCOMPARE(series[2].chunkCount, std::int64_t{0});
    QCOMPARE(project.database().queryInt64("SELECT max(sample_count) FROM series_chunks"), std::int64_t{4096});
}

void TestProject::deduplicatesScenarioText()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Project project = Project::open(dir.filePath("dedup.orrery").toStdString());
    ProjectRunRecorder recorder(project);
    const auto record = [&](const std::string& name, const std::string& text, std::uint64_t seed) {
        recorder.beginRun(sim::RunInfo{name, text, seed, sim::kSecond, {}, {}});
        recorder.endRun(sim::RunStatus::Completed, "");
    };
    record("a", "name: a\n", 1);
    record("a", "name: a\n", 2);
    record("a", "name: a\n", 3);
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM scenarios"), std::int64_t{1});
    record("a", "name: a\nhorizon: 2h\n", 4);  // edited text: a new scenario row
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM scenarios"), std::int64_t{2});
    record("b", "name: a\n", 5);  // same text saved under another name keeps that name
    QCOMPARE(project.database().queryInt64("SELECT count(*) FROM scenarios"), std::int64_t{3});

    const auto runs = project.listRuns();
    QCOMPARE(runs.size(), std::size_t{5});
    QCOMPARE(runs[4].scenarioName, std::string("b"));
    QCOMPARE(*project.scenarioText(runs[3].id), std::string("name: a\nhorizon: 2h\n"));
    // The digest is the one `sha256sum` prints for the scenario file.
    QCOMPARE(project.database().queryText("SELECT text_sha256 FROM scenarios WHERE id = 1"),
             std::string("1e7e5f3c45fc71cc0d92ffd6a4136ce35256118f2cb9a940b09a9e336022a571"));
}

void TestProject::unknownIdsReadAsEmpty()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Project project = Project::open(dir.filePath("empty.orrery").toStdString());
    QVERIFY(!project.run(99));
    QVERIFY(!project.scenarioText(99));
    QVERIFY(project.metrics(99).empty());
    QVERIFY(project.series(99).empty());
    QVERIFY(project.samples(99).empty());
}

QTEST_GUILESS_MAIN(TestProject)
#include "tst_project.moc"
