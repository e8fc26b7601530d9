#include "cli/interrupt_guard.h"

#include <chrono>
#include <csignal>

namespace orrery::app {
namespace {

std::atomic<bool> g_interruptRequested{false};

// C linkage ignores namespaces: the name must be unique in the program.
extern "C" void orreryInterruptGuardSignal(int)
{
    g_interruptRequested.store(true);
}

} // namespace

InterruptGuard::InterruptGuard(sim::RunControl& control)
    : InterruptGuard([&control] { control.cancel(); })
{
}

InterruptGuard::InterruptGuard(std::function<void()> onInterrupt)
    : m_watcher([this, onInterrupt = std::move(onInterrupt)] {
        while (!m_done.load()) {
            if (g_interruptRequested.exchange(false))
                onInterrupt();
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    })
{
    m_previousInt = std::signal(SIGINT, orreryInterruptGuardSignal);
    m_previousTerm = std::signal(SIGTERM, orreryInterruptGuardSignal);
}

InterruptGuard::~InterruptGuard()
{
    std::signal(SIGINT, m_previousInt);
    std::signal(SIGTERM, m_previousTerm);
    m_done.store(true);
    m_watcher.join();
}

} // namespace orrery::app
