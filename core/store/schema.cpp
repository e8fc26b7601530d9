#include "store/schema.h"

#include "store/database.h"
#include "store/statement.h"
#include "store/store_error.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <array>
#include <string>

namespace orrery::store {
namespace {

static_assert(kApplicationId == 1330795097, "migration 1 writes the application id as a decimal literal");

// Version 1: the core tables. docs/project-file.md describes every column.
constexpr std::string_view kVersion1 = R"sql(
PRAGMA application_id = 1330795097;

CREATE TABLE orrery_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO orrery_meta (key, value) VALUES
    ('format', 'orrery-project'),
    ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE migrations (
    version     INTEGER PRIMARY KEY,
    applied_at  TEXT NOT NULL,
    description TEXT NOT NULL
);

CREATE TABLE scenarios (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    source_text TEXT NOT NULL,
    text_sha256 TEXT NOT NULL CHECK (length(text_sha256) = 64),
    created_at  TEXT NOT NULL,
    UNIQUE (text_sha256, name)
);

CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios (id),
    seed        INTEGER NOT NULL,
    status      TEXT NOT NULL
                CHECK (status IN ('running', 'completed', 'failed', 'interrupted', 'cancelled')),
    policies    TEXT NOT NULL,
    horizon_ns  INTEGER NOT NULL,
    started_at  TEXT NOT NULL,
    ended_at    TEXT,
    message     TEXT NOT NULL DEFAULT '',
    owner_host  TEXT NOT NULL,
    owner_pid   INTEGER NOT NULL
);
CREATE INDEX runs_by_scenario ON runs (scenario_id);

CREATE TABLE run_metrics (
    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    value  CHECK (value IS NULL OR typeof(value) = 'real'),
    unit   TEXT NOT NULL,
    PRIMARY KEY (run_id, name)
);

CREATE TABLE series (
    id     INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    unit   TEXT NOT NULL,
    UNIQUE (run_id, name)
);

CREATE TABLE series_chunks (
    series_id     INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    chunk_index   INTEGER NOT NULL CHECK (chunk_index >= 0),
    first_time_ns INTEGER NOT NULL,
    sample_count  INTEGER NOT NULL CHECK (sample_count > 0),
    data          BLOB NOT NULL CHECK (length(data) = 16 * sample_count),
    PRIMARY KEY (series_id, chunk_index)
);
)sql";

// Version 2: crash recovery survives PID reuse and reboots (the owner's boot id and process
// start time are recorded next to its PID), and finding the runs to recover no longer scans
// every run ever recorded.
constexpr std::string_view kVersion2 = R"sql(
ALTER TABLE runs ADD COLUMN owner_start_token TEXT;
CREATE INDEX runs_running ON runs (owner_host) WHERE status = 'running';
)sql";

// Version 3: trained policy models (orrery train), newest per plugin found through the index.
constexpr std::string_view kVersion3 = R"sql(
CREATE TABLE models (
    id            INTEGER PRIMARY KEY,
    plugin        TEXT NOT NULL CHECK (length(plugin) > 0),
    created_at    TEXT NOT NULL,
    scenario_name TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    sample_count  INTEGER NOT NULL CHECK (sample_count >= 0),
    bytes         BLOB NOT NULL CHECK (typeof(bytes) = 'blob'),
    metrics       TEXT NOT NULL CHECK (json_valid(metrics)),
    report        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX models_by_plugin ON models (plugin, id);
)sql";

// Version 4: experiments (orrery experiment): which run is which cell of which experiment, and the
// stored comparison. Result figures have no declared type, as run_metrics.value, so doubles
// round-trip bit-exact (NaN is NULL). docs/experiment-format.md describes every column.
constexpr std::string_view kVersion4 = R"sql(
CREATE TABLE experiments (
    id                INTEGER PRIMARY KEY,
    name              TEXT NOT NULL CHECK (length(name) > 0),
    description       TEXT NOT NULL DEFAULT '',
    definition_sha256 TEXT NOT NULL CHECK (length(definition_sha256) = 64),
    experiment_file   TEXT NOT NULL,
    experiment_text   TEXT NOT NULL,
    scenario_file     TEXT NOT NULL,
    scenario_text     TEXT NOT NULL,
    baseline_arm      TEXT NOT NULL,
    treatment_arm     TEXT NOT NULL,
    sweep_parameter   TEXT NOT NULL DEFAULT '',
    cell_count        INTEGER NOT NULL CHECK (cell_count > 0),
    created_at        TEXT NOT NULL,
    compared_at       TEXT,
    UNIQUE (name, definition_sha256)
);

CREATE TABLE experiment_runs (
    run_id        INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    experiment_id INTEGER NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
    sweep_index   INTEGER NOT NULL CHECK (sweep_index >= 0),
    sweep_value   TEXT NOT NULL,
    arm           TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    repeat_index  INTEGER NOT NULL CHECK (repeat_index >= 0)
);
CREATE INDEX experiment_runs_by_cell ON experiment_runs (experiment_id, sweep_index, arm, seed, repeat_index);

CREATE TABLE experiment_results (
    experiment_id     INTEGER NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
    row_index         INTEGER NOT NULL CHECK (row_index >= 0),
    sweep_index       INTEGER NOT NULL CHECK (sweep_index >= 0),
    sweep_value       TEXT NOT NULL,
    metric            TEXT NOT NULL,
    arm               TEXT NOT NULL,
    unit              TEXT NOT NULL,
    baseline_arm      TEXT NOT NULL,
    runs              INTEGER NOT NULL CHECK (runs >= 0),
    mean              CHECK (mean IS NULL OR typeof(mean) = 'real'),
    p50               CHECK (p50 IS NULL OR typeof(p50) = 'real'),
    p90               CHECK (p90 IS NULL OR typeof(p90) = 'real'),
    p99               CHECK (p99 IS NULL OR typeof(p99) = 'real'),
    min               CHECK (min IS NULL OR typeof(min) = 'real'),
    max               CHECK (max IS NULL OR typeof(max) = 'real'),
    median_ratio      CHECK (median_ratio IS NULL OR typeof(median_ratio) = 'real'),
    median_ratio_low  CHECK (median_ratio_low IS NULL OR typeof(median_ratio_low) = 'real'),
    median_ratio_high CHECK (median_ratio_high IS NULL OR typeof(median_ratio_high) = 'real'),
    mann_whitney_u    CHECK (mann_whitney_u IS NULL OR typeof(mann_whitney_u) = 'real'),
    p_value           CHECK (p_value IS NULL OR typeof(p_value) = 'real'),
    mean_ratio        CHECK (mean_ratio IS NULL OR typeof(mean_ratio) = 'real'),
    speedup           CHECK (speedup IS NULL OR typeof(speedup) = 'real'),
    PRIMARY KEY (experiment_id, row_index),
    UNIQUE (experiment_id, sweep_index, metric, arm)
);
)sql";

// Version 5: spans of simulated requests (docs/trace-analysis.md), the ground truth of injected
// anomalies, and the audit log of actions on live clusters. run_names holds the run's interned
// service/operation/instance names; run_traces holds batches of traces as SpanCodec blobs.
constexpr std::string_view kVersion5 = R"sql(
CREATE TABLE run_names (
    run_id  INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    name_id INTEGER NOT NULL CHECK (name_id >= 0),
    name    TEXT NOT NULL,
    PRIMARY KEY (run_id, name_id)
);

CREATE TABLE run_traces (
    run_id         INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    batch_index    INTEGER NOT NULL CHECK (batch_index >= 0),
    first_start_ns INTEGER NOT NULL,
    trace_count    INTEGER NOT NULL CHECK (trace_count > 0),
    span_count     INTEGER NOT NULL CHECK (span_count >= 0),
    data           BLOB NOT NULL CHECK (typeof(data) = 'blob'),
    PRIMARY KEY (run_id, batch_index)
);

CREATE TABLE run_annotations (
    run_id    INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    start_ns  INTEGER NOT NULL,
    end_ns    INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    target    TEXT NOT NULL,
    intensity REAL NOT NULL
);
CREATE INDEX run_annotations_by_run ON run_annotations (run_id, start_ns);

CREATE TABLE live_audit (
    id        INTEGER PRIMARY KEY,
    at        TEXT NOT NULL,
    context   TEXT NOT NULL,
    namespace TEXT NOT NULL,
    target    TEXT NOT NULL,
    action    TEXT NOT NULL CHECK (json_valid(action)),
    dry_run   INTEGER NOT NULL CHECK (dry_run IN (0, 1)),
    outcome   TEXT NOT NULL CHECK (outcome IN ('previewed', 'applied', 'rejected', 'failed')),
    message   TEXT NOT NULL DEFAULT ''
);
)sql";

// Version 6: which stored model each trainable policy of a run used (docs/project-file.md). The
// digest names the exact bytes even when the model row is deleted later (model_id becomes NULL).
constexpr std::string_view kVersion6 = R"sql(
CREATE TABLE run_models (
    run_id       INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    plugin       TEXT NOT NULL CHECK (length(plugin) > 0),
    model_id     INTEGER REFERENCES models (id) ON DELETE SET NULL,
    model_sha256 TEXT NOT NULL CHECK (length(model_sha256) = 64),
    PRIMARY KEY (run_id, plugin)
);
)sql";

// Version 7: trajectories of learned control agents (state, action, reward, episode, step), for
// meta learners and the GUI. A trajectory belongs to a run (deleted with it) or to a training
// that no run records; its transitions are packed into TrajectoryCodec blobs, chunk by chunk.
constexpr std::string_view kVersion7 = R"sql(
CREATE TABLE trajectories (
    id         INTEGER PRIMARY KEY,
    owner      TEXT NOT NULL CHECK (owner IN ('run', 'training')),
    run_id     INTEGER REFERENCES runs (id) ON DELETE CASCADE,
    agent      TEXT NOT NULL CHECK (length(agent) > 0),
    label      TEXT NOT NULL DEFAULT '',
    state_dim  INTEGER NOT NULL CHECK (state_dim > 0),
    action_dim INTEGER NOT NULL CHECK (action_dim > 0),
    created_at TEXT NOT NULL,
    CHECK ((owner = 'run') = (run_id IS NOT NULL))
);
CREATE INDEX trajectories_by_run ON trajectories (run_id);

CREATE TABLE trajectory_chunks (
    trajectory_id    INTEGER NOT NULL REFERENCES trajectories (id) ON DELETE CASCADE,
    chunk_index      INTEGER NOT NULL CHECK (chunk_index >= 0),
    first_episode    INTEGER NOT NULL,
    first_step       INTEGER NOT NULL,
    last_episode     INTEGER NOT NULL CHECK (last_episode >= first_episode),
    transition_count INTEGER NOT NULL CHECK (transition_count > 0),
    data             BLOB NOT NULL CHECK (typeof(data) = 'blob'),
    PRIMARY KEY (trajectory_id, chunk_index)
);
CREATE INDEX trajectory_chunks_by_episode ON trajectory_chunks (trajectory_id, first_episode, first_step);
)sql";

// Version 8: what a live A/B experiment changed on a cluster is restored from here: the
// Deployments' replicas and limits as they were before its first action, kept until they are
// put back (after the experiment, on a guard trip, on cancel, or on the next start after a kill).
constexpr std::string_view kVersion8 = R"sql(
CREATE TABLE live_restore_points (
    id             INTEGER PRIMARY KEY,
    created_at     TEXT NOT NULL,
    context        TEXT NOT NULL,
    namespace      TEXT NOT NULL,
    experiment     TEXT NOT NULL DEFAULT '',
    state          TEXT NOT NULL CHECK (json_valid(state)),
    restored_at    TEXT,
    restore_reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX live_restore_points_pending ON live_restore_points (context, namespace) WHERE restored_at IS NULL;
)sql";

// Version 9: embeddings a meta learner (a stored model) gave environments (applications), with
// what is known of each (segment mix, resource class), for the Embedding view and reports.
constexpr std::string_view kVersion9 = R"sql(
CREATE TABLE embeddings (
    id         INTEGER PRIMARY KEY,
    model_id   INTEGER NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    label      TEXT NOT NULL CHECK (length(label) > 0),
    dims       INTEGER NOT NULL CHECK (dims > 0),
    vector     BLOB NOT NULL CHECK (typeof(vector) = 'blob' AND length(vector) = 4 * dims),
    attributes TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(attributes)),
    created_at TEXT NOT NULL,
    UNIQUE (model_id, label)
);
)sql";

constexpr std::array kMigrations{
    Migration{1, "core tables: scenarios, runs, run_metrics, series, series_chunks", kVersion1},
    Migration{2, "runs.owner_start_token for crash recovery; partial index of running runs", kVersion2},
    Migration{3, "models: trained policy models with their metrics", kVersion3},
    Migration{4, "experiments: experiment_runs links runs to cells; experiment_results", kVersion4},
    Migration{5, "run_names, run_traces, run_annotations: spans and ground truth of runs; live_audit", kVersion5},
    Migration{6, "run_models: the stored model each trainable policy of a run used", kVersion6},
    Migration{7, "trajectories, trajectory_chunks: transitions of learned control agents", kVersion7},
    Migration{8, "live_restore_points: the state a live experiment restores", kVersion8},
    Migration{9, "embeddings: what a meta learner makes of each environment", kVersion9},
};

} // namespace

std::span<const Migration> schemaMigrations()
{
    return kMigrations;
}

int currentSchemaVersion()
{
    return kMigrations.back().version;
}

int applyMigrations(Database& db, std::span<const Migration> steps)
{
    int applied = 0;
    int previous = 0;
    for (const Migration& step : steps) {
        if (step.version != previous + 1)
            throw StoreError(db.path(), "schema migrations out of order at version " + std::to_string(step.version));
        previous = step.version;

        Transaction transaction(db, Transaction::Mode::Immediate);
        if (db.queryInt64("PRAGMA user_version") >= step.version)
            continue;  // already there (or another process got there first); the guard rolls back
        try {
            db.exec(step.sql);
        } catch (const StoreError& error) {
            throw StoreError(db.path(),
                             "migration to schema version " + std::to_string(step.version) + " failed: " + error.detail(),
                             error.sqliteCode());
        }
        Statement record(db, "INSERT INTO migrations (version, applied_at, description) VALUES (?1, ?2, ?3)");
        record.bindInt64(1, step.version).bindText(2, utcNow()).bindText(3, step.description).run();
        // PRAGMA takes no bound parameters; the version is our own integer, not user data.
        db.exec("PRAGMA user_version = " + std::to_string(step.version));
        transaction.commit();
        ++applied;
    }
    return applied;
}

} // namespace orrery::store
