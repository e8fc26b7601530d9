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

} // namespace orrery::store::testing
