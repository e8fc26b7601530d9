#pragma once
#include "store/ids.h"
#include "store/statement.h"
#include "store/trajectory_spec.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::store {

class Database;
class Project;

//! Records the transitions of one learned agent's trajectory into the project file
//! (`trajectories`, `trajectory_chunks`; docs/project-file.md): append() packs each transition
//! into the current chunk, a full chunk waits, and every kChunksPerTransaction chunks are
//! inserted in one transaction. A crash loses only what was not yet committed: the committed
//! chunks are a gap-free prefix of the trajectory.
//!
//! The writer uses the project's connection: the Project must outlive it and stay where it is
//! (not moved from), and neither may be used from another thread meanwhile.
class TrajectoryWriter {
public:
    static constexpr std::size_t kDefaultTransitionsPerChunk = 4096;
    static constexpr std::size_t kChunksPerTransaction = 16;
    //! Largest state or action dimension accepted (keeps a record far below SQLite's blob limit).
    static constexpr std::size_t kMaxDim = 1 << 16;

    //! Inserts the trajectory's row and commits it at once. Throws std::invalid_argument for an
    //! empty agent, a dimension of 0 or above kMaxDim, or transitionsPerChunk of 0, and
    //! StoreError when the file cannot be written (e.g. spec.runId names no run).
    TrajectoryWriter(Project& project, const TrajectorySpec& spec,
                     std::size_t transitionsPerChunk = kDefaultTransitionsPerChunk);
    TrajectoryWriter(const TrajectoryWriter&) = delete;
    TrajectoryWriter& operator=(const TrajectoryWriter&) = delete;
    TrajectoryWriter(TrajectoryWriter&&) = delete;
    TrajectoryWriter& operator=(TrajectoryWriter&&) = delete;
    //! Flushes what is buffered; if that fails, the buffered transitions are dropped and the
    //! file keeps the committed prefix (never throws).
    ~TrajectoryWriter();

    [[nodiscard]] TrajectoryId id() const { return m_id; }
    [[nodiscard]] const TrajectorySpec& spec() const { return m_spec; }

    //! Buffers one transition. Transitions come in order: the episode never decreases, and the
    //! step increases within an episode. Throws std::invalid_argument, buffering nothing, when
    //! a span's size differs from the trajectory's dimension or the order is broken; StoreError
    //! when a batch of chunks cannot be written (the batch stays buffered for the next try).
    void append(std::int32_t episode, std::int32_t step, std::span<const float> state,
                std::span<const float> action, double reward);
    //! Writes every buffered transition, the partial chunk included, in one transaction.
    void flush();

    //! Transitions appended so far, and those of them committed to the file.
    [[nodiscard]] std::int64_t appendedCount() const { return m_appended; }
    [[nodiscard]] std::int64_t committedCount() const { return m_committed; }

private:
    //! A packed chunk waiting for its transaction.
    struct Chunk {
        std::int32_t firstEpisode = 0;
        std::int32_t firstStep = 0;
        std::int32_t lastEpisode = 0;
        std::int64_t count = 0;
        std::vector<std::byte> data;
    };

    void closeChunk();
    void writePending();

    Database* m_db = nullptr;
    TrajectorySpec m_spec;
    TrajectoryId m_id = 0;
    std::size_t m_transitionsPerChunk = kDefaultTransitionsPerChunk;
    Statement m_insert;
    Chunk m_current;
    std::vector<Chunk> m_pending;
    std::vector<std::vector<std::byte>> m_spareBuffers;
    std::int64_t m_nextChunkIndex = 0;
    std::int64_t m_appended = 0;
    std::int64_t m_committed = 0;
    bool m_any = false;
    std::int32_t m_lastEpisode = 0;
    std::int32_t m_lastStep = 0;
};

} // namespace orrery::store
