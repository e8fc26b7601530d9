#include "store/trajectory_writer.h"

#include "store/database.h"
#include "store/project.h"
#include "store/transaction.h"
#include "store/trajectory_codec.h"
#include "store/utc_time.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace orrery::store {
namespace {

const TrajectorySpec& checked(const TrajectorySpec& spec, std::size_t transitionsPerChunk)
{
    if (spec.agent.empty())
        throw std::invalid_argument("TrajectoryWriter: the trajectory names no agent");
    if (spec.stateDim == 0 || spec.actionDim == 0 || spec.stateDim > TrajectoryWriter::kMaxDim
        || spec.actionDim > TrajectoryWriter::kMaxDim) {
        throw std::invalid_argument("TrajectoryWriter: state and action dimensions must lie in 1.."
                                    + std::to_string(TrajectoryWriter::kMaxDim) + " (got "
                                    + std::to_string(spec.stateDim) + " and " + std::to_string(spec.actionDim) + ')');
    }
    if (transitionsPerChunk == 0)
        throw std::invalid_argument("TrajectoryWriter: transitionsPerChunk must be at least 1");
    return spec;
}

} // namespace

TrajectoryWriter::TrajectoryWriter(Project& project, const TrajectorySpec& spec, std::size_t transitionsPerChunk)
    : m_db(&project.database())
    , m_spec(checked(spec, transitionsPerChunk))
    , m_transitionsPerChunk(transitionsPerChunk)
    , m_insert(*m_db, "INSERT INTO trajectory_chunks (trajectory_id, chunk_index, first_episode, first_step, "
                      "last_episode, transition_count, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
{
    Statement insert(*m_db, "INSERT INTO trajectories (owner, run_id, agent, label, state_dim, action_dim, created_at) "
                            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    insert.bindText(1, m_spec.runId ? "run" : "training");
    if (m_spec.runId)
        insert.bindInt64(2, *m_spec.runId);
    else
        insert.bindNull(2);
    insert.bindText(3, m_spec.agent)
        .bindText(4, m_spec.label)
        .bindInt64(5, static_cast<std::int64_t>(m_spec.stateDim))
        .bindInt64(6, static_cast<std::int64_t>(m_spec.actionDim))
        .bindText(7, utcNow());
    insert.run();  // autocommit: the trajectory is visible, empty, from now on
    m_id = m_db->lastInsertRowId();
    m_current.data.reserve(m_transitionsPerChunk * TrajectoryCodec::recordBytes(m_spec.stateDim, m_spec.actionDim));
}

TrajectoryWriter::~TrajectoryWriter()
{
    try {
        flush();
    } catch (...) {  // NOLINT(bugprone-empty-catch): documented; the committed prefix stays
    }
}

void TrajectoryWriter::append(std::int32_t episode, std::int32_t step, std::span<const float> state,
                              std::span<const float> action, double reward)
{
    if (state.size() != m_spec.stateDim || action.size() != m_spec.actionDim) {
        throw std::invalid_argument("TrajectoryWriter::append: trajectory " + std::to_string(m_id) + " has state dim "
                                    + std::to_string(m_spec.stateDim) + " and action dim "
                                    + std::to_string(m_spec.actionDim) + ", got " + std::to_string(state.size())
                                    + " and " + std::to_string(action.size()));
    }
    if (m_any && (episode < m_lastEpisode || (episode == m_lastEpisode && step <= m_lastStep))) {
        throw std::invalid_argument("TrajectoryWriter::append: transition (episode " + std::to_string(episode)
                                    + ", step " + std::to_string(step) + ") does not follow (episode "
                                    + std::to_string(m_lastEpisode) + ", step " + std::to_string(m_lastStep) + ')');
    }
    if (m_current.count == 0) {
        m_current.firstEpisode = episode;
        m_current.firstStep = step;
    }
    TrajectoryCodec::append(m_current.data, episode, step, state, action, reward);
    m_current.lastEpisode = episode;
    ++m_current.count;
    m_any = true;
    m_lastEpisode = episode;
    m_lastStep = step;
    ++m_appended;
    if (static_cast<std::size_t>(m_current.count) == m_transitionsPerChunk) {
        closeChunk();
        if (m_pending.size() >= kChunksPerTransaction)
            writePending();
    }
}

void TrajectoryWriter::flush()
{
    closeChunk();
    writePending();
}

void TrajectoryWriter::closeChunk()
{
    if (m_current.count == 0)
        return;
    m_pending.push_back(std::move(m_current));
    m_current = Chunk{};
    if (!m_spareBuffers.empty()) {
        m_current.data = std::move(m_spareBuffers.back());
        m_spareBuffers.pop_back();
        m_current.data.clear();
    } else {
        m_current.data.reserve(m_transitionsPerChunk * TrajectoryCodec::recordBytes(m_spec.stateDim, m_spec.actionDim));
    }
}

void TrajectoryWriter::writePending()
{
    if (m_pending.empty())
        return;
    Transaction transaction(*m_db, Transaction::Mode::Immediate);
    std::int64_t index = m_nextChunkIndex;
    std::int64_t transitions = 0;
    for (const Chunk& chunk : m_pending) {
        m_insert.bindInt64(1, m_id)
            .bindInt64(2, index++)
            .bindInt64(3, chunk.firstEpisode)
            .bindInt64(4, chunk.firstStep)
            .bindInt64(5, chunk.lastEpisode)
            .bindInt64(6, chunk.count)
            .bindBlob(7, chunk.data);
        try {
            m_insert.run();
        } catch (...) {
            m_insert.reset();
            throw;
        }
        transitions += chunk.count;
    }
    transaction.commit();
    m_nextChunkIndex = index;
    m_committed += transitions;
    for (Chunk& chunk : m_pending)
        m_spareBuffers.push_back(std::move(chunk.data));
    m_pending.clear();
}

} // namespace orrery::store
