// ShardMerger: copies the completed cell runs of shard project files into a project, in SQL over
// an ATTACHed shard, one transaction per shard.
#include "store/shard_merger.h"

#include "store/database.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/schema.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"

#include <filesystem>
#include <set>
#include <tuple>

namespace orrery::store {
namespace {

using CellKey = std::tuple<int, std::string, std::uint64_t, int>;

CellKey keyOf(const ExperimentCell& cell)
{
    return {cell.sweepIndex, cell.arm, cell.seed, cell.repeat};
}

ExperimentCell readCell(const Statement& row)
{
    ExperimentCell cell;
    cell.sweepIndex = static_cast<int>(row.columnInt64(0));
    cell.sweepValue = row.columnText(1);
    cell.arm = row.columnText(2);
    cell.seed = static_cast<std::uint64_t>(row.columnInt64(3));
    cell.repeat = static_cast<int>(row.columnInt64(4));
    return cell;
}

std::string shortHash(const std::string& sha)
{
    return sha.substr(0, 12);
}

ShardMergeResult result(ShardMergeResult::Status status, std::string message)
{
    ShardMergeResult merged;
    merged.status = status;
    merged.message = std::move(message);
    return merged;
}

// The statements that copy one run: ?1 the shard's run id, ?2 the project's new run id.
constexpr std::string_view kCopyRunRows[] = {
    "INSERT INTO main.run_metrics (run_id, name, value, unit) "
    "SELECT ?2, name, value, unit FROM shard.run_metrics WHERE run_id = ?1 ORDER BY rowid",
    "INSERT INTO main.series (run_id, name, unit) SELECT ?2, name, unit FROM shard.series WHERE run_id = ?1 ORDER BY id",
    "INSERT INTO main.series_chunks (series_id, chunk_index, first_time_ns, sample_count, data) "
    "SELECT m.id, c.chunk_index, c.first_time_ns, c.sample_count, c.data "
    "FROM shard.series AS s JOIN shard.series_chunks AS c ON c.series_id = s.id "
    "JOIN main.series AS m ON m.run_id = ?2 AND m.name = s.name "
    "WHERE s.run_id = ?1 ORDER BY m.id, c.chunk_index",
    "INSERT INTO main.run_names (run_id, name_id, name) SELECT ?2, name_id, name FROM shard.run_names WHERE run_id = ?1 "
    "ORDER BY name_id",
    "INSERT INTO main.run_traces (run_id, batch_index, first_start_ns, trace_count, span_count, data) "
    "SELECT ?2, batch_index, first_start_ns, trace_count, span_count, data FROM shard.run_traces WHERE run_id = ?1 "
    "ORDER BY batch_index",
    "INSERT INTO main.run_annotations (run_id, start_ns, end_ns, kind, target, intensity) "
    "SELECT ?2, start_ns, end_ns, kind, target, intensity FROM shard.run_annotations WHERE run_id = ?1 ORDER BY rowid",
    "INSERT INTO main.run_models (run_id, plugin, model_id, model_sha256) "
    "SELECT ?2, plugin, NULL, model_sha256 FROM shard.run_models WHERE run_id = ?1 ORDER BY plugin",
};

//! ATTACHes a shard to a connection for the lifetime of the guard.
class AttachedShard {
public:
    AttachedShard(Database& db, const std::string& path)
        : m_db(db)
    {
        Statement attach(db, "ATTACH DATABASE ?1 AS shard");
        attach.bindText(1, path);
        attach.run();
    }
    AttachedShard(const AttachedShard&) = delete;
    AttachedShard& operator=(const AttachedShard&) = delete;
    ~AttachedShard()
    {
        try {
            m_db.exec("DETACH DATABASE shard");
        } catch (const StoreError&) { // nothing left to do; the connection closes with the project
        }
    }

private:
    Database& m_db;
};

} // namespace

ShardMerger::ShardMerger(Project& project, std::optional<ExperimentId> target)
    : m_project(project)
    , m_target(target)
{
}

std::optional<ExperimentRecord> ShardMerger::target() const
{
    if (!m_target)
        return std::nullopt;
    return ExperimentStore(m_project).experiment(*m_target);
}

std::optional<ShardMergeResult> ShardMerger::inspect(const std::string& shardPath, ExperimentRecord& experiment,
                                                     std::vector<ExperimentCellRun>& completed,
                                                     std::vector<ExperimentCell>& incomplete, std::string& lastStatus) const
{
    using Status = ShardMergeResult::Status;
    std::error_code fileError;
    if (!std::filesystem::exists(shardPath, fileError))
        return result(Status::Incomplete, "does not exist (the cell has not written it yet)");
    if (std::filesystem::equivalent(shardPath, m_project.path(), fileError))
        return result(Status::Refused, "is the project itself");
    std::optional<Database> shard;
    std::int64_t applicationId = 0;
    std::int64_t objects = 0;
    std::int64_t version = 0;
    std::string integrity;
    try {
        shard.emplace(Database::open(shardPath, Database::OpenMode::ReadOnly));
        applicationId = shard->queryInt64("PRAGMA application_id");
        objects = shard->queryInt64("SELECT count(*) FROM sqlite_schema");
        version = shard->queryInt64("PRAGMA user_version");
        integrity = shard->queryText("PRAGMA integrity_check");
    } catch (const StoreError& error) {
        return result(Status::Incomplete, "cannot be read (" + error.detail() + ")");
    }
    if (applicationId != kApplicationId) {
        if (applicationId == 0 && objects == 0)
            return result(Status::Incomplete, "holds no project yet (the cell stopped before writing anything)");
        return result(Status::Refused, "not an Orrery project (an SQLite database with " + std::to_string(objects)
                                           + " schema objects and another application_id)");
    }
    if (version != m_project.schemaVersion()) {
        return result(Status::Refused, "has Orrery schema version " + std::to_string(version) + ", the project "
                                           + m_project.path() + " has schema version "
                                           + std::to_string(m_project.schemaVersion())
                                           + "; run the cell again with the Orrery that writes the project");
    }
    if (integrity != "ok")
        return result(Status::Incomplete, "is damaged (PRAGMA integrity_check: " + integrity.substr(0, 200) + ")");

    try {
        if (shard->queryInt64("SELECT count(*) FROM experiments") == 0)
            return result(Status::Incomplete, "holds no experiment (the cell stopped before it started)");
        if (const auto count = shard->queryInt64("SELECT count(*) FROM experiments"); count > 1)
            return result(Status::Refused, "holds " + std::to_string(count) + " experiments; a shard holds one");
        Statement row(*shard, "SELECT id, name, description, definition_sha256, experiment_file, experiment_text, "
                              "scenario_file, scenario_text, baseline_arm, treatment_arm, sweep_parameter, cell_count "
                              "FROM experiments");
        row.step();
        experiment.id = row.columnInt64(0);
        experiment.name = row.columnText(1);
        experiment.description = row.columnText(2);
        experiment.definitionSha256 = row.columnText(3);
        experiment.experimentFile = row.columnText(4);
        experiment.experimentText = row.columnText(5);
        experiment.scenarioFile = row.columnText(6);
        experiment.scenarioText = row.columnText(7);
        experiment.baselineArm = row.columnText(8);
        experiment.treatmentArm = row.columnText(9);
        experiment.sweepParameter = row.columnText(10);
        experiment.cellCount = row.columnInt64(11);

        // Every attempted cell: its earliest completed run, else the status of its latest run.
        Statement cells(*shard, R"sql(
SELECT e.sweep_index, e.sweep_value, e.arm, e.seed, e.repeat_index,
       min(CASE WHEN r.status = 'completed' THEN r.id END) AS completed_run,
       (SELECT r2.status FROM experiment_runs AS e2 JOIN runs AS r2 ON r2.id = e2.run_id
        WHERE e2.experiment_id = e.experiment_id AND e2.sweep_index = e.sweep_index AND e2.arm = e.arm
          AND e2.seed = e.seed AND e2.repeat_index = e.repeat_index ORDER BY r2.id DESC LIMIT 1) AS last_status
FROM experiment_runs AS e JOIN runs AS r ON r.id = e.run_id
GROUP BY e.sweep_index, e.arm, e.seed, e.repeat_index
ORDER BY e.sweep_index, e.arm, e.seed, e.repeat_index)sql");
        while (cells.step()) {
            if (cells.columnIsNull(5)) {
                incomplete.push_back(readCell(cells));
                lastStatus = cells.columnText(6);
            } else {
                completed.push_back({readCell(cells), cells.columnInt64(5)});
            }
        }
    } catch (const StoreError& error) {
        return result(Status::Incomplete, "cannot be read (" + error.detail() + ")");
    }
    if (completed.empty()) {
        if (incomplete.empty())
            return result(Status::Incomplete, "holds no run (the cell stopped before its run started)");
        ShardMergeResult skipped = result(Status::Incomplete, "its run is '" + lastStatus
                                                                  + "', not completed (half-written: the cell was "
                                                                    "stopped or failed)");
        skipped.incomplete = incomplete;
        return skipped;
    }
    return std::nullopt;
}

ShardMergeResult ShardMerger::merge(const std::string& shardPath)
{
    using Status = ShardMergeResult::Status;
    ExperimentRecord shardExperiment;
    std::vector<ExperimentCellRun> completed;
    std::vector<ExperimentCell> incomplete;
    std::string lastStatus;
    if (auto problem = inspect(shardPath, shardExperiment, completed, incomplete, lastStatus))
        return std::move(*problem);

    ExperimentStore experiments(m_project);
    if (m_target) {
        const std::optional<ExperimentRecord> target = experiments.experiment(*m_target);
        if (!target)
            throw StoreError(m_project.path(), "no experiment with id " + std::to_string(*m_target));
        if (target->name != shardExperiment.name || target->definitionSha256 != shardExperiment.definitionSha256) {
            return result(Status::Refused,
                          "holds a cell of experiment '" + shardExperiment.name + "' (definition "
                              + shortHash(shardExperiment.definitionSha256) + "…), not of experiment '" + target->name
                              + "' (id " + std::to_string(target->id) + " in " + m_project.path() + ", definition "
                              + shortHash(target->definitionSha256) + "…)");
        }
    } else {
        // findOrCreate hashes the texts itself; a row whose texts do not give its hash is not a shard we wrote.
        if (ExperimentStore::definitionHash(shardExperiment.experimentText, shardExperiment.scenarioText)
            != shardExperiment.definitionSha256)
            return result(Status::Refused, "its experiment row does not match its definition hash");
        m_target = experiments.findOrCreate(shardExperiment).id;
    }

    ShardMergeResult merged;
    merged.incomplete = std::move(incomplete);
    Database& db = m_project.database();
    {
        AttachedShard attached(db, shardPath);
        Transaction transaction(db, Transaction::Mode::Immediate);
        // Read under the write lock, so a cell another process completes meanwhile is not copied twice.
        std::set<CellKey> done;
        for (const ExperimentCellRun& run : experiments.completedCells(*m_target))
            done.insert(keyOf(run.cell));
        for (const ExperimentCellRun& run : completed) {
            if (done.count(keyOf(run.cell)) != 0) {
                ++merged.alreadyComplete;
                continue;
            }
            copyRun(run.runId);
            merged.merged.push_back(run.cell);
        }
        transaction.commit();
    }
    merged.status = merged.merged.empty() ? Status::AlreadyMerged : Status::Merged;
    return merged;
}

RunId ShardMerger::copyRun(RunId shardRun)
{
    Database& db = m_project.database();
    // The scenario row: shared with earlier runs of the same text and name.
    Statement scenario(db, "INSERT INTO main.scenarios (name, source_text, text_sha256, created_at) "
                           "SELECT s.name, s.source_text, s.text_sha256, s.created_at "
                           "FROM shard.scenarios AS s JOIN shard.runs AS r ON r.scenario_id = s.id WHERE r.id = ?1 "
                           "ON CONFLICT (text_sha256, name) DO NOTHING");
    scenario.bindInt64(1, shardRun).run();
    Statement scenarioId(db, "SELECT m.id FROM main.scenarios AS m "
                             "JOIN shard.scenarios AS s ON s.text_sha256 = m.text_sha256 AND s.name = m.name "
                             "JOIN shard.runs AS r ON r.scenario_id = s.id WHERE r.id = ?1");
    scenarioId.bindInt64(1, shardRun);
    if (!scenarioId.step())
        throw StoreError(m_project.path(), "merging a shard: the scenario of its run " + std::to_string(shardRun) + " is missing");
    const std::int64_t scenarioRow = scenarioId.columnInt64(0);
    scenarioId.reset();

    Statement runRow(db, "INSERT INTO main.runs (scenario_id, seed, status, policies, horizon_ns, started_at, ended_at, "
                         "message, owner_host, owner_pid, owner_start_token) "
                         "SELECT ?2, seed, status, policies, horizon_ns, started_at, ended_at, message, owner_host, "
                         "owner_pid, owner_start_token FROM shard.runs WHERE id = ?1");
    runRow.bindInt64(1, shardRun).bindInt64(2, scenarioRow).run();
    const RunId runId = db.lastInsertRowId();

    for (const std::string_view sql : kCopyRunRows) {
        Statement copy(db, sql);
        copy.bindInt64(1, shardRun).bindInt64(2, runId).run();
    }
    // Trajectories of learned agents (schema 7) get new ids, so their chunks follow one by one.
    Statement trajectories(db, "SELECT id FROM shard.trajectories WHERE run_id = ?1 ORDER BY id");
    trajectories.bindInt64(1, shardRun);
    while (trajectories.step()) {
        Statement copyTrajectory(db, "INSERT INTO main.trajectories (owner, run_id, agent, label, state_dim, action_dim, "
                                     "created_at) SELECT owner, ?2, agent, label, state_dim, action_dim, created_at "
                                     "FROM shard.trajectories WHERE id = ?1");
        copyTrajectory.bindInt64(1, trajectories.columnInt64(0)).bindInt64(2, runId).run();
        Statement copyChunks(db, "INSERT INTO main.trajectory_chunks (trajectory_id, chunk_index, first_episode, first_step, "
                                 "last_episode, transition_count, data) SELECT ?2, chunk_index, first_episode, first_step, "
                                 "last_episode, transition_count, data FROM shard.trajectory_chunks "
                                 "WHERE trajectory_id = ?1 ORDER BY chunk_index");
        copyChunks.bindInt64(1, trajectories.columnInt64(0)).bindInt64(2, db.lastInsertRowId()).run();
    }
    Statement link(db, "INSERT INTO main.experiment_runs (run_id, experiment_id, sweep_index, sweep_value, arm, seed, "
                       "repeat_index) "
                       "SELECT ?2, ?3, sweep_index, sweep_value, arm, seed, repeat_index FROM shard.experiment_runs "
                       "WHERE run_id = ?1");
    link.bindInt64(1, shardRun).bindInt64(2, runId).bindInt64(3, *m_target).run();
    return runId;
}

} // namespace orrery::store
