#pragma once
#include "policy/control_deleter.h"
#include "policy/environment.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace orrery::env {

//! Which episodes an evaluation plays: the same ones for every model and reference compared.
struct ControlEvaluationSpec {
    //! Episode i resets the environment with firstSeed + i. Training episodes use the
    //! scenario's seed + k (k < a few thousand), so these seeds are held out.
    std::uint64_t firstSeed = 1'000'000;
    std::uint32_t episodes = 3;
    std::uint32_t stepsPerEpisode = 300;
};

//! What a policy earned on the spec's episodes.
struct ControlEvaluation {
    std::vector<double> returns;   //!< per episode, the sum of StepResult::reward
    std::vector<std::uint32_t> steps; //!< per episode (fewer than stepsPerEpisode after a termination)
    double meanReturn = 0;
    double stdReturn = 0;          //!< population standard deviation over the episodes
    double meanRewardPerStep = 0;  //!< all rewards / all steps: comparable across early ends
    std::uint64_t actions = 0;     //!< actions the policy asked for
};

//! A fresh policy for each evaluation episode (a policy may keep per-episode state, such as the
//! limits it first saw).
using ControlPolicyFactory = std::function<policy::ControlPolicyPtr(std::uint32_t episode)>;

//! Plays the spec's episodes with the factory's policies, deciding deterministically from each
//! observation (no learning, no exploration: the policy is whatever the factory built). The
//! environment should be one that nothing else steps meanwhile.
[[nodiscard]] ControlEvaluation evaluateControl(policy::Environment& environment, const ControlPolicyFactory& policies,
                                                const ControlEvaluationSpec& spec);

} // namespace orrery::env
