#include "gui/training_dock.h"

#include "analysis/convergence.h"
#include "widgets/time_series_chart.h"

#include <QChart>
#include <QColor>
#include <QHBoxLayout>
#include <QLegend>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
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
    m_stepsChart->setMinimumHeight(140);
    m_stepsChart->chart()->legend()->hide();
    m_agentChart = new widgets::TimeSeriesChart;
    m_agentChart->setObjectName(QStringLiteral("trainingAgentChart"));
    m_agentChart->setChartTitle(tr("Mean reward per agent"));
    m_agentChart->setAxisTitles(tr("Episode"), tr("Mean reward"));
    m_agentChart->setMinimumHeight(180);
    m_agentChart->setVisible(false); // multi-agent trainers only
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
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_rewardChart, 3);
    layout->addWidget(m_stepsChart, 2);
    layout->addWidget(m_agentChart, 3);
    layout->addWidget(m_convergence);
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
    redrawCharts();
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

void TrainingDock::redrawCharts()
{
    m_rewardChart->clearSeries();
    m_rewardChart->addSeries(tr("Mean reward"), m_reward);
    m_stepsChart->clearSeries();
    m_stepsChart->addSeries(tr("Steps"), m_steps);
}

} // namespace orrery::app
