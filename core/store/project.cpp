#include "store/project.h"

#include "store/policy_text.h"
#include "store/process_identity.h"
#include "store/sample_codec.h"
#include "store/schema.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <cstdio>
#include <limits>
#include <stdexcept>
#include <utility>

namespace orrery::store {
namespace {

std::string hex32(std::int64_t value)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%08X", static_cast<unsigned>(static_cast<std::uint32_t>(value)));
    return buffer;
}

sim::RunStatus statusFromText(const Database& db, const std::string& text)
{
    for (const auto status : {sim::RunStatus::Running, sim::RunStatus::Completed, sim::RunStatus::Failed,
                              sim::RunStatus::Interrupted, sim::RunStatus::Cancelled}) {
        if (sim::toString(status) == text)
            return status;
    }
    throw StoreError(db.path(), "unknown run status '" + text + "'");
}

constexpr std::string_view kRunSummaryQuery = R"sql(
SELECT r.id, s.name, r.seed, r.status, r.policies, r.horizon_ns, r.started_at,
       r.ended_at, r.message, r.owner_host, r.owner_pid
FROM runs AS r JOIN scenarios AS s ON s.id = r.scenario_id
)sql";

RunSummary readRunSummary(const Database& db, const Statement& row)
{
    // runs.id is the table's INTEGER PRIMARY KEY, never NULL, unless the file's schema was
    // altered (a fuzzed file spelled it "INTEGER PR AIMYRKEY"): every such run would read as
    // run 0, which run(0) then cannot find.
    if (row.columnIsNull(0))
        throw StoreError(db.path(), "damaged Orrery project: a run without an id (runs.id is not the table's key)");
    RunSummary run;
    run.id = row.columnInt64(0);
    run.scenarioName = row.columnText(1);
    run.seed = static_cast<std::uint64_t>(row.columnInt64(2));  // stored as its two's-complement bits
    run.status = statusFromText(db, row.columnText(3));
    try {
        run.policies = parsePolicyText(row.columnText(4));
    } catch (const std::invalid_argument& error) {
        throw StoreError(db.path(), "run " + std::to_string(run.id) + ": " + error.what());
    }
    run.horizon = row.columnInt64(5);
    run.startedAt = row.columnText(6);
    run.endedAt = row.columnText(7);
    run.message = row.columnText(8);
    run.ownerHost = row.columnText(9);
    run.ownerPid = row.columnInt64(10);
    return run;
}

} // namespace

Project Project::open(const std::string& path)
{
    Project project(Database::open(path, Database::OpenMode::ReadWriteCreate));
    project.checkIsOrreryProject();
    project.configureConnection();
    project.m_migrationsApplied = applyMigrations(project.m_db, schemaMigrations());
    project.recoverInterruptedRuns();
    return project;
}

Project::Project(Database db)
    : m_db(std::move(db))
{
}

// Only reads: nothing is written to a file until it is known to be an empty file or an
// Orrery project this build can handle. The first read is also where SQLite notices a file
// that is not a database at all ("file is not a database").
void Project::checkIsOrreryProject()
{
    std::int64_t applicationId = 0;
    std::int64_t objects = 0;
    std::int64_t version = 0;
    try {
        applicationId = m_db.queryInt64("PRAGMA application_id");
        objects = m_db.queryInt64("SELECT count(*) FROM sqlite_schema");
        version = m_db.queryInt64("PRAGMA user_version");
    } catch (const StoreError& error) {
        throw StoreError(path(), "not an Orrery project (cannot read it as SQLite: " + error.detail() + ')',
                         error.sqliteCode());
    }

    if (applicationId != kApplicationId) {
        if (applicationId == 0 && objects == 0)
            return;  // a new or empty file: migrations will create the schema
        throw StoreError(path(), "not an Orrery project: an SQLite database with application_id "
                                     + hex32(applicationId) + " and " + std::to_string(objects)
                                     + " schema objects (an Orrery project has application_id "
                                     + hex32(kApplicationId) + " \"ORRY\"); the file was left untouched");
    }
    const std::int64_t hasMeta =
        m_db.queryInt64("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'orrery_meta'");
    if (hasMeta == 0)
        throw StoreError(path(), "damaged Orrery project: application_id is Orrery's but the orrery_meta table is missing");
    // Orrery never writes views or triggers. In a file from elsewhere they are code that runs on
    // every read: a recursive view named `runs` made this open loop forever (issue 22).
    {
        Statement code(m_db, "SELECT type, name FROM sqlite_schema WHERE type IN ('view', 'trigger') ORDER BY name LIMIT 1");
        if (code.step())
            throw StoreError(path(), "damaged Orrery project: it contains the " + code.columnText(0) + " '"
                                         + code.columnText(1)
                                         + "', and Orrery projects have no views or triggers; the file was left untouched");
    }
    if (version > currentSchemaVersion())
        throw StoreError(path(), "the project has schema version " + std::to_string(version)
                                     + ", newer than this build of Orrery supports (schema version "
                                     + std::to_string(currentSchemaVersion())
                                     + "); open it with a newer Orrery");
}

// WAL lets the GUI read while a simulation thread or another process writes, and a commit is
// one append to the -wal file. With WAL, synchronous=NORMAL fsyncs only at checkpoints: a
// process crash loses nothing that was committed (the frames are in the OS page cache), and a
// power loss cannot corrupt the file; it can only roll back the last few commits, which for
// simulation output means re-running, not repairing.
void Project::configureConnection()
{
    const std::string mode = m_db.queryText("PRAGMA journal_mode = WAL");
    if (mode != "wal")
        throw StoreError(path(), "cannot switch to WAL journal mode (SQLite kept '" + mode
                                     + "'); project files need a local file system");
    m_db.exec("PRAGMA synchronous = NORMAL");
    m_db.exec("PRAGMA foreign_keys = ON");
}

void Project::recoverInterruptedRuns()
{
    const ProcessIdentity self = ProcessIdentity::current();
    {
        // Cheap read first (partial index runs_running), so an ordinary open takes no write lock.
        Statement anyRunning(m_db, "SELECT EXISTS (SELECT 1 FROM runs WHERE status = 'running' AND owner_host = ?1)");
        anyRunning.bindText(1, self.host);
        if (!anyRunning.step() || anyRunning.columnInt64(0) == 0)
            return;
    }

    Transaction transaction(m_db, Transaction::Mode::Immediate);
    Statement running(m_db, "SELECT id, owner_host, owner_pid, owner_start_token FROM runs "
                            "WHERE status = 'running' AND owner_host = ?1 ORDER BY id");
    running.bindText(1, self.host);
    std::vector<std::pair<RunId, ProcessIdentity>> gone;
    while (running.step()) {
        ProcessIdentity owner{running.columnText(1), running.columnInt64(2), running.columnText(3)};
        if (owner.probe() == ProcessIdentity::Liveness::Gone)
            gone.emplace_back(running.columnInt64(0), std::move(owner));
    }
    if (gone.empty())
        return;

    const std::string now = utcNow();
    Statement mark(m_db, "UPDATE runs SET status = 'interrupted', message = ?2 WHERE id = ?1 AND status = 'running'");
    for (const auto& [id, owner] : gone) {
        mark.bindInt64(1, id)
            .bindText(2, "interrupted: the recording process (pid " + std::to_string(owner.pid) + " on "
                             + owner.host + ") ended without finishing the run; found when the project was reopened at "
                             + now)
            .run();
    }
    transaction.commit();
    for (const auto& entry : gone)
        m_recoveredRuns.push_back(entry.first);
}

int Project::schemaVersion() const
{
    return static_cast<int>(m_db.queryInt64("PRAGMA user_version"));
}

std::vector<RunSummary> Project::listRuns() const
{
    Statement query(m_db, std::string(kRunSummaryQuery) + " ORDER BY r.id");
    std::vector<RunSummary> runs;
    while (query.step())
        runs.push_back(readRunSummary(m_db, query));
    return runs;
}

std::optional<RunSummary> Project::run(RunId id) const
{
    Statement query(m_db, std::string(kRunSummaryQuery) + " WHERE r.id = ?1");
    query.bindInt64(1, id);
    if (!query.step())
        return std::nullopt;
    return readRunSummary(m_db, query);
}

std::optional<std::string> Project::scenarioText(RunId id) const
{
    Statement query(m_db, "SELECT s.source_text FROM runs AS r JOIN scenarios AS s ON s.id = r.scenario_id "
                          "WHERE r.id = ?1");
    query.bindInt64(1, id);
    if (!query.step())
        return std::nullopt;
    return query.columnText(0);
}

std::vector<MetricRow> Project::metrics(RunId id) const
{
    Statement query(m_db, "SELECT name, value, unit FROM run_metrics WHERE run_id = ?1 ORDER BY rowid");
    query.bindInt64(1, id);
    std::vector<MetricRow> rows;
    while (query.step()) {
        const double value =
            query.columnIsNull(1) ? std::numeric_limits<double>::quiet_NaN() : query.columnDouble(1);
        rows.push_back(MetricRow{query.columnText(0), value, query.columnText(2)});
    }
    return rows;
}

std::vector<SeriesInfo> Project::series(RunId id) const
{
    Statement query(m_db, R"sql(
        SELECT s.id, s.name, s.unit, coalesce(sum(c.sample_count), 0), count(c.chunk_index)
        FROM series AS s LEFT JOIN series_chunks AS c ON c.series_id = s.id
        WHERE s.run_id = ?1
        GROUP BY s.id
        ORDER BY s.id)sql");
    query.bindInt64(1, id);
    std::vector<SeriesInfo> rows;
    while (query.step()) {
        rows.push_back(SeriesInfo{query.columnInt64(0), query.columnText(1), query.columnText(2),
                                  query.columnInt64(3), query.columnInt64(4)});
    }
    return rows;
}

std::vector<Sample> Project::samples(StoredSeriesId id) const
{
    std::vector<Sample> out;
    {
        Statement total(m_db, "SELECT coalesce(sum(sample_count), 0) FROM series_chunks WHERE series_id = ?1");
        total.bindInt64(1, id);
        if (total.step() && total.columnInt64(0) > 0)
            out.reserve(static_cast<std::size_t>(total.columnInt64(0)));
    }
    Statement query(m_db, "SELECT chunk_index, sample_count, data FROM series_chunks "
                          "WHERE series_id = ?1 ORDER BY chunk_index");
    query.bindInt64(1, id);
    while (query.step()) {
        const std::int64_t count = query.columnInt64(1);
        const auto blob = query.columnBlob(2);
        if (count < 0 || blob.size() != static_cast<std::size_t>(count) * SampleCodec::kBytesPerSample) {
            throw StoreError(path(), "series " + std::to_string(id) + " chunk " + std::to_string(query.columnInt64(0))
                                         + " holds " + std::to_string(blob.size()) + " bytes for "
                                         + std::to_string(count) + " samples");
        }
        SampleCodec::decode(blob, out);
    }
    return out;
}

std::string Project::integrityCheck() const
{
    Statement query(m_db, "PRAGMA integrity_check");
    std::string findings;
    while (query.step()) {
        if (!findings.empty())
            findings += '\n';
        findings += query.columnText(0);
    }
    return findings;
}

} // namespace orrery::store
