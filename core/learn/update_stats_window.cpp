#include "learn/update_stats_window.h"

namespace orrery::learn {

UpdateStatsWindow::UpdateStatsWindow(std::vector<std::string> dimensions)
    : m_dimensions(std::move(dimensions)), m_bound(m_dimensions.size(), 0.0), m_actionMean(m_dimensions.size(), 0.0)
{
}

void UpdateStatsWindow::add(const OffPolicyUpdateStats& stats, bool valuesMeasured)
{
    ++m_updates;
    m_criticLoss += stats.criticLoss;
    if (stats.actorUpdated) {
        ++m_actorUpdates;
        m_actorLoss += stats.actorLoss;
    }
    if (!valuesMeasured)
        return;
    ++m_measured;
    m_qMean += stats.qMean;
    m_qStd += stats.qStd;
    m_tdError += stats.tdError;
    m_alpha += stats.entropyCoefficient;
    m_entropy += stats.entropy;
    for (std::size_t i = 0; i < m_bound.size() && i < stats.boundFraction.size(); ++i)
        m_bound[i] += stats.boundFraction[i];
    for (std::size_t i = 0; i < m_actionMean.size() && i < stats.actionMean.size(); ++i)
        m_actionMean[i] += stats.actionMean[i];
}

void UpdateStatsWindow::add(const PpoUpdateStats& stats)
{
    ++m_ppoUpdates;
    m_klStops += stats.stoppedEarly ? 1 : 0;
    m_policyLoss += stats.policyLoss;
    m_valueLoss += stats.valueLoss;
    m_ppoEntropy += stats.entropy;
    m_approxKl += stats.approxKl;
    m_clipFraction += stats.clipFraction;
    m_explainedVariance += stats.explainedVariance;
}

std::vector<std::pair<std::string, double>> UpdateStatsWindow::takeMetrics()
{
    std::vector<std::pair<std::string, double>> metrics;
    if (m_ppoUpdates > 0) {
        const double n = static_cast<double>(m_ppoUpdates);
        metrics.emplace_back("update.count", n);
        metrics.emplace_back("update.policy_loss", m_policyLoss / n);
        metrics.emplace_back("update.value_loss", m_valueLoss / n);
        metrics.emplace_back("update.entropy", m_ppoEntropy / n);
        metrics.emplace_back("update.approx_kl", m_approxKl / n);
        metrics.emplace_back("update.clip_fraction", m_clipFraction / n);
        metrics.emplace_back("update.explained_variance", m_explainedVariance / n);
        metrics.emplace_back("update.kl_stops", static_cast<double>(m_klStops));
    }
    if (m_updates == 0) {
        *this = UpdateStatsWindow(std::move(m_dimensions));
        return metrics;
    }
    const double n = static_cast<double>(m_updates);
    metrics.emplace_back("update.count", n);
    metrics.emplace_back("update.critic_loss", m_criticLoss / n);
    if (m_actorUpdates > 0)
        metrics.emplace_back("update.actor_loss", m_actorLoss / static_cast<double>(m_actorUpdates));
    if (m_measured > 0) {
        const double m = static_cast<double>(m_measured);
        metrics.emplace_back("update.q_mean", m_qMean / m);
        metrics.emplace_back("update.q_std", m_qStd / m);
        metrics.emplace_back("update.td_error", m_tdError / m);
        metrics.emplace_back("update.alpha", m_alpha / m);
        metrics.emplace_back("update.entropy", m_entropy / m);
        for (std::size_t i = 0; i < m_bound.size(); ++i)
            metrics.emplace_back("update.at_bound." + m_dimensions[i], m_bound[i] / m);
        for (std::size_t i = 0; i < m_actionMean.size(); ++i)
            metrics.emplace_back("update.action_mean." + m_dimensions[i], m_actionMean[i] / m);
    }
    *this = UpdateStatsWindow(std::move(m_dimensions));
    return metrics;
}

void UpdateStatsWindow::takeMetricsInto(std::vector<std::pair<std::string, double>>& metrics)
{
    for (auto& stat : takeMetrics())
        metrics.push_back(std::move(stat));
}

} // namespace orrery::learn
