// Project: the trajectories of learned agents (schema version 7), written by TrajectoryWriter.
#include "store/project.h"

#include "store/statement.h"
#include "store/store_error.h"
#include "store/trajectory_codec.h"

#include <string>

namespace orrery::store {
namespace {

constexpr std::string_view kTrajectoryQuery = R"sql(
SELECT t.id, t.run_id, t.agent, t.label, t.state_dim, t.action_dim, t.created_at,
       coalesce(sum(c.transition_count), 0), count(c.chunk_index),
       coalesce(min(c.first_episode), 0), coalesce(max(c.last_episode), -1)
FROM trajectories AS t LEFT JOIN trajectory_chunks AS c ON c.trajectory_id = t.id
)sql";

TrajectoryInfo trajectoryFromRow(const Statement& row)
{
    TrajectoryInfo info;
    info.id = row.columnInt64(0);
    if (!row.columnIsNull(1))
        info.spec.runId = row.columnInt64(1);
    info.spec.agent = row.columnText(2);
    info.spec.label = row.columnText(3);
    info.spec.stateDim = static_cast<std::size_t>(row.columnInt64(4));
    info.spec.actionDim = static_cast<std::size_t>(row.columnInt64(5));
    info.createdAt = row.columnText(6);
    info.transitionCount = row.columnInt64(7);
    info.chunkCount = row.columnInt64(8);
    info.firstEpisode = row.columnInt64(9);
    info.lastEpisode = row.columnInt64(10);
    return info;
}

std::vector<TrajectoryInfo> listTrajectories(Database& db, const std::string& where, std::optional<std::int64_t> key)
{
    Statement query(db, std::string(kTrajectoryQuery) + where + " GROUP BY t.id ORDER BY t.id");
    if (key)
        query.bindInt64(1, *key);
    std::vector<TrajectoryInfo> rows;
    while (query.step())
        rows.push_back(trajectoryFromRow(query));
    return rows;
}

} // namespace

std::vector<TrajectoryInfo> Project::trajectories() const
{
    return listTrajectories(m_db, "", std::nullopt);
}

std::vector<TrajectoryInfo> Project::trajectories(RunId run) const
{
    return listTrajectories(m_db, " WHERE t.run_id = ?1", run);
}

std::optional<TrajectoryInfo> Project::trajectory(TrajectoryId id) const
{
    auto rows = listTrajectories(m_db, " WHERE t.id = ?1", id);
    if (rows.empty())
        return std::nullopt;
    return std::move(rows.front());
}

TrajectoryData Project::readTrajectory(TrajectoryId id, std::int64_t firstEpisode, std::int64_t lastEpisode) const
{
    TrajectoryData out;
    std::int64_t total = 0;
    {
        Statement shape(m_db, "SELECT t.state_dim, t.action_dim, (SELECT coalesce(sum(transition_count), 0) "
                              "FROM trajectory_chunks WHERE trajectory_id = t.id) FROM trajectories AS t WHERE t.id = ?1");
        shape.bindInt64(1, id);
        if (!shape.step())
            return out;
        out.stateDim = static_cast<std::size_t>(shape.columnInt64(0));
        out.actionDim = static_cast<std::size_t>(shape.columnInt64(1));
        total = shape.columnInt64(2);
    }
    if (firstEpisode > lastEpisode)
        return out;
    const bool whole = firstEpisode == std::numeric_limits<std::int64_t>::min()
                       && lastEpisode == std::numeric_limits<std::int64_t>::max();
    if (whole && total > 0) {
        const auto count = static_cast<std::size_t>(total);
        out.episodes.reserve(count);
        out.steps.reserve(count);
        out.rewards.reserve(count);
        out.states.reserve(count * out.stateDim);
        out.actions.reserve(count * out.actionDim);
    }
    // Episodes never decrease along a trajectory, so a chunk overlaps the range exactly when it
    // starts at or before its end and ends at or after its start.
    Statement query(m_db, "SELECT chunk_index, transition_count, data FROM trajectory_chunks "
                          "WHERE trajectory_id = ?1 AND first_episode <= ?3 AND last_episode >= ?2 "
                          "ORDER BY chunk_index");
    query.bindInt64(1, id).bindInt64(2, firstEpisode).bindInt64(3, lastEpisode);
    const std::size_t recordBytes = TrajectoryCodec::recordBytes(out.stateDim, out.actionDim);
    while (query.step()) {
        const std::int64_t count = query.columnInt64(1);
        const auto blob = query.columnBlob(2);
        if (count <= 0 || blob.size() != static_cast<std::size_t>(count) * recordBytes) {
            throw StoreError(path(), "trajectory " + std::to_string(id) + " chunk "
                                         + std::to_string(query.columnInt64(0)) + " holds "
                                         + std::to_string(blob.size()) + " bytes for " + std::to_string(count)
                                         + " transitions of " + std::to_string(recordBytes) + " bytes");
        }
        TrajectoryCodec::decode(blob, firstEpisode, lastEpisode, out);
    }
    return out;
}

} // namespace orrery::store
