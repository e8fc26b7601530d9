#include "env/trajectory_recording_environment.h"

#include "env/transition_features.h"

namespace orrery::env {

TrajectoryRecordingEnvironment::TrajectoryRecordingEnvironment(policy::Environment& inner, Sink sink)
    : m_inner(inner), m_sink(std::move(sink))
{
}

policy::Observation TrajectoryRecordingEnvironment::reset(std::uint64_t seed)
{
    m_last = m_inner.reset(seed);
    ++m_episode;
    m_step = 0;
    return m_last;
}

policy::StepResult TrajectoryRecordingEnvironment::step(std::span<const policy::ControlAction> actions)
{
    policy::StepResult result = m_inner.step(actions);
    if (m_sink) {
        const auto state = TransitionFeatures::state(m_last);
        const auto action = TransitionFeatures::action(m_last, result.outcomes);
        m_sink({m_episode, m_step, state, action, result.reward});
    }
    ++m_step;
    m_last = result.observation;
    return result;
}

void TrajectoryRecordingEnvironment::resumeAfter(std::uint32_t episodesDone)
{
    m_inner.resumeAfter(episodesDone);
    m_episode = static_cast<std::int32_t>(episodesDone);
}

} // namespace orrery::env
