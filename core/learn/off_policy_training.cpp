#include "learn/off_policy_training.h"

#include "gym/environment.h"
#include "learn/off_policy_agent.h"
#include "learn/replay_buffer.h"
#include "learn/running_normalizer.h"

#include <chrono>
#include <stdexcept>

namespace orrery::learn {

std::uint64_t trainingEpisodeSeed(std::uint64_t runSeed, std::uint64_t episode)
{
    // High bit set: never one of the evaluation seeds, which are small numbers.
    return (std::uint64_t{1} << 63) | (runSeed << 32) | (episode & 0xFFFFFFFFull);
}

OffPolicyTrainingResult trainOffPolicy(gym::Environment& environment, gym::Environment& evaluationEnvironment,
                                       OffPolicyAgent& agent, const OffPolicyTrainingConfig& config,
                                       RunningNormalizer* observationNormalizer,
                                       const std::function<bool(const PolicyEvaluation&)>& onEvaluation)
{
    const auto started = std::chrono::steady_clock::now();
    const gym::ActionSpace space = environment.actionSpace();
    if (space.discrete)
        throw std::invalid_argument("trainOffPolicy: " + environment.id() + " has discrete actions");
    const std::size_t stateDim = environment.observationDimension();
    if (agent.config().stateDim != stateDim || agent.config().actionDim != space.dimension())
        throw std::invalid_argument("trainOffPolicy: the agent's dimensions do not fit " + environment.id());
    if (config.batchSize == 0 || config.trainFrequency == 0)
        throw std::invalid_argument("trainOffPolicy: batchSize and trainFrequency must be positive");

    ReplayBuffer replay(config.bufferSize, stateDim, space.dimension(), agent.config().seed ^ 0x5DEECE66Dull);
    ReplayBatch batch;
    OffPolicyTrainingResult result;
    const auto input = [&](std::span<const float> observation) {
        return observationNormalizer ? observationNormalizer->normalized(observation)
                                     : std::vector<float>(observation.begin(), observation.end());
    };
    const auto evaluate = [&](std::uint64_t step) {
        PolicyEvaluation evaluation = evaluatePolicy(
            evaluationEnvironment,
            [&](std::span<const float> observation) { return space.fromUnit(agent.act(input(observation), false)); },
            config.evaluationSeed, config.evaluationEpisodes);
        evaluation.step = step;
        result.evaluations.push_back(evaluation);
        return !onEvaluation || onEvaluation(evaluation);
    };

    std::uint64_t episode = 0;
    std::vector<float> observation = environment.reset(trainingEpisodeSeed(config.seed, episode));
    if (observationNormalizer)
        observationNormalizer->update(observation);
    agent.resetNoise();
    double episodeReturn = 0;
    for (std::uint64_t step = 1; step <= config.totalSteps; ++step) {
        const std::vector<float> unit
            = step <= config.warmupSteps ? agent.randomAction() : agent.act(input(observation), true);
        const gym::StepResult outcome = environment.step(space.fromUnit(unit));
        episodeReturn += outcome.reward;
        // The executed action in the agent's units: the environment clips nothing inside the box.
        replay.add(observation, unit, static_cast<float>(outcome.reward), outcome.observation, outcome.terminated);
        if (observationNormalizer)
            observationNormalizer->update(outcome.observation);
        if (outcome.episodeOver()) {
            result.episodeReturns.push_back(episodeReturn);
            episodeReturn = 0;
            ++episode;
            observation = environment.reset(trainingEpisodeSeed(config.seed, episode));
            if (observationNormalizer)
                observationNormalizer->update(observation);
        } else {
            observation = outcome.observation;
        }

        if (step > config.warmupSteps && step % config.trainFrequency == 0) {
            for (std::size_t g = 0; g < config.gradientSteps; ++g) {
                replay.sampleInto(config.batchSize, batch);
                if (observationNormalizer) {
                    observationNormalizer->normalizeRows(batch.states);
                    observationNormalizer->normalizeRows(batch.nextStates);
                }
                result.lastUpdate = agent.update(batch);
                ++result.updates;
            }
            agent.resetNoise(); // gSDE: a new noise matrix per rollout, as SB3's collect_rollouts
        }
        result.steps = step;
        if (config.evaluationEvery > 0 && step % config.evaluationEvery == 0 && step < config.totalSteps) {
            if (!evaluate(step))
                break;
        }
    }
    evaluate(result.steps);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace orrery::learn
