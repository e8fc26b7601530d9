#pragma once
#include "sim/run_control.h"

#include <atomic>
#include <functional>
#include <thread>

namespace orrery::app {

//! Turns SIGINT/SIGTERM into RunControl::cancel() for the scope's lifetime. The handler only
//! sets an atomic flag; a watcher thread does the (non-signal-safe) cancel. One guard at a time.
class InterruptGuard {
public:
    explicit InterruptGuard(sim::RunControl& control);
    //! Calls `onInterrupt` (from the watcher thread) on each SIGINT/SIGTERM instead.
    explicit InterruptGuard(std::function<void()> onInterrupt);
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
    std::atomic<bool> m_done{false};
    std::thread m_watcher;
    void (*m_previousInt)(int) = nullptr;
    void (*m_previousTerm)(int) = nullptr;
};

} // namespace orrery::app
