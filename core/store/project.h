#pragma once
#include "store/database.h"
#include "store/ids.h"
#include "store/metric_row.h"
#include "store/run_summary.h"
#include "store/sample.h"
#include "store/series_info.h"
#include "store/stored_model.h"
#include "store/trajectory_data.h"
#include "store/trajectory_info.h"
#include "sim/run_recorder.h"
#include "trace/trace.h"

#include <cstddef>
#include <cstdint>
#include <limits>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::store {

//! An open project file (`*.orrery`, docs/architecture.md §7): creates or upgrades the schema, recovers
//! runs whose recording process died, and answers the read queries of the CLI and GUI.
//!
//! One Project is one SQLite connection, used from one thread at a time. Other threads and
//! processes open their own Project on the same file: WAL mode lets them read while one of
//! them writes. Writers (ProjectRunRecorder) go through database(). docs/project-file.md
//! describes the file.
class Project {
public:
    //! Opens `path`, creating an empty project if the file does not exist or is empty.
    //! Throws StoreError (whose message starts with the path) when the file is not an SQLite
    //! database, is an SQLite database of another application, or comes from a newer schema
    //! version than this build knows; such files are never modified.
    static Project open(const std::string& path);

    Project(Project&&) noexcept = default;
    Project& operator=(Project&&) noexcept = default;
    Project(const Project&) = delete;
    Project& operator=(const Project&) = delete;
    ~Project() = default;

    [[nodiscard]] const std::string& path() const { return m_db.path(); }
    //! The file's `PRAGMA user_version`; currentSchemaVersion() after open() succeeds.
    [[nodiscard]] int schemaVersion() const;
    //! How many schema migrations open() applied (0 for an up-to-date file).
    [[nodiscard]] int migrationsApplied() const { return m_migrationsApplied; }
    //! Runs that open() found 'running' with a dead owner on this host and marked 'interrupted'.
    [[nodiscard]] const std::vector<RunId>& recoveredRuns() const { return m_recoveredRuns; }

    //! Every run, oldest first.
    [[nodiscard]] std::vector<RunSummary> listRuns() const;
    [[nodiscard]] std::optional<RunSummary> run(RunId id) const;
    //! The scenario file a run was started from, exactly as it was read.
    [[nodiscard]] std::optional<std::string> scenarioText(RunId id) const;
    //! A run's scalar results, in the order they were first recorded.
    [[nodiscard]] std::vector<MetricRow> metrics(RunId id) const;
    //! A run's series, in the order they were defined.
    [[nodiscard]] std::vector<SeriesInfo> series(RunId id) const;
    //! Every sample of a series, decoded, in recording order. Throws StoreError if a chunk's
    //! blob does not hold exactly its sample_count samples.
    [[nodiscard]] std::vector<Sample> samples(StoredSeriesId id) const;

    //! Traces and spans recorded for a run (0 and 0 when it has none, or no such run).
    [[nodiscard]] std::int64_t traceCount(RunId id) const;
    [[nodiscard]] std::int64_t spanCount(RunId id) const;
    //! Up to `limit` of the run's traces from the `offset`-th, in recording order, with the run's
    //! name table. Throws StoreError if a stored batch cannot be decoded.
    [[nodiscard]] trace::TraceSet loadTraces(RunId id, std::size_t offset = 0,
                                             std::size_t limit = std::numeric_limits<std::size_t>::max()) const;
    //! The run's ground truth (injected anomalies), in recording order.
    [[nodiscard]] std::vector<sim::RunAnnotation> annotations(RunId id) const;
    //! Only the annotations of one `kind` ("run.workload"), in recording order: what a view
    //! asks on the UI thread without reading a run's thousands of others.
    [[nodiscard]] std::vector<sim::RunAnnotation> annotations(RunId id, std::string_view kind) const;

    //! Stores a trained model in one transaction and returns its id. The store assigns `id` and
    //! `createdAt` (the current UTC time); those fields of `model` are ignored. Throws
    //! std::invalid_argument for a model without a plugin id or with a metric named twice, and
    //! StoreError when the file cannot be written.
    ModelId saveModel(const StoredModel& model);
    //! The most recently saved model of `plugin` (highest id), bytes included; nullopt if none.
    [[nodiscard]] std::optional<StoredModel> latestModel(std::string_view plugin) const;
    //! The model with `id`, bytes included; nullopt if there is none.
    [[nodiscard]] std::optional<StoredModel> model(ModelId id) const;
    //! Every stored model without its bytes and report, oldest first.
    [[nodiscard]] std::vector<ModelSummary> listModels() const;
    //! The models the run's trainable policies used, by plugin id (empty for runs without any,
    //! and for runs recorded before schema version 6).
    [[nodiscard]] std::vector<RunModel> runModels(RunId id) const;

    //! Every stored trajectory of learned agents (TrajectoryWriter), oldest first.
    [[nodiscard]] std::vector<TrajectoryInfo> trajectories() const;
    //! The trajectories recorded by the run, oldest first (empty for an unknown run).
    [[nodiscard]] std::vector<TrajectoryInfo> trajectories(RunId run) const;
    [[nodiscard]] std::optional<TrajectoryInfo> trajectory(TrajectoryId id) const;
    //! The committed transitions of trajectory `id` whose episode lies in [firstEpisode,
    //! lastEpisode], in recording order (an empty TrajectoryData, dimensions 0, for an unknown
    //! id). Throws StoreError if a chunk's blob does not hold exactly its transition_count records.
    [[nodiscard]] TrajectoryData readTrajectory(TrajectoryId id,
                                                std::int64_t firstEpisode = std::numeric_limits<std::int64_t>::min(),
                                                std::int64_t lastEpisode = std::numeric_limits<std::int64_t>::max()) const;

    //! `PRAGMA integrity_check`: "ok" for a healthy file, otherwise SQLite's findings, one per line.
    [[nodiscard]] std::string integrityCheck() const;

    //! The connection, for the store's writers. It is logically part of the project's state
    //! even in const queries, since reading only prepares and steps statements.
    [[nodiscard]] Database& database() const { return m_db; }

private:
    explicit Project(Database db);

    void checkIsOrreryProject();
    void configureConnection();
    void recoverInterruptedRuns();

    mutable Database m_db;
    int m_migrationsApplied = 0;
    std::vector<RunId> m_recoveredRuns;
};

} // namespace orrery::store
