#pragma once
#include "policy/control_action.h"
#include "policy/observation.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace orrery::policy {

//! The result of one control period (Gym's step).
struct StepResult {
    Observation observation;
    double reward = 0;
    bool done = false;                        //!< episode over (horizon or early termination)
    //! The episode ended by its time limit (steps per episode, the scenario's horizon), not in a
    //! terminal state: the state still has a future, so learners bootstrap from `observation`
    //! (Gymnasium's truncated). done && !truncated is a real termination. Added in plugin ABI 11.
    bool truncated = false;
    std::vector<ActionOutcome> outcomes; //!< what became of each action passed to step()
};

//! The reset/step interface every control policy works through (docs/architecture.md §4; seed 001 §5.3's
//! wrapper pattern): implemented by the simulated environment and by the live one, so a policy
//! trained in simulation can be pointed at a cluster unchanged.
class Environment {
public:
    virtual ~Environment() = default;
    //! Starts an episode and returns the first observation. Simulated environments are
    //! deterministic per seed; live ones ignore it.
    virtual Observation reset(std::uint64_t seed) = 0;
    //! Applies `actions` (validated; see ActionOutcome), advances one control period, observes.
    virtual StepResult step(std::span<const ControlAction> actions) = 0;
    //! A trainer resuming a run after `episodesDone` episodes calls this before its first reset,
    //! so an environment whose episodes follow a schedule (function churn) continues it instead
    //! of starting over: the next reset() is episode episodesDone + 1. Default: nothing to do.
    virtual void resumeAfter(std::uint32_t episodesDone) { (void)episodesDone; }
    //! A fresh environment of the same scenario and options, for a trainer that steps several
    //! side by side (parallel rollouts, docs/learning.md): episode seeds alone decide what it
    //! does (with resumeAfter(episode − 1) before each reset where episodes follow a schedule),
    //! so any number of siblings run the episodes one environment would. nullptr when this
    //! environment cannot make one (a live cluster, a recording). Added in policy API 1.8: a
    //! plugin calls it only with a compatVersion of 1.8 or later.
    [[nodiscard]] virtual std::unique_ptr<Environment> makeSibling() const { return nullptr; }
};

} // namespace orrery::policy
