#pragma once
#include "policy/environment.h"

#include <cstdint>
#include <functional>
#include <span>

namespace orrery::env {

//! One recorded control transition, in TransitionFeatures' application-level encoding: the state
//! the actions were decided on, what they did, and the reward that followed.
struct RecordedTransition {
    std::int32_t episode = 0; //!< 1-based, counted by resets
    std::int32_t step = 0;    //!< 0-based within the episode
    std::span<const float> state;
    std::span<const float> action;
    double reward = 0;
};

//! Wraps any Environment (simulated or live) and hands every step to a sink as a transition, so
//! the trajectories of every learned agent reach the project's trajectory store the same way,
//! without the agent (a plugin, which never sees the store) doing anything (issue 15 item 2).
//! The agent sees the wrapped environment unchanged.
class TrajectoryRecordingEnvironment final : public policy::Environment {
public:
    using Sink = std::function<void(const RecordedTransition&)>;

    //! `inner` must outlive this object.
    TrajectoryRecordingEnvironment(policy::Environment& inner, Sink sink);

    policy::Observation reset(std::uint64_t seed) override;
    policy::StepResult step(std::span<const policy::ControlAction> actions) override;
    void resumeAfter(std::uint32_t episodesDone) override;
    //! The inner environment's sibling, unrecorded: the store keeps the episodes this one runs
    //! (with parallel rollouts, the first environment's; docs/learning.md).
    [[nodiscard]] std::unique_ptr<policy::Environment> makeSibling() const override { return m_inner.makeSibling(); }

    [[nodiscard]] std::int32_t episode() const { return m_episode; }

private:
    policy::Environment& m_inner;
    Sink m_sink;
    policy::Observation m_last;
    std::int32_t m_episode = 0;
    std::int32_t m_step = 0;
};

} // namespace orrery::env
