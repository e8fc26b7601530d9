#pragma once
// One experiment launcher for both front ends (docs/architecture.md §6): `orrery experiment` and
// the window's Run Experiment dialog hand it the same request and read the same outcome; each
// only words the result its own way.
#include "ops/kubernetes_backend.h"
#include "ops/remote_experiment_progress.h"
#include "ops/slurm_backend.h"
#include "experiment/experiment.h"
#include "experiment/experiment_runner.h"
#include "live_experiment/live_experiment_runner.h"
#include "sim/run_control.h"

#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace orrery::policy {
class PluginRegistry;
struct ControlEpisodeReport;
} // namespace orrery::policy

namespace orrery::app {

//! Where an experiment's cells run (`orrery experiment --backend`). A live experiment
//! (spec.target: live) runs its windows on its cluster whatever this says.
enum class ExperimentBackend { Local, Slurm, Kubernetes };

//! "local", "slurm", "kubernetes".
const char* toString(ExperimentBackend backend);

//! What to run where, as `orrery experiment` takes it on its command line.
struct ExperimentLaunchRequest {
    std::string experimentFile;
    std::string projectPath;
    ExperimentBackend backend = ExperimentBackend::Local;
    unsigned jobs = 0; //!< local worker threads; 0: every core
    SlurmOptions slurm;
    KubernetesOptions kubernetes;
    std::string kubeContext; //!< --context; empty: the kubeconfig's current context
    std::string kubeconfig;  //!< --kubeconfig; empty: $KUBECONFIG or ~/.kube/config
    bool actuate = false;    //!< a live experiment may act on its namespace (`--actuate`)
};

//! How the launcher reports while it runs; every callback is optional and called on the
//! launcher's thread (the local runner's from its workers, serialised by the runner).
struct ExperimentLaunchCallbacks {
    std::function<void(const experiment::ExperimentProgress&)> localProgress;
    std::function<void(const RemoteExperimentProgress&)> remoteProgress;
    std::function<void(const live_experiment::LiveExperimentProgress&)> liveProgress;
    //! A log line: a remote backend's (submission, cancellation, warnings), an arm's training
    //! ("EXPERIMENT: text") or a live runner's ("EXPERIMENT: text"). May come from several threads.
    std::function<void(const std::string&)> log;
    //! Every training episode of an arm that trains its own control policy (several threads).
    std::function<void(const std::string& arm, const policy::ControlEpisodeReport&)> trainingEpisode;
};

//! How an experiment launch ended.
struct ExperimentLaunchOutcome {
    enum class Status {
        Completed, //!< every cell or window is complete and compared
        Cancelled, //!< cancel(): what finished is kept, a rerun resumes
        Failed,    //!< cells or windows failed, a backend or training failed
        BadInput,  //!< the request cannot run as given (context, actuation, models, scenario set-up)
    };
    Status status = Status::Failed;
    std::size_t complete = 0; //!< cells (windows) complete in the project now
    std::size_t total = 0;
    //! Why it stopped, in one sentence (a store error, what a remote cancel did, a guard's
    //! message, a thrown error's text); empty when it completed.
    std::string message;
    //! `message` is already formatted diagnostics (file:line:column lines): print it as it is.
    bool messageIsDiagnostics = false;
    //! One line per cell that did not complete: "cell ID (WHERE): STATE: MESSAGE".
    std::vector<std::string> cellFailures;
    std::string statusFile; //!< a remote backend's per-cell state table, when cells failed
    //! "slurm job 42", "kubernetes job NS/NAME": what a remote run submitted; empty for none.
    std::string submission;
    std::size_t merged = 0;   //!< cells merged from a remote submission now
    bool remoteDeleted = false; //!< the Kubernetes Job and ConfigMap were deleted after success
    std::vector<std::string> missingMetrics; //!< recorded by no run (no window): shown as n/a
    std::optional<experiment::ExperimentOutcome> local; //!< the comparison of a simulated experiment
    std::optional<live_experiment::LiveExperimentOutcome> live; //!< the comparison of a live one
    std::string liveContext; //!< the resolved context of a live experiment
};

//! Runs one checked experiment into a project: an arm's training first (local only), the
//! missing cells locally, on Slurm or as a Kubernetes Indexed Job (their shards merged), then the
//! comparison; or a live experiment's windows on its cluster. cancel() may come from any thread:
//! the runners stop as Ctrl-C stops them (runs in flight kept as cancelled, scancel, the Job
//! deleted, the live namespace restored) and a rerun resumes.
class ExperimentLauncher {
public:
    //! `experiment` and `registry` must outlive the launcher.
    ExperimentLauncher(const experiment::Experiment& experiment, const policy::PluginRegistry& registry,
                       ExperimentLaunchRequest request, ExperimentLaunchCallbacks callbacks = {});
    ExperimentLauncher(const ExperimentLauncher&) = delete;
    ExperimentLauncher& operator=(const ExperimentLauncher&) = delete;

    //! Never throws for what the experiment does; the outcome says it.
    ExperimentLaunchOutcome run();
    void cancel();
    [[nodiscard]] bool isCancelled() const { return m_control.isCancelled(); }

private:
    void runLocally(ExperimentLaunchOutcome& outcome);
    void runLive(ExperimentLaunchOutcome& outcome);
    //! The missing cells on Slurm or Kubernetes; false when the comparison must not follow.
    bool runRemotely(ExperimentLaunchOutcome& outcome);
    void log(const std::string& line) const;

    const experiment::Experiment& m_experiment;
    const policy::PluginRegistry& m_registry;
    ExperimentLaunchRequest m_request;
    ExperimentLaunchCallbacks m_callbacks;
    sim::RunControl m_control; //!< training and the remote backends watch it
    std::mutex m_runnerMutex;
    experiment::ExperimentRunner* m_runner = nullptr;
    live_experiment::LiveExperimentRunner* m_liveRunner = nullptr;
};

} // namespace orrery::app
