#pragma once
#include "gui/training_job.h"

#include <QElapsedTimer>
#include <QList>
#include <QMap>
#include <QPair>
#include <QStringList>
#include <QPointF>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace orrery::widgets {
class TimeSeriesChart;
}

namespace orrery::app {

//! The Training dock (issue 7): runs one control-plugin training (TrainingJob) at a time on a
//! worker thread and shows its mean reward and steps per episode as they finish, the episode
//! progress with an ETA, and a Cancel button that stops after the current episode.
class TrainingDock : public QWidget {
    Q_OBJECT
public:
    //! `registry` must outlive the dock.
    explicit TrainingDock(const policy::PluginRegistry& registry, QWidget* parent = nullptr);
    ~TrainingDock() override;

    //! Starts training; false (nothing started) while another training runs.
    bool start(TrainingJob::Request request);
    [[nodiscard]] bool isRunning() const { return m_job != nullptr; }
    [[nodiscard]] TrainingJob* job() const { return m_job; }
    //! Mean reward per finished episode (x: episode number).
    [[nodiscard]] const QList<QPointF>& rewardPoints() const { return m_reward; }
    [[nodiscard]] const QList<QPointF>& stepPoints() const { return m_steps; }
    [[nodiscard]] widgets::TimeSeriesChart* rewardChart() const { return m_rewardChart; }
    //! Multi-agent training: one line per agent, churn events as vertical markers.
    [[nodiscard]] widgets::TimeSeriesChart* agentChart() const { return m_agentChart; }
    //! "9 of 12 agents converged …" (Table 4.4's rule, analysis/convergence.h).
    [[nodiscard]] QLabel* convergenceLabel() const { return m_convergence; }
    //! Per agent: its mean reward per episode (x: episode number).
    [[nodiscard]] const QMap<QString, QList<QPointF>>& agentPoints() const { return m_agentReward; }
    //! Episodes at whose start churn added (> 0) or removed (< 0) agents.
    [[nodiscard]] const QList<QPair<quint32, int>>& churnEvents() const { return m_churn; }
    [[nodiscard]] QProgressBar* progressBar() const { return m_progress; }
    //! The model's evaluations on the held-out episodes: mean reward per step (x: episode).
    [[nodiscard]] const QList<QPointF>& evaluationPoints() const { return m_evaluation; }
    //! The references' mean reward per step on the same episodes, by name.
    [[nodiscard]] const QMap<QString, double>& referencePoints() const { return m_references; }
    [[nodiscard]] widgets::TimeSeriesChart* evaluationChart() const { return m_evaluationChart; }
    //! Per update statistic (update.critic_loss, update.at_bound.cpu, …): its means per report.
    [[nodiscard]] const QMap<QString, QList<QPointF>>& updateStatPoints() const { return m_updateStats; }
    [[nodiscard]] widgets::TimeSeriesChart* boundChart() const { return m_boundChart; }
    [[nodiscard]] widgets::TimeSeriesChart* criticChart() const { return m_criticChart; }
    //! Which model the evaluations chose, and why (empty until the training ends).
    [[nodiscard]] QLabel* selectionLabel() const { return m_selection; }

public slots:
    void cancel();

signals:
    //! Forwarded from the job once its thread is done: a line for the log.
    void message(const QString& text, bool problem);
    //! A checkpoint or the final model was stored in the project.
    void modelStored(qint64 modelId);
    //! The training ended (the job is gone); modelId is 0 unless the final model was stored.
    void trainingFinished(bool cancelled, qint64 modelId, const QString& error);

private:
    void onEpisode(quint32 episode, quint32 steps, double reward, double meanReward);
    void onFinished(bool cancelled, qint64 modelId, int checkpoints, const QString& error);
    void onAgentRewards(quint32 episode, const QStringList& agents, const QList<double>& rewards, int added, int removed);
    void onEvaluation(quint32 episode, const QString& policy, double meanRewardPerStep, double meanReturn,
                      double stdReturn);
    void onUpdateStats(quint32 episode, const QStringList& names, const QList<double>& values);
    void redrawCharts();
    void redrawAgentChart();
    void redrawEvaluationChart();
    void redrawUpdateCharts();
    //! Charts are redrawn at most every 100 ms: an episode can take milliseconds, and redrawing
    //! every chart for each would keep the UI thread busy (timers starve, input lags).
    void scheduleRedraw();
    void redrawNow();

    const policy::PluginRegistry& m_registry;
    TrainingJob* m_job = nullptr; //!< child of the dock while training runs
    QElapsedTimer m_clock;
    quint32 m_episodes = 0;
    QList<QPointF> m_reward;
    QList<QPointF> m_steps;
    QLabel* m_title = nullptr;
    widgets::TimeSeriesChart* m_rewardChart = nullptr;
    widgets::TimeSeriesChart* m_stepsChart = nullptr;
    widgets::TimeSeriesChart* m_agentChart = nullptr;
    QLabel* m_convergence = nullptr;
    QMap<QString, QList<QPointF>> m_agentReward;
    QList<QPair<quint32, int>> m_churn;
    QList<QPointF> m_evaluation;
    QMap<QString, double> m_references;
    QMap<QString, QList<QPointF>> m_updateStats;
    widgets::TimeSeriesChart* m_evaluationChart = nullptr;
    widgets::TimeSeriesChart* m_boundChart = nullptr;
    widgets::TimeSeriesChart* m_criticChart = nullptr;
    QLabel* m_selection = nullptr;
    QTimer* m_redraw = nullptr;
    bool m_episodesDirty = false;
    bool m_evaluationDirty = false;
    bool m_updatesDirty = false;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace orrery::app
