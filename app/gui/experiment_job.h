#pragma once
#include "ops/experiment_launch.h"
#include "experiment/experiment.h"
#include "sim/run_control.h"

#include <QObject>
#include <QString>

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>

class QThread;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

//! One experiment run into a project on its own thread by the launcher `orrery experiment` uses
//! (ops/experiment_launch.h): locally, on Slurm or Kubernetes (then compared), or a live
//! experiment's windows; this class only moves its reports to the window's thread and words them. Cancel does what Ctrl-C does in the CLI: the runner's runs end as cancelled,
//! Slurm's job is scancel'ed, the Kubernetes Job and ConfigMap are deleted; a rerun resumes.
//!
//! Every signal is emitted on the thread that owns the job (queued from the worker). Progress
//! and cell states are coalesced: while one report waits in the event queue, newer ones only
//! replace it. Destroying a running job cancels it and waits for its thread.
class ExperimentJob : public QObject {
    Q_OBJECT
public:
    //! What to run where; the dialog (ExperimentDialog) fills it.
    struct Request {
        QString experimentFile;
        QString projectPath;
        ExperimentBackend backend = ExperimentBackend::Local;
        unsigned jobs = 0; //!< local worker threads; 0: every core
        SlurmOptions slurm;
        KubernetesOptions kubernetes;
        QString kubeContext; //!< --context; empty: the kubeconfig's current context
        QString kubeconfig;  //!< --kubeconfig; empty: $KUBECONFIG or ~/.kube/config
        //! A live experiment (spec.target: live) may act on its namespace (`--actuate`).
        bool actuate = false;
    };

    //! How the experiment ended.
    struct Outcome {
        enum class Status { Completed, Cancelled, Failed };
        Status status = Status::Failed;
        QString message;          //!< what failed (one line per cell, as the CLI prints them), or a note
        std::size_t complete = 0; //!< cells complete in the project now
        std::size_t total = 0;
    };

    //! `registry` must outlive the job.
    ExperimentJob(Request request, const policy::PluginRegistry& registry, QObject* parent = nullptr);
    ~ExperimentJob() override;

    //! Checks the experiment file (file:line:field diagnostics in the returned text) and starts
    //! the worker; an empty string when it started.
    QString start();
    void cancel();
    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] bool isCancelRequested() const { return m_control.isCancelled(); }
    [[nodiscard]] const Request& request() const { return m_request; }
    //! The experiment's name and definition hash (ExperimentStore::definitionHash), once started:
    //! how the window finds it among the project's experiments.
    [[nodiscard]] QString experimentName() const;
    [[nodiscard]] QString definitionSha256() const;
    //! "context/namespace" of a live experiment (spec.target: live), once started; else empty.
    [[nodiscard]] QString liveTarget() const;
    [[nodiscard]] static QString backendName(ExperimentBackend backend);

signals:
    //! `fraction` of the whole experiment is complete; `text` says so in words.
    void progressed(double fraction, const QString& text);
    //! A remote backend's cells changed state (Slurm or Kubernetes only).
    void cellsChanged(const orrery::app::RemoteExperimentProgress& progress);
    //! More cells are complete in the project (a run finished, shards were merged): the
    //! comparison can be read again.
    void resultsChanged();
    //! A line of the backend's log (submission, cancellation, warnings).
    void logLine(const QString& line);
    void finished(const orrery::app::ExperimentJob::Outcome& outcome);

private:
    void work();
    //! The launcher's outcome in the window's words.
    Outcome outcomeOf(const ExperimentLaunchOutcome& result) const;
    void reportProgress(double fraction, QString text);
    void reportCells(RemoteExperimentProgress progress);
    void reportCompleted(std::size_t complete);

    Request m_request;
    const policy::PluginRegistry& m_registry;
    std::optional<experiment::Experiment> m_experiment; //!< checked by start(); read-only afterwards
    sim::RunControl m_control;
    std::unique_ptr<QThread> m_thread;

    std::mutex m_launcherMutex;
    ExperimentLauncher* m_launcher = nullptr; //!< while it runs, for cancel()

    // Latest reports, written by the worker, taken by the UI thread.
    std::mutex m_reportMutex;
    double m_fraction = 0;
    QString m_progressText;
    bool m_progressQueued = false;
    std::optional<RemoteExperimentProgress> m_cells;
    bool m_cellsQueued = false;
    std::size_t m_completeReported = 0; //!< worker thread only
};

} // namespace orrery::app
