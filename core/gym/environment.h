#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace orrery::gym {

//! What an agent may do: `discrete` actions are one index in [0, count) passed as one float;
//! continuous ones are `low.size()` values in [low, high] (Gymnasium's Discrete and Box).
struct ActionSpace {
    bool discrete = false;
    std::size_t count = 0;  //!< discrete only
    std::vector<float> low; //!< continuous only
    std::vector<float> high;

    [[nodiscard]] std::size_t dimension() const { return discrete ? 1 : low.size(); }
    //! A continuous action given in [-1, 1] per dimension mapped linearly onto [low, high] (how
    //! tanh-bounded actors address any Box, as Stable-Baselines3's unscale_action does).
    [[nodiscard]] std::vector<float> fromUnit(std::span<const float> unit) const;
};

//! One step's result, as Gymnasium's step() returns it. `terminated`: the task reached a terminal
//! state, so its value is the last reward (no bootstrap). `truncated`: the episode was cut off by
//! the time limit, the state is not terminal and learners bootstrap from `observation`. Both
//! may hold at once (a terminal state on the last allowed step).
struct StepResult {
    std::vector<float> observation;
    double reward = 0;
    bool terminated = false;
    bool truncated = false;

    [[nodiscard]] bool episodeOver() const { return terminated || truncated; }
};

//! The reset/step contract of every environment a learner in core/learn trains in, with
//! Gymnasium's semantics (gymnasium/core.py, Env.step): the time limit lives here, in the base
//! class, as Gymnasium's TimeLimit wrapper adds it at make(): step() reports truncated once
//! maxEpisodeSteps() steps have been taken since reset().
class Environment {
public:
    virtual ~Environment() = default;

    //! Gymnasium's id, e.g. "Pendulum-v1".
    [[nodiscard]] virtual std::string id() const = 0;
    [[nodiscard]] virtual std::size_t observationDimension() const = 0;
    [[nodiscard]] virtual ActionSpace actionSpace() const = 0;
    //! The TimeLimit of the registered task (Pendulum-v1: 200).
    [[nodiscard]] virtual std::uint32_t maxEpisodeSteps() const = 0;

    //! Starts an episode from an initial state drawn with `seed`; the same seed gives the same
    //! state.
    std::vector<float> reset(std::uint64_t seed);
    //! Applies `action` (clipped to the space as the task does), advances one step and counts it
    //! against the time limit. Throws std::invalid_argument when `action` has the wrong size or a
    //! discrete index is out of range, std::logic_error before the first reset().
    StepResult step(std::span<const float> action);

    [[nodiscard]] std::uint32_t elapsedSteps() const { return m_elapsed; }

protected:
    //! The task's own reset: draws the initial state with `seed`, returns the observation.
    virtual std::vector<float> resetTask(std::uint64_t seed) = 0;
    //! The task's own step (no time limit): fills observation, reward and terminated.
    virtual StepResult stepTask(std::span<const float> action) = 0;

private:
    std::uint32_t m_elapsed = 0;
    bool m_started = false;
};

} // namespace orrery::gym
