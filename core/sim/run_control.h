#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace orrery::sim {

//! Thread-safe remote control for a running Engine: pause, resume, single-step and cancel
//! from another thread (the GUI or a signal handler). The engine polls it cooperatively.
class RunControl {
public:
    void pause();
    void resume();
    //! While paused, lets exactly `events` more events run, then pauses again.
    void step(std::uint64_t events = 1);
    void cancel();

    [[nodiscard]] bool isPaused() const { return m_paused.load(std::memory_order_acquire); }
    [[nodiscard]] bool isCancelled() const { return m_cancelled.load(std::memory_order_acquire); }
    //! Cheap check the engine makes every few thousand events.
    [[nodiscard]] bool needsAttention() const
    {
        return m_paused.load(std::memory_order_relaxed) || m_cancelled.load(std::memory_order_relaxed);
    }

    //! Engine side: blocks while paused. Returns how many events may run before the engine must
    //! check in again (0 = unlimited), or -1 if the run was cancelled.
    std::int64_t waitWhilePaused();

private:
    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_cancelled{false};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::uint64_t m_stepBudget = 0;
};

} // namespace orrery::sim
