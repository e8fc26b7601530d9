#include "gui/training_dock.h"

#include "analysis/convergence.h"
#include "ops/control_training_run.h"
#include "widgets/time_series_chart.h"

#include <QChart>
#include <QColor>
#include <QHBoxLayout>
#include <QLegend>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <vector>

namespace orrery::app {
namespace {

QString duration(double seconds)
{
    const auto total = static_cast<qint64>(std::llround(std::max(0.0, seconds)));
    if (total < 60)
        return TrainingDock::tr("%1 s").arg(total);
    if (total < 3600)
        return TrainingDock::tr("%1 min %2 s").arg(total / 60).arg(total % 60);
    return TrainingDock::tr("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60);
}

} // namespace

TrainingDock::TrainingDock(const policy::PluginRegistry& registry, QWidget* parent)
    : QWidget(parent)
    , m_registry(registry)
{
    m_title = new QLabel(tr("No training yet: Run ▸ Train Control Policy…"));
    m_title->setObjectName(QStringLiteral("trainingTitle"));
    m_title->setWordWrap(true);
    m_rewardChart = new widgets::TimeSeriesChart;
    m_rewardChart->setObjectName(QStringLiteral("trainingRewardChart"));
    m_rewardChart->setChartTitle(tr("Mean reward per episode"));
    m_rewardChart->setAxisTitles(tr("Episode"), tr("Mean reward"));
    m_rewardChart->setMinimumHeight(180);
    m_rewardChart->chart()->legend()->hide(); // one line, named by the title
    m_stepsChart = new widgets::TimeSeriesChart;
    m_stepsChart->setObjectName(QStringLiteral("trainingStepsChart"));
    m_stepsChart->setChartTitle(tr("Steps per episode"));
    m_stepsChart->setAxisTitles(tr("Episode"), tr("Steps"));
    m_stepsChart->setMinimumHeight(180);
    m_stepsChart->chart()->legend()->hide();
    m_agentChart = new widgets::TimeSeriesChart;
    m_agentChart->setObjectName(QStringLiteral("trainingAgentChart"));
    m_agentChart->setChartTitle(tr("Mean reward per agent"));
    m_agentChart->setAxisTitles(tr("Episode"), tr("Mean reward"));
    m_agentChart->setMinimumHeight(180);
    m_agentChart->setVisible(false); // multi-agent trainers only
    m_evaluationChart = new widgets::TimeSeriesChart;
    m_evaluationChart->setObjectName(QStringLiteral("trainingEvaluationChart"));
    m_evaluationChart->setChartTitle(tr("Deterministic evaluation on held-out episodes"));
    m_evaluationChart->setAxisTitles(tr("Episode"), tr("Mean reward per step"));
    m_evaluationChart->setMinimumHeight(230);
    m_evaluationChart->setVisible(false); // only when the training evaluates
    m_criticChart = new widgets::TimeSeriesChart;
    m_criticChart->setObjectName(QStringLiteral("trainingCriticChart"));
    m_criticChart->setChartTitle(tr("Critic: loss and TD error (mean over the updates)"));
    m_criticChart->setAxisTitles(tr("Episode"), tr("Value"));
    m_criticChart->setMinimumHeight(210);
    m_criticChart->setVisible(false); // only for trainers that report update statistics
    m_boundChart = new widgets::TimeSeriesChart;
    m_boundChart->setObjectName(QStringLiteral("trainingBoundChart"));
    m_boundChart->setChartTitle(tr("Actor saturation: share of policy actions within 5 % of a bound"));
    m_boundChart->setAxisTitles(tr("Episode"), tr("Share"));
    m_boundChart->setFixedYRange(0, 1);
    m_boundChart->setMinimumHeight(210);
    m_boundChart->setVisible(false);
    m_selection = new QLabel;
    m_selection->setObjectName(QStringLiteral("trainingSelection"));
    m_selection->setWordWrap(true);
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selection->setVisible(false);
    m_redraw = new QTimer(this);
    m_redraw->setSingleShot(true);
    m_redraw->setInterval(100);
    connect(m_redraw, &QTimer::timeout, this, &TrainingDock::redrawNow);
    m_convergence = new QLabel;
    m_convergence->setObjectName(QStringLiteral("trainingConvergence"));
    m_convergence->setWordWrap(true);
    m_convergence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_convergence->setVisible(false);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("trainingProgress"));
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Idle"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("trainingCancel"));
    m_cancel->setEnabled(false);
    connect(m_cancel, &QPushButton::clicked, this, &TrainingDock::cancel);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("trainingStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    // The charts scroll at their minimum heights rather than shrink until their labels elide;
    // title, progress and status stay in view.
    auto* charts = new QWidget;
    auto* chartLayout = new QVBoxLayout(charts);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(m_rewardChart, 3);
    chartLayout->addWidget(m_stepsChart, 2);
    chartLayout->addWidget(m_agentChart, 3);
    chartLayout->addWidget(m_evaluationChart, 3);
    chartLayout->addWidget(m_criticChart, 2);
    chartLayout->addWidget(m_boundChart, 2);
    chartLayout->addWidget(m_convergence);
    chartLayout->addWidget(m_selection);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("trainingCharts"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(charts);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(scroll, 1);
    layout->addLayout(progressRow);
    layout->addWidget(m_status);
}

TrainingDock::~TrainingDock() = default; // a running job (a child) cancels and waits for its thread

bool TrainingDock::start(TrainingJob::Request request)
{
    if (m_job)
        return false;
    m_episodes = request.config.episodes;
    m_reward.clear();
    m_steps.clear();
    m_agentReward.clear();
    m_churn.clear();
    m_agentChart->clearSeries();
    m_agentChart->setVisible(false);
    m_convergence->clear();
    m_convergence->setVisible(false);
    m_evaluation.clear();
    m_references.clear();
    m_updateStats.clear();
    for (auto* chart : {m_evaluationChart, m_criticChart, m_boundChart}) {
        chart->clearSeries();
        chart->setVisible(false);
    }
    m_selection->clear();
    m_selection->setVisible(false);
    // Charts that will fill are shown now: a chart appearing mid-run relayouts the whole dock.
    const quint32 evaluateEvery = request.evaluationEvery.value_or(defaultEvaluationEvery(request.config.episodes));
    m_evaluationChart->setVisible(evaluateEvery > 0);
    redrawCharts();
    m_title->setText(tr("Training %1 on “%2”: %3 episodes of up to %4 steps, seed %5, %6")
                         .arg(request.plugin, QString::fromStdString(request.scenario.name))
                         .arg(request.config.episodes)
                         .arg(request.config.stepsPerEpisode)
                         .arg(request.scenario.seed)
                         .arg(TrainingJob::modeName(request.config.mode)));
    m_progress->setValue(0);
    m_progress->setFormat(tr("Episode 0 of %1").arg(m_episodes));
    m_status->clear();
    m_cancel->setEnabled(true);
    m_job = new TrainingJob(std::move(request), m_registry, this);
    connect(m_job, &TrainingJob::episodeFinished, this, &TrainingDock::onEpisode);
    connect(m_job, &TrainingJob::agentRewardsFinished, this, &TrainingDock::onAgentRewards);
    connect(m_job, &TrainingJob::checkpointStored, this, [this](quint32 episode, qint64 modelId) {
        emit message(tr("Training: checkpoint of episode %1 stored as model %2.").arg(episode).arg(modelId), false);
        emit modelStored(modelId);
    });
    connect(m_job, &TrainingJob::evaluationFinished, this, &TrainingDock::onEvaluation);
    connect(m_job, &TrainingJob::updateStatsReported, this, &TrainingDock::onUpdateStats);
    connect(m_job, &TrainingJob::modelSelected, this, [this](qint64 modelId, const QString& why) {
        m_selection->setText(tr("Selected model %1: %2.").arg(modelId).arg(why));
        m_selection->setVisible(true);
        emit message(m_selection->text(), false);
    });
    connect(m_job, &TrainingJob::finished, this, &TrainingDock::onFinished);
    m_clock.start();
    m_job->start();
    return true;
}

void TrainingDock::cancel()
{
    if (!m_job || m_job->isCancelRequested())
        return;
    m_job->cancel();
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling after the current episode…"));
}

void TrainingDock::onEpisode(quint32 episode, quint32 steps, double reward, double meanReward)
{
    Q_UNUSED(reward);
    m_reward.append(QPointF(episode, meanReward));
    m_steps.append(QPointF(episode, steps));
    m_episodesDirty = true;
    scheduleRedraw();
    const quint32 total = std::max<quint32>(m_episodes, 1);
    m_progress->setValue(static_cast<int>(std::lround(100.0 * episode / total)));
    const double elapsedS = static_cast<double>(m_clock.elapsed()) / 1000.0;
    const double etaS = episode > 0 ? elapsedS / episode * (total - std::min(episode, total)) : 0.0;
    m_progress->setFormat(tr("Episode %1 of %2 — ETA %3").arg(episode).arg(m_episodes).arg(duration(etaS)));
    if (!m_job || !m_job->isCancelRequested())
        m_status->setText(tr("Episode %1: mean reward %2 over %3 steps; %4 elapsed")
                              .arg(episode)
                              .arg(meanReward, 0, 'g', 4)
                              .arg(steps)
                              .arg(duration(elapsedS)));
}

void TrainingDock::onAgentRewards(quint32 episode, const QStringList& agents, const QList<double>& rewards, int added,
                                  int removed)
{
    for (qsizetype k = 0; k < agents.size() && k < rewards.size(); ++k)
        m_agentReward[agents[k]].append(QPointF(episode, rewards[k]));
    if (added != 0)
        m_churn.append({episode, added});
    if (removed != 0)
        m_churn.append({episode, -removed});
    m_agentChart->setVisible(true);
    m_convergence->setVisible(true);
    // Redraw at most ~100 times per training: a line per agent is costlier than the team's.
    const quint32 every = std::max<quint32>(1, m_episodes / 100);
    if (episode % every == 0 || episode >= m_episodes || added != 0 || removed != 0)
        redrawAgentChart();
}

void TrainingDock::redrawAgentChart()
{
    m_agentChart->clearSeries();
    double low = 0, high = 0;
    bool first = true;
    int converged = 0, present = 0;
    const quint32 last = m_reward.isEmpty() ? 0 : static_cast<quint32>(m_reward.back().x());
    // Agents still training (reported at the latest episode), with a window since the last churn.
    const quint32 lastChurn = m_churn.isEmpty() ? 0 : m_churn.back().first;
    for (auto it = m_agentReward.cbegin(); it != m_agentReward.cend(); ++it) {
        for (const QPointF& point : it.value()) {
            low = first ? point.y() : std::min(low, point.y());
            high = first ? point.y() : std::max(high, point.y());
            first = false;
        }
        m_agentChart->addSeries(it.key(), it.value());
        if (it.value().isEmpty() || static_cast<quint32>(it.value().back().x()) != last)
            continue;
        ++present;
        std::vector<double> since;
        for (const QPointF& point : it.value()) {
            if (static_cast<quint32>(point.x()) >= lastChurn)
                since.push_back(point.y());
        }
        converged += analysis::hasConverged(since, 20, 0.02) ? 1 : 0;
    }
    for (const auto& [episode, change] : m_churn) {
        m_agentChart->addSeries(change > 0 ? tr("+%1 functions (episode %2)").arg(change).arg(episode)
                                           : tr("%1 functions (episode %2)").arg(change).arg(episode),
                                {QPointF(episode, low), QPointF(episode, high)}, QColor(Qt::gray));
    }
    m_convergence->setText(tr("%1 of %2 agents converged (mean reward of the last 20 episodes within 2 % of the 20 "
                              "before, since the last churn)")
                               .arg(converged)
                               .arg(present));
}

void TrainingDock::onFinished(bool cancelled, qint64 modelId, int checkpoints, const QString& error)
{
    TrainingJob* job = m_job;
    m_job = nullptr;
    redrawNow(); // the last points, before the run's summary
    if (!m_agentReward.isEmpty())
        redrawAgentChart();
    m_cancel->setEnabled(false);
    const QString elapsed = duration(static_cast<double>(m_clock.elapsed()) / 1000.0);
    QString text;
    if (!error.isEmpty()) {
        text = tr("Training failed: %1").arg(error);
        m_progress->setFormat(tr("Failed"));
    } else if (cancelled) {
        text = tr("Training cancelled after %1 episode(s); %2 checkpoint(s) kept, no final model.")
                   .arg(m_reward.size())
                   .arg(checkpoints);
        m_progress->setFormat(tr("Cancelled at episode %1 of %2").arg(m_reward.size()).arg(m_episodes));
    } else {
        text = tr("Training done in %1: model %2 stored (%3 checkpoint(s)).").arg(elapsed).arg(modelId).arg(checkpoints);
        m_progress->setValue(100);
        m_progress->setFormat(tr("Done: %1 episodes").arg(m_reward.size()));
        emit modelStored(modelId);
    }
    m_status->setText(text);
    emit message(text, !error.isEmpty());
    if (job)
        job->deleteLater(); // its destructor waits for the (ending) thread
    emit trainingFinished(cancelled, modelId, error);
}

void TrainingDock::onEvaluation(quint32 episode, const QString& policy, double meanRewardPerStep, double meanReturn,
                                double stdReturn)
{
    Q_UNUSED(meanReturn);
    Q_UNUSED(stdReturn);
    if (episode == 0)
        m_references.insert(policy, meanRewardPerStep);
    else
        m_evaluation.append(QPointF(episode, meanRewardPerStep));
    m_evaluationChart->setVisible(true);
    m_evaluationDirty = true;
    scheduleRedraw();
}

void TrainingDock::redrawEvaluationChart()
{
    m_evaluationChart->clearSeries();
    // The references were evaluated once; a flat line across the run compares every point with them.
    const double end = std::max<double>(m_episodes, 1);
    const QColor colours[] = {QColor(Qt::darkGray), QColor(Qt::darkCyan), QColor(Qt::darkYellow)};
    int k = 0;
    for (auto it = m_references.cbegin(); it != m_references.cend(); ++it, ++k)
        m_evaluationChart->addSeries(it.key(), {QPointF(0, it.value()), QPointF(end, it.value())}, colours[k % 3]);
    if (!m_evaluation.isEmpty())
        m_evaluationChart->addSeries(tr("model"), m_evaluation);
}

void TrainingDock::onUpdateStats(quint32 episode, const QStringList& names, const QList<double>& values)
{
    for (qsizetype k = 0; k < names.size() && k < values.size(); ++k)
        m_updateStats[names[k]].append(QPointF(episode, values[k]));
    m_updatesDirty = true;
    scheduleRedraw();
}

void TrainingDock::scheduleRedraw()
{
    if (!m_redraw->isActive())
        m_redraw->start();
}

void TrainingDock::redrawNow()
{
    m_redraw->stop();
    if (m_episodesDirty)
        redrawCharts();
    if (m_evaluationDirty)
        redrawEvaluationChart();
    if (m_updatesDirty)
        redrawUpdateCharts();
    m_episodesDirty = m_evaluationDirty = m_updatesDirty = false;
}

void TrainingDock::redrawUpdateCharts()
{
    m_criticChart->clearSeries();
    m_boundChart->clearSeries();
    bool critic = false, bounds = false;
    for (auto it = m_updateStats.cbegin(); it != m_updateStats.cend(); ++it) {
        const QString& name = it.key();
        if (name == QLatin1String("update.critic_loss") || name == QLatin1String("update.td_error")
            || name == QLatin1String("update.value_loss") || name == QLatin1String("update.explained_variance")) {
            m_criticChart->addSeries(name.mid(7), it.value());
            critic = true;
        } else if (name.startsWith(QLatin1String("update.at_bound."))) {
            m_boundChart->addSeries(name.mid(16), it.value());
            bounds = true;
        } else if (name == QLatin1String("update.clip_fraction") || name == QLatin1String("update.approx_kl")) {
            // PPO has no bounded actor output to saturate; how far each update moved the policy instead.
            m_boundChart->setChartTitle(tr("Policy updates: clip fraction and approximate KL"));
            m_boundChart->addSeries(name.mid(7), it.value());
            bounds = true;
        }
    }
    m_criticChart->setVisible(critic);
    m_boundChart->setVisible(bounds);
}

void TrainingDock::redrawCharts()
{
    m_rewardChart->clearSeries();
    m_rewardChart->addSeries(tr("Mean reward"), m_reward);
    m_stepsChart->clearSeries();
    m_stepsChart->addSeries(tr("Steps"), m_steps);
}

} // namespace orrery::app
