#pragma once
#include "env/policy_models.h"
#include "experiment/experiment.h"
#include "experiment/experiment_comparison.h"
#include "live/namespace_state.h"
#include "live_experiment/slo_guard.h"
#include "live_experiment/window_end.h"
#include "live_experiment/window_schedule.h"
#include "sim/run_control.h"
#include "store/experiment_record.h"
#include "store/experiment_result_row.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace orrery::live {
class KubeClient;
class PrometheusClient;
}

namespace orrery::policy {
class PluginRegistry;
}
namespace orrery::store {
class ExperimentStore;
class Project;
} // namespace orrery::store

namespace orrery::live_experiment {

//! Options of LiveExperimentRunner.
struct LiveExperimentOptions {
    //! A person enabled actuation for the experiment's context and namespace (`--actuate`, or
    //! the dialog's check box). Without it run() refuses before touching the cluster.
    bool actuate = false;
    env::PolicyModels models;                    //!< trained parameters, by plugin id
    experiment::ComparisonOptions comparison;
    //! Consecutive failed control periods (API server or Prometheus unreachable) before the
    //! connection counts as lost: the experiment stops and restores what it can.
    int maxConsecutiveFailures = 3;
};

//! Where a live experiment is, for progress lines and bars.
struct LiveExperimentProgress {
    std::size_t window = 0;        //!< 0-based position in the schedule
    std::size_t windows = 0;
    std::size_t alreadyDone = 0;
    std::string arm;
    std::string phase;             //!< "restoring", "washout", "measuring", "restoring the original state"
    double windowFraction = 0;     //!< of the current window, 0 … 1
};

//! How run() ended.
struct LiveExperimentOutcome {
    enum class Status {
        Completed,    //!< every window measured; results stored; the original state restored
        Cancelled,    //!< cancel() (Ctrl-C, Cancel): stopped, restored; a rerun resumes
        GuardTripped, //!< the SLO guard stopped it; restored; `message` says why
        Failed,       //!< refused (actuation off), lost connection, or the project failed
    };
    Status status = Status::Failed;
    store::ExperimentRecord record;
    std::size_t totalWindows = 0;
    std::size_t alreadyDone = 0;
    std::size_t completed = 0;
    std::string message;
    int recoveredRestorePoints = 0;    //!< restore points of an earlier, killed run put back first
    int recoveredPods = 0;             //!< placement: pods an earlier, killed run left, deleted first
    bool restored = false;             //!< the original state was put back (placement: its pods deleted) at the end
    live::RestoreReport restore;
    double restoreSeconds = 0;         //!< wall time of the final restore
    std::vector<store::ExperimentResultRow> results;
    std::vector<std::string> missingMetrics;
};

[[nodiscard]] const char* toString(LiveExperimentOutcome::Status status);

//! Runs an A/B experiment on a live namespace (`spec.target: live`, docs/live-clusters.md):
//!
//! 1. Puts back any restore point a killed earlier run left for the same context and namespace.
//! 2. Captures the controlled Deployments' replicas and limits and stores them in the project
//!    (live_restore_points) before the first action.
//! 3. For each window of the randomized block schedule (planWindows) not yet completed: restores
//!    the original state, lets the arm's control policy act for the washout (discarded) and the
//!    window, every control period, through LiveEnvironment (dry-run first, rate-limited by the
//!    ActuationGuard, audited in live_audit); checks the SLO guard every period; then evaluates
//!    each metric's PromQL over the window and records the window as a completed run of the
//!    cell (arm, seed = the arm's window number), so the comparison, the views and the reports
//!    of simulated experiments apply unchanged.
//! 4. Restores the original state and marks the restore point restored; compares the arms
//!    (ratio of medians with bootstrap CI, Mann–Whitney) and stores the comparison.
//!
//! A guard trip, cancel() or a lost connection stops it and restores; if the process is killed,
//! the next run() (or `orrery live restore`) restores from the stored point.
//!
//! With spec.live.placement the arms are placement policies: each window submits the same pods
//! and the arm's policy schedules them as a live::LiveScheduler (PlacementWindowRun); nothing is
//! patched, so there is no restore point: every pod carries the experiment's label and is deleted
//! at the end of its window, on a stop, and at the next start after a kill. run() blocks; the
//! clients are used from the calling thread only; cancel() may be called from any thread.
class LiveExperimentRunner {
public:
    LiveExperimentRunner(const experiment::Experiment& experiment, const policy::PluginRegistry& registry,
                         std::string projectPath, live::KubeClient& kube, live::PrometheusClient& prometheus,
                         LiveExperimentOptions options = {});
    LiveExperimentRunner(const LiveExperimentRunner&) = delete;
    LiveExperimentRunner& operator=(const LiveExperimentRunner&) = delete;

    void setProgressCallback(std::function<void(const LiveExperimentProgress&)> callback) { m_progress = std::move(callback); }
    //! One line per event worth telling a person (window start, guard trip, restore).
    void setLogCallback(std::function<void(const std::string&)> callback) { m_log = std::move(callback); }

    //! Throws store::StoreError when the project cannot be opened; everything else ends in the outcome.
    LiveExperimentOutcome run();
    //! Stops the experiment from any thread; it restores the original state before run() returns.
    void cancel() { m_control.cancel(); }
    [[nodiscard]] sim::RunControl& control() { return m_control; }

private:
    class WindowRun;

    //! run() for spec.live.placement: no restore points; the experiment's labelled pods are
    //! deleted before, between failures and after (PlacementWindowRun).
    LiveExperimentOutcome runPlacement(store::Project& project);
    //! The windows of the schedule not yet stored as completed runs; sets the record and counts.
    std::vector<LiveWindow> windowsToRun(store::ExperimentStore& experiments, LiveExperimentOutcome& outcome) const;
    //! Runs one window (`run`) and words how it ended into `outcome`: true when it was measured;
    //! otherwise `putBack(reason)` has restored or cleaned the cluster and the experiment stops.
    bool finishWindow(const std::function<WindowEnd()>& run, const std::function<std::string()>& runMessage,
                      const std::optional<SloGuard>& sloGuard, const std::string& arm,
                      const std::function<void(const std::string&)>& putBack, LiveExperimentOutcome& outcome) const;
    //! Compares the arms over the stored windows and saves the result; the outcome is Completed.
    void compare(store::ExperimentStore& experiments, LiveExperimentOutcome& outcome) const;
    //! Deletes (and audits) every pod carrying the experiment's label; how many. Throws LiveError.
    int deleteExperimentPods(store::Project& project, const std::string& reason) const;

    void log(const std::string& text) const;
    //! Sleeps up to `duration` in short slices; false when cancelled meanwhile.
    bool sleepFor(std::chrono::milliseconds duration) const;

    const experiment::Experiment& m_experiment;
    const policy::PluginRegistry& m_registry;
    std::string m_projectPath;
    live::KubeClient& m_kube;
    live::PrometheusClient& m_prometheus;
    LiveExperimentOptions m_options;
    std::function<void(const LiveExperimentProgress&)> m_progress;
    std::function<void(const std::string&)> m_log;
    sim::RunControl m_control;
};

//! Puts back every pending restore point of (context, namespace) in the project at `projectPath`
//! (oldest first: the oldest holds the state before any experiment changed it) and marks them
//! restored with `reason`. Returns how many there were; failures are appended to `report`.
int restorePendingPoints(const std::string& projectPath, live::KubeClient& kube, const std::string& nameSpace,
                         const std::string& reason, live::RestoreReport& report);

} // namespace orrery::live_experiment
