#include "learn/ppo_training.h"

#include "gym/environment.h"
#include "learn/off_policy_training.h"
#include "learn/ppo_agent.h"
#include "learn/ppo_transition.h"

#include <chrono>
#include <stdexcept>

namespace orrery::learn {

PpoTrainingResult trainPpo(gym::Environment& environment, gym::Environment& evaluationEnvironment, PpoAgent& agent,
                           const PpoTrainingConfig& config,
                           const std::function<bool(const PolicyEvaluation&)>& onEvaluation)
{
    const auto started = std::chrono::steady_clock::now();
    const gym::ActionSpace space = environment.actionSpace();
    if (!space.discrete)
        throw std::invalid_argument("trainPpo: " + environment.id() + " has continuous actions");
    if (agent.config().stateDim != environment.observationDimension() || agent.config().actionCount != space.count
        || agent.config().criticExtraDim != 0)
        throw std::invalid_argument("trainPpo: the agent's dimensions do not fit " + environment.id());
    if (config.rolloutSteps == 0)
        throw std::invalid_argument("trainPpo: rolloutSteps must be positive");

    PpoTrainingResult result;
    const std::vector<float> noExtra;
    const auto evaluate = [&](std::uint64_t step) {
        PolicyEvaluation evaluation = evaluatePolicy(
            evaluationEnvironment,
            [&](std::span<const float> observation) {
                return std::vector<float>{static_cast<float>(agent.act(observation, noExtra, false).action)};
            },
            config.evaluationSeed, config.evaluationEpisodes);
        evaluation.step = step;
        result.evaluations.push_back(evaluation);
        return !onEvaluation || onEvaluation(evaluation);
    };

    std::uint64_t episode = 0;
    std::vector<float> observation = environment.reset(trainingEpisodeSeed(config.seed, episode));
    double episodeReturn = 0;
    std::vector<PpoTransition> rollout;
    rollout.reserve(config.rolloutSteps);
    std::uint64_t nextEvaluation = config.evaluationEvery;
    bool stopped = false;
    while (result.steps < config.totalSteps && !stopped) {
        rollout.clear();
        bool lastDone = false;
        while (rollout.size() < config.rolloutSteps && result.steps < config.totalSteps) {
            const PpoDecision decision = agent.act(observation, noExtra, true);
            const gym::StepResult outcome = environment.step(std::vector<float>{static_cast<float>(decision.action)});
            ++result.steps;
            episodeReturn += outcome.reward;
            PpoTransition t;
            t.state = observation;
            t.action = decision.action;
            t.logProbability = decision.logProbability;
            t.value = decision.value;
            t.reward = static_cast<float>(outcome.reward);
            t.done = outcome.episodeOver();
            if (outcome.truncated && !outcome.terminated)
                t.reward += static_cast<float>(agent.config().gamma * agent.value(outcome.observation, noExtra));
            rollout.push_back(std::move(t));
            lastDone = outcome.episodeOver();
            if (lastDone) {
                result.episodeReturns.push_back(episodeReturn);
                episodeReturn = 0;
                ++episode;
                observation = environment.reset(trainingEpisodeSeed(config.seed, episode));
            } else {
                observation = outcome.observation;
            }
        }
        const float bootstrap = lastDone ? 0.0f : agent.value(observation, noExtra);
        result.updates.push_back(agent.update(rollout, bootstrap));
        if (config.evaluationEvery > 0 && result.steps >= nextEvaluation && result.steps < config.totalSteps) {
            nextEvaluation += config.evaluationEvery;
            stopped = !evaluate(result.steps);
        }
    }
    evaluate(result.steps);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace orrery::learn
