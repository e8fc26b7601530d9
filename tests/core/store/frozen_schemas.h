#pragma once
// Released versions of the project schema, frozen here so that migration tests start from files
// written by "an older Orrery" rather than by today's migration list. Released steps never
// change (docs/project-file.md, "Migrations"); neither do these copies.

namespace orrery::store::testing {

// Version 1 exactly as released.
inline constexpr const char* kFrozenVersion1 = R"sql(
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

INSERT INTO migrations (version, applied_at, description)
VALUES (1, '2024-01-01T00:00:00.000Z', 'core tables: scenarios, runs, run_metrics, series, series_chunks');
PRAGMA user_version = 1;
)sql";

// Version 2 exactly as released: applied on top of version 1.
inline constexpr const char* kFrozenVersion2 = R"sql(
ALTER TABLE runs ADD COLUMN owner_start_token TEXT;
CREATE INDEX runs_running ON runs (owner_host) WHERE status = 'running';
INSERT INTO migrations (version, applied_at, description)
VALUES (2, '2024-02-01T00:00:00.000Z', 'runs.owner_start_token for crash recovery; partial index of running runs');
PRAGMA user_version = 2;
)sql";

// Version 3 exactly as released: applied on top of version 2.
inline constexpr const char* kFrozenVersion3 = R"sql(
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
INSERT INTO migrations (version, applied_at, description)
VALUES (3, '2024-03-01T00:00:00.000Z', 'models: trained policy models with their metrics');
PRAGMA user_version = 3;
)sql";

// Version 4 exactly as released: applied on top of version 3.
inline constexpr const char* kFrozenVersion4 = R"sql(
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
INSERT INTO migrations (version, applied_at, description)
VALUES (4, '2024-04-01T00:00:00.000Z', 'experiments: experiment_runs links runs to cells; experiment_results');
PRAGMA user_version = 4;
)sql";

} // namespace orrery::store::testing
