#include "learn/off_policy_training.h"

#include "gym/environment.h"
#include "learn/off_policy_agent.h"
#include "learn/replay_buffer.h"
#include "learn/rollout_pool.h"
#include "learn/running_normalizer.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>
#include <string>

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
    if (config.environments > 1)
        throw std::invalid_argument("trainOffPolicy: " + std::to_string(config.environments)
                                    + " rollout environments asked for, one given");
    gym::Environment* const one[] = {&environment};
    return trainOffPolicy(std::span<gym::Environment* const>(one), evaluationEnvironment, agent, config, observationNormalizer,
                          onEvaluation);
}

OffPolicyTrainingResult trainOffPolicy(std::span<gym::Environment* const> environments, gym::Environment& evaluationEnvironment,
                                       OffPolicyAgent& agent, const OffPolicyTrainingConfig& config,
                                       RunningNormalizer* observationNormalizer,
                                       const std::function<bool(const PolicyEvaluation&)>& onEvaluation)
{
    const auto started = std::chrono::steady_clock::now();
    if (environments.empty())
        throw std::invalid_argument("trainOffPolicy: no environment to train in");
    gym::Environment& first = *environments.front();
    const gym::ActionSpace space = first.actionSpace();
    if (space.discrete)
        throw std::invalid_argument("trainOffPolicy: " + first.id() + " has discrete actions");
    const std::size_t stateDim = first.observationDimension();
    for (gym::Environment* environment : environments) {
        if (environment->observationDimension() != stateDim || environment->actionSpace().dimension() != space.dimension())
            throw std::invalid_argument("trainOffPolicy: the rollout environments differ in their dimensions");
    }
    if (agent.config().stateDim != stateDim || agent.config().actionDim != space.dimension())
        throw std::invalid_argument("trainOffPolicy: the agent's dimensions do not fit " + first.id());
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

    const std::size_t count = environments.size();
    RolloutPool pool(config.threads, count);
    std::vector<std::size_t> all(count);
    std::iota(all.begin(), all.end(), std::size_t{0});
    // Episode seeds are handed out in environment order, so they do not depend on the threads.
    std::uint64_t episode = 0;
    std::vector<std::uint64_t> resetSeed(count);
    std::vector<std::vector<float>> observations(count);
    for (std::size_t k = 0; k < count; ++k)
        resetSeed[k] = trainingEpisodeSeed(config.seed, episode++);
    pool.run(all, [&](std::size_t k) { observations[k] = environments[k]->reset(resetSeed[k]); });
    if (observationNormalizer)
        for (const std::vector<float>& observation : observations)
            observationNormalizer->update(observation);
    agent.resetNoise();

    std::vector<double> returns(count, 0.0);
    std::vector<std::vector<float>> units(count);
    std::vector<gym::StepResult> outcomes(count);
    std::vector<std::size_t> stepping;
    std::vector<std::size_t> ending;
    std::uint64_t step = 0;
    bool stopped = false;
    while (step < config.totalSteps && !stopped) {
        // One round: an action per environment (here, in order: the agent's noise is one
        // stream), the steps side by side, then the transitions in environment order.
        const auto round = static_cast<std::size_t>(std::min<std::uint64_t>(count, config.totalSteps - step));
        stepping.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(round));
        for (const std::size_t k : stepping)
            units[k] = step + k + 1 <= config.warmupSteps ? agent.randomAction() : agent.act(input(observations[k]), true);
        pool.run(stepping, [&](std::size_t k) { outcomes[k] = environments[k]->step(space.fromUnit(units[k])); });
        ending.clear();
        for (const std::size_t k : stepping) {
            const gym::StepResult& outcome = outcomes[k];
            returns[k] += outcome.reward;
            // The executed action in the agent's units: the environment clips nothing inside the box.
            replay.add(observations[k], units[k], static_cast<float>(outcome.reward), outcome.observation, outcome.terminated);
            if (observationNormalizer)
                observationNormalizer->update(outcome.observation);
            if (outcome.episodeOver()) {
                result.episodeReturns.push_back(returns[k]);
                returns[k] = 0;
                resetSeed[k] = trainingEpisodeSeed(config.seed, episode++);
                ending.push_back(k);
            } else {
                observations[k] = outcome.observation;
            }
        }
        if (!ending.empty()) {
            pool.run(ending, [&](std::size_t k) { observations[k] = environments[k]->reset(resetSeed[k]); });
            if (observationNormalizer)
                for (const std::size_t k : ending)
                    observationNormalizer->update(observations[k]);
        }

        for (std::size_t k = 0; k < round && !stopped; ++k) {
            ++step;
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
            if (config.evaluationEvery > 0 && step % config.evaluationEvery == 0 && step < config.totalSteps)
                stopped = !evaluate(step);
        }
    }
    evaluate(result.steps);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace orrery::learn
