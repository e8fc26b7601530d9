#pragma once
#include "learn/replay_batch.h"
#include "learn/seeded_random.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::learn {

//! DDPG's replay buffer D (seed 001 Alg. 3.3, Table 3.3: 10^5 transitions): a fixed-capacity
//! ring of (s, a, r, s', done) in one contiguous float array, overwriting the oldest transition
//! when full. Sampling is uniform with replacement from its own seeded stream.
class ReplayBuffer {
public:
    ReplayBuffer(std::size_t capacity, std::size_t stateDim, std::size_t actionDim, std::uint64_t seed);

    //! Stores one transition; throws std::invalid_argument when a span has the wrong size.
    void add(std::span<const float> state, std::span<const float> action, float reward,
             std::span<const float> nextState, bool done);

    //! `batchSize` transitions drawn uniformly with replacement; throws std::logic_error when
    //! the buffer is empty.
    [[nodiscard]] ReplayBatch sample(std::size_t batchSize);
    //! Fills `batch` in place (reusing its storage), as sample() does.
    void sampleInto(std::size_t batchSize, ReplayBatch& batch);

    //! The transition at `index` (0 = oldest still stored) as a batch of one; for tests.
    [[nodiscard]] ReplayBatch at(std::size_t index) const;

    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] std::size_t capacity() const { return m_capacity; }
    [[nodiscard]] std::size_t stateDim() const { return m_stateDim; }
    [[nodiscard]] std::size_t actionDim() const { return m_actionDim; }

private:
    void copyRow(std::size_t slot, std::size_t row, ReplayBatch& batch) const;

    std::size_t m_capacity;
    std::size_t m_stateDim;
    std::size_t m_actionDim;
    std::size_t m_rowFloats;   //!< 2·stateDim + actionDim + 2 (reward, done)
    std::vector<float> m_rows; //!< capacity × rowFloats: s | a | r | s' | done
    std::size_t m_next = 0;    //!< slot the next add() writes
    std::size_t m_size = 0;
    SeededRandom m_random;
};

} // namespace orrery::learn
