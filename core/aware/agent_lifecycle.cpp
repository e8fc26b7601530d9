#include "aware/agent_lifecycle.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace orrery::aware {
namespace {

void checkFinite(double value, const char* name)
{
    if (!std::isfinite(value))
        throw std::invalid_argument(std::string("AgentLifecycle: ") + name + " is not a finite number");
}

} // namespace

AgentLifecycle::AgentLifecycle(LifecycleThresholds thresholds)
    : m_thresholds(thresholds)
{
    checkFinite(m_thresholds.online, "T_online");
    checkFinite(m_thresholds.serving, "T_serving");
    checkFinite(m_thresholds.maxStdDev, "T_var");
    if (m_thresholds.maxStdDev < 0.0)
        throw std::invalid_argument("AgentLifecycle: T_var is negative");
    if (m_thresholds.retraining) {
        checkFinite(*m_thresholds.retraining, "the retraining threshold");
        if (*m_thresholds.retraining < 0.0)
            throw std::invalid_argument("AgentLifecycle: the retraining threshold is negative");
    }
    if (m_thresholds.recentEpisodes < 1)
        throw std::invalid_argument("AgentLifecycle: the window of recent episodes is shorter than 1");
    if (m_thresholds.minEpisodes < 1 || m_thresholds.minEpisodes > m_thresholds.recentEpisodes)
        throw std::invalid_argument("AgentLifecycle: minEpisodes is outside 1..recentEpisodes");
}

LifecycleTransition AgentLifecycle::start()
{
    if (m_stage != LifecycleStage::Initialized)
        throw std::logic_error("AgentLifecycle::start: already started");
    return m_thresholds.bootstrap ? moveTo(LifecycleStage::Offline, TransitionReason::BootstrapEnabled, 0.0, 0.0)
                                  : moveTo(LifecycleStage::Online, TransitionReason::BootstrapDisabled, 0.0, 0.0);
}

std::optional<LifecycleTransition> AgentLifecycle::observe(double reward)
{
    if (m_stage == LifecycleStage::Initialized)
        throw std::logic_error("AgentLifecycle::observe: start() has not been called");
    checkFinite(reward, "a reward");
    ++m_episodes;
    m_window.push_back(reward);
    if (static_cast<std::int64_t>(m_window.size()) > m_thresholds.recentEpisodes)
        m_window.pop_front();
    if (static_cast<std::int64_t>(m_window.size()) < m_thresholds.minEpisodes)
        return std::nullopt;

    const double count = static_cast<double>(m_window.size());
    double sum = 0.0;
    for (double r : m_window)
        sum += r;
    const double average = sum / count;
    double squares = 0.0;
    for (double r : m_window)
        squares += (r - average) * (r - average);
    const double stdDev = std::sqrt(squares / count); // population std, as numpy's np.std

    switch (m_stage) {
    case LifecycleStage::Initialized:
        break;
    case LifecycleStage::Offline:
        if (average >= m_thresholds.online)
            return moveTo(LifecycleStage::Online, TransitionReason::ReachedOnline, average, stdDev);
        break;
    case LifecycleStage::Online:
        if (average >= m_thresholds.serving && stdDev <= m_thresholds.maxStdDev) {
            m_servingReference = average;
            return moveTo(LifecycleStage::Serving, TransitionReason::ReachedServing, average, stdDev);
        }
        break;
    case LifecycleStage::Serving:
        if (average < m_thresholds.serving)
            return moveTo(LifecycleStage::Online, TransitionReason::AverageBelowServing, average, stdDev);
        if (stdDev > m_thresholds.maxStdDev)
            return moveTo(LifecycleStage::Online, TransitionReason::StdDevAboveLimit, average, stdDev);
        if (m_thresholds.retraining && m_servingReference && average < *m_servingReference - *m_thresholds.retraining)
            return moveTo(LifecycleStage::Online, TransitionReason::DegradedBeyondRetraining, average, stdDev);
        m_servingReference = std::max(m_servingReference.value_or(average), average);
        break;
    }
    return std::nullopt;
}

ActingController AgentLifecycle::actingController() const
{
    switch (m_stage) {
    case LifecycleStage::Initialized:
        return ActingController::None;
    case LifecycleStage::Offline:
        return ActingController::Fallback;
    case LifecycleStage::Online:
    case LifecycleStage::Serving:
        return ActingController::Agent;
    }
    return ActingController::None;
}

bool AgentLifecycle::trains() const
{
    return m_stage == LifecycleStage::Offline || m_stage == LifecycleStage::Online;
}

bool AgentLifecycle::explores() const
{
    return m_stage == LifecycleStage::Online;
}

LifecycleTransition AgentLifecycle::moveTo(LifecycleStage to, TransitionReason reason, double average, double stdDev)
{
    LifecycleTransition transition;
    transition.from = m_stage;
    transition.to = to;
    transition.episode = m_episodes;
    transition.average = average;
    transition.stdDev = stdDev;
    transition.windowSize = static_cast<std::int64_t>(m_window.size());
    transition.reason = reason;
    m_stage = to;
    m_window.clear();
    if (to != LifecycleStage::Serving)
        m_servingReference.reset();
    m_history.push_back(transition);
    return transition;
}

} // namespace orrery::aware
