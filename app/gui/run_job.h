#pragma once
#include "model/scenario.h"
#include "sim/run_control.h"
#include "sim/run_recorder.h"
#include "store/ids.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <memory>

class QThread;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

//! One simulation run recorded into a project, executed on its own thread (runIntoProject with
//! a sim::RunControl), controlled and observed from the UI thread.
//!
//! Signals are emitted on the thread that owns the job (the UI thread). Progress reports are
//! coalesced: while one is waiting in the event queue, newer figures only overwrite it, so a
//! busy UI never accumulates a backlog. Destroying a job that is still running cancels it and
//! waits for its thread (cancellation is checked every few thousand events, so this is quick).
class RunJob : public QObject {
    Q_OBJECT
public:
    //! How a run ended, as the window reports it.
    struct Outcome {
        sim::RunStatus status = sim::RunStatus::Failed;
        store::RunId runId = 0; //!< 0 when nothing was recorded (setup failed)
        QString message;
        quint64 events = 0;
    };

    //! `registry` must outlive the job.
    RunJob(model::Scenario scenario, const policy::PluginRegistry& registry, QString projectPath,
           QObject* parent = nullptr);
    ~RunJob() override;

    void start();
    void pause();
    void resume();
    void cancel();
    //! While paused, runs `events` more events (one batch) and pauses again.
    void step(quint64 events = kStepEvents);
    //! Simulated seconds per wall-clock second (1, 10, 100…); 0 runs as fast as possible. The
    //! worker sleeps at its progress reports (about every hundredth of the horizon) to keep
    //! pace, so the UI thread is never throttled.
    void setSpeed(double simulatedPerWall);
    [[nodiscard]] double speed() const { return m_speed.load(std::memory_order_relaxed); }
    static constexpr quint64 kStepEvents = 1000;

    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] bool isPaused() const { return m_control.isPaused(); }
    [[nodiscard]] bool isCancelRequested() const { return m_control.isCancelled(); }
    [[nodiscard]] QString scenarioName() const { return QString::fromStdString(m_scenario.name); }
    [[nodiscard]] QString projectPath() const { return m_projectPath; }
    [[nodiscard]] sim::SimTime horizon() const { return m_scenario.horizon; }

signals:
    void progressed(qint64 simulatedNs, qint64 horizonNs, quint64 events);
    void finished(const orrery::app::RunJob::Outcome& outcome);

private:
    void work();
    void deliverProgress();
    void pace(sim::SimTime now);

    model::Scenario m_scenario;
    const policy::PluginRegistry& m_registry;
    QString m_projectPath;
    sim::RunControl m_control;
    std::unique_ptr<QThread> m_thread;

    // Latest progress figures, written by the worker and read by the UI thread.
    std::atomic<sim::SimTime> m_now{0};
    std::atomic<std::uint64_t> m_events{0};
    std::atomic<bool> m_progressQueued{false};
    std::atomic<double> m_speed{0.0};
    std::atomic<bool> m_paceReset{true}; //!< restart the pacing clock (speed change, resume)
    // Pacing origin; worker thread only.
    std::chrono::steady_clock::time_point m_paceWall;
    sim::SimTime m_paceSim = 0;
};

} // namespace orrery::app
