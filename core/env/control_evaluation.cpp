#include "env/control_evaluation.h"

#include <cmath>
#include <stdexcept>

namespace orrery::env {

ControlEvaluation evaluateControl(policy::Environment& environment, const ControlPolicyFactory& policies,
                                  const ControlEvaluationSpec& spec)
{
    if (spec.episodes == 0 || spec.stepsPerEpisode == 0)
        throw std::invalid_argument("an evaluation needs at least one episode of at least one step");
    ControlEvaluation evaluation;
    double rewardSum = 0;
    std::uint64_t stepSum = 0;
    for (std::uint32_t episode = 0; episode < spec.episodes; ++episode) {
        const policy::ControlPolicyPtr policy = policies(episode);
        policy::Observation observation = environment.reset(spec.firstSeed + episode);
        double episodeReturn = 0;
        std::uint32_t steps = 0;
        bool done = false;
        while (!done && steps < spec.stepsPerEpisode) {
            const std::vector<policy::ControlAction> actions = policy->decide(observation);
            evaluation.actions += actions.size();
            policy::StepResult result = environment.step(actions);
            episodeReturn += result.reward;
            ++steps;
            done = result.done;
            observation = std::move(result.observation);
        }
        evaluation.returns.push_back(episodeReturn);
        evaluation.steps.push_back(steps);
        rewardSum += episodeReturn;
        stepSum += steps;
    }
    const double n = static_cast<double>(evaluation.returns.size());
    evaluation.meanReturn = rewardSum / n;
    double squares = 0;
    for (const double value : evaluation.returns)
        squares += (value - evaluation.meanReturn) * (value - evaluation.meanReturn);
    evaluation.stdReturn = std::sqrt(squares / n);
    evaluation.meanRewardPerStep = stepSum > 0 ? rewardSum / static_cast<double>(stepSum) : 0.0;
    return evaluation;
}

} // namespace orrery::env
