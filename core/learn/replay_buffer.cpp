#include "learn/replay_buffer.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace orrery::learn {
namespace {

void requireSize(std::span<const float> values, std::size_t expected, const char* what)
{
    if (values.size() != expected)
        throw std::invalid_argument(std::string("ReplayBuffer::add: ") + what + " has " + std::to_string(values.size())
                                    + " values, expected " + std::to_string(expected));
}

} // namespace

ReplayBuffer::ReplayBuffer(std::size_t capacity, std::size_t stateDim, std::size_t actionDim, std::uint64_t seed)
    : m_capacity(capacity)
    , m_stateDim(stateDim)
    , m_actionDim(actionDim)
    , m_rowFloats(2 * stateDim + actionDim + 2)
    , m_random(seed)
{
    if (capacity == 0 || stateDim == 0 || actionDim == 0)
        throw std::invalid_argument("ReplayBuffer: capacity, stateDim and actionDim must be positive");
    m_rows.resize(m_capacity * m_rowFloats);
}

void ReplayBuffer::add(std::span<const float> state, std::span<const float> action, float reward,
                       std::span<const float> nextState, bool done)
{
    requireSize(state, m_stateDim, "state");
    requireSize(action, m_actionDim, "action");
    requireSize(nextState, m_stateDim, "nextState");
    float* row = m_rows.data() + m_next * m_rowFloats;
    row = std::copy(state.begin(), state.end(), row);
    row = std::copy(action.begin(), action.end(), row);
    *row++ = reward;
    row = std::copy(nextState.begin(), nextState.end(), row);
    *row = done ? 1.0f : 0.0f;
    m_next = (m_next + 1) % m_capacity;
    m_size = std::min(m_size + 1, m_capacity);
}

ReplayBatch ReplayBuffer::sample(std::size_t batchSize)
{
    ReplayBatch batch;
    sampleInto(batchSize, batch);
    return batch;
}

void ReplayBuffer::sampleInto(std::size_t batchSize, ReplayBatch& batch)
{
    if (m_size == 0)
        throw std::logic_error("ReplayBuffer::sample: the buffer is empty");
    batch.size = batchSize;
    batch.stateDim = m_stateDim;
    batch.actionDim = m_actionDim;
    batch.states.resize(batchSize * m_stateDim);
    batch.actions.resize(batchSize * m_actionDim);
    batch.rewards.resize(batchSize);
    batch.nextStates.resize(batchSize * m_stateDim);
    batch.dones.resize(batchSize);
    // Until the ring wraps, slots [0, size) hold the data; afterwards every slot does.
    for (std::size_t row = 0; row < batchSize; ++row)
        copyRow(m_random.index(m_size), row, batch);
}

ReplayBatch ReplayBuffer::at(std::size_t index) const
{
    if (index >= m_size)
        throw std::out_of_range("ReplayBuffer::at: index " + std::to_string(index) + " >= size "
                                + std::to_string(m_size));
    ReplayBatch batch;
    batch.size = 1;
    batch.stateDim = m_stateDim;
    batch.actionDim = m_actionDim;
    batch.states.resize(m_stateDim);
    batch.actions.resize(m_actionDim);
    batch.rewards.resize(1);
    batch.nextStates.resize(m_stateDim);
    batch.dones.resize(1);
    const std::size_t oldest = m_size < m_capacity ? 0 : m_next;
    copyRow((oldest + index) % m_capacity, 0, batch);
    return batch;
}

void ReplayBuffer::copyRow(std::size_t slot, std::size_t row, ReplayBatch& batch) const
{
    const float* source = m_rows.data() + slot * m_rowFloats;
    std::copy_n(source, m_stateDim, batch.states.data() + row * m_stateDim);
    source += m_stateDim;
    std::copy_n(source, m_actionDim, batch.actions.data() + row * m_actionDim);
    source += m_actionDim;
    batch.rewards[row] = *source++;
    std::copy_n(source, m_stateDim, batch.nextStates.data() + row * m_stateDim);
    source += m_stateDim;
    batch.dones[row] = *source;
}

} // namespace orrery::learn
