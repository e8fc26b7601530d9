#include "gui/run_job.h"

#include "ops/project_run.h"

#include <QThread>

#include <algorithm>
#include <exception>

namespace orrery::app {

RunJob::RunJob(model::Scenario scenario, const policy::PluginRegistry& registry, QString projectPath,
               QObject* parent)
    : QObject(parent)
    , m_scenario(std::move(scenario))
    , m_registry(registry)
    , m_projectPath(std::move(projectPath))
{
}

RunJob::~RunJob()
{
    if (m_thread) {
        m_control.cancel(); // wakes a paused engine too
        m_thread->wait();
    }
}

void RunJob::start()
{
    Q_ASSERT(!m_thread);
    m_thread.reset(QThread::create([this] { work(); }));
    m_thread->setObjectName(QStringLiteral("orrery-run"));
    m_thread->start();
}

void RunJob::pause()
{
    m_control.pause();
}

void RunJob::resume()
{
    m_paceReset.store(true);
    m_control.resume();
}

void RunJob::step(quint64 events)
{
    m_control.step(events);
}

void RunJob::setSpeed(double simulatedPerWall)
{
    m_speed.store(std::max(0.0, simulatedPerWall), std::memory_order_relaxed);
    m_paceReset.store(true);
}

void RunJob::cancel()
{
    m_control.cancel();
}

bool RunJob::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

// Worker thread from here on: it only touches the scenario, the registry's const members, the
// control and the atomics, and posts everything else to the job's thread.
void RunJob::work()
{
    Outcome outcome;
    const auto progress = [this](sim::SimTime now, sim::SimTime /*horizon*/, std::uint64_t events) {
        m_now.store(now, std::memory_order_relaxed);
        m_events.store(events, std::memory_order_relaxed);
        if (!m_progressQueued.exchange(true, std::memory_order_acq_rel))
            QMetaObject::invokeMethod(this, &RunJob::deliverProgress, Qt::QueuedConnection);
        pace(now);
    };
    try {
        const ProjectRun run = runIntoProject(m_scenario, m_registry, m_projectPath.toStdString(), &m_control, progress);
        outcome.status = run.result.status;
        outcome.runId = run.runId;
        outcome.message = QString::fromStdString(run.result.message);
        outcome.events = run.result.events;
    } catch (const std::exception& failure) {
        outcome.status = sim::RunStatus::Failed;
        outcome.message = QString::fromStdString(failure.what());
    }
    QMetaObject::invokeMethod(this, [this, outcome] {
        m_thread->wait(); // the worker is past its last statement; make isRunning() false
        deliverProgress();
        emit finished(outcome);
    }, Qt::QueuedConnection);
}

void RunJob::pace(sim::SimTime now)
{
    using namespace std::chrono;
    if (m_paceReset.exchange(false) || m_control.isPaused()) {
        m_paceWall = steady_clock::now();
        m_paceSim = now;
        return;
    }
    const double speed = m_speed.load(std::memory_order_relaxed);
    if (speed <= 0)
        return;
    const auto due = m_paceWall + duration_cast<steady_clock::duration>(duration<double>(sim::toSeconds(now - m_paceSim) / speed));
    // Short sleeps, so cancel, pause and a new speed take effect promptly.
    while (steady_clock::now() < due && !m_control.needsAttention() && !m_paceReset.load())
        QThread::msleep(static_cast<unsigned long>(std::clamp<long long>(
            duration_cast<milliseconds>(due - steady_clock::now()).count(), 1, 20)));
}

void RunJob::deliverProgress()
{
    // An acquiring read-modify-write, so the figures the worker stored before queueing are seen.
    m_progressQueued.exchange(false, std::memory_order_acq_rel);
    emit progressed(m_now.load(std::memory_order_relaxed), m_scenario.horizon, m_events.load(std::memory_order_relaxed));
}

} // namespace orrery::app
