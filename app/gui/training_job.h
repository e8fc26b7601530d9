#pragma once
#include <QList>
#include <QStringList>
#include "model/scenario.h"
#include "policy/control_training.h"
#include "sim/run_control.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QThread;

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

//! One control-plugin training run (trainControlIntoProject, as `orrery train` does it) on its
//! own thread, storing checkpoints and the final model into a project, observed from the UI thread.
//!
//! Every signal is emitted on the thread that owns the job (queued from the worker). Cancel
//! stops after the episode in progress; checkpoints already stored stay in the project.
//! Destroying a running job cancels it and waits for its thread.
class TrainingJob : public QObject {
    Q_OBJECT
public:
    //! What to train and where to store it.
    struct Request {
        QString plugin;
        model::Scenario scenario; //!< checked; its seed is the training seed
        policy::ControlTrainingConfig config; //!< baseModel is ignored (transfer reads the project)
        QString projectPath;
        //! Episodes between deterministic evaluations on held-out episodes; default: a tenth of
        //! the run from 10 episodes on (defaultEvaluationEvery); 0 = none.
        std::optional<quint32> evaluationEvery;
        quint32 evaluationEpisodes = 3;
    };

    //! `registry` must outlive the job.
    TrainingJob(Request request, const policy::PluginRegistry& registry, QObject* parent = nullptr);
    ~TrainingJob() override;

    void start();
    void cancel();
    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] bool isCancelRequested() const { return m_control.isCancelled(); }
    [[nodiscard]] const Request& request() const { return m_request; }
    [[nodiscard]] static QString modeName(policy::ControlTrainingMode mode);

signals:
    //! Episode `episode` (1-based) of the run ended after `steps` steps.
    void episodeFinished(quint32 episode, quint32 steps, double reward, double meanReward);
    //! Multi-agent trainers (the SIMPPO family): each agent's mean reward this episode, and the
    //! agents churn added or removed at its start.
    void agentRewardsFinished(quint32 episode, const QStringList& agents, const QList<double>& rewards, int added, int removed);
    void checkpointStored(quint32 episode, qint64 modelId);
    //! An evaluation on the held-out episodes: of the model after `episode` episodes
    //! (policy "model"), or (episode 0) of a reference ("no-control", "hold-at-base", "random").
    void evaluationFinished(quint32 episode, const QString& policy, double meanRewardPerStep, double meanReturn,
                            double stdReturn);
    //! The means of the trainer's update statistics since its previous report (update.* names).
    void updateStatsReported(quint32 episode, const QStringList& names, const QList<double>& values);
    //! The evaluations chose a model: `why` says which and why; modelId is the checkpoint stored
    //! after the final model, or the final model itself.
    void modelSelected(qint64 modelId, const QString& why);
    //! The run ended: modelId is the final model (0 when cancelled or failed); `error` is empty
    //! unless it failed.
    void finished(bool cancelled, qint64 modelId, int checkpoints, const QString& error);

private:
    void work();

    Request m_request;
    const policy::PluginRegistry& m_registry;
    sim::RunControl m_control;
    std::unique_ptr<QThread> m_thread;
};

} // namespace orrery::app
