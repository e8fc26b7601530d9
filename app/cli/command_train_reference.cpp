// `orrery train ALGORITHM --env ID`: the learning core on the field's public reference tasks, so
// anyone can check that it learns (issue 32 item 5; docs/learning.md, "Reference tasks").
#include "cli/train_reference_command.h"

#include "cli/commands.h"
#include "cli/interrupt_guard.h"
#include "ops/text_format.h"
#include "gym/classic_control.h"
#include "model/did_you_mean.h"
#include "sim/run_control.h"
#include "store/project.h"
#include "store/store_error.h"

#ifdef ORRERY_HAVE_TORCH
#include "learn/deterministic_torch.h"
#include "learn/off_policy_agent.h"
#include "learn/ppo_agent.h"
#include "learn/reference_setups.h"
#endif

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>
#include <vector>

namespace orrery::app {
namespace {

#ifdef ORRERY_HAVE_TORCH
//! The evaluations so far and the model bytes of the best one.
struct EvaluationLog {
    std::vector<learn::PolicyEvaluation> evaluations;
    std::string bestBytes;
    std::size_t best = 0; //!< index into evaluations

    void add(const learn::PolicyEvaluation& evaluation, const std::string& bytes)
    {
        evaluations.push_back(evaluation);
        if (evaluations.size() == 1 || evaluation.meanReturn > evaluations[best].meanReturn) {
            best = evaluations.size() - 1;
            bestBytes = bytes;
        }
    }
};

std::string evaluationTable(const EvaluationLog& log)
{
    std::ostringstream out;
    out << "step\tmean return\tworst episode\n";
    for (const auto& e : log.evaluations)
        out << e.step << '\t' << shortNumber(e.meanReturn) << '\t' << shortNumber(e.minReturn) << '\n';
    return out.str();
}
#endif

} // namespace

int runTrainReference(const std::string& algorithm, const CommandLine& line)
{
    const auto envId = line.value("env");
    const auto projectPath = line.value("project");
    if (!projectPath)
        throw UsageError{"orrery train " + algorithm + " --env " + envId.value_or("ID")
                         + ": --project FILE.orrery is required (the model is stored there)"};
    const std::vector<std::string> ids = gym::classicControlIds();
    std::unique_ptr<gym::Environment> env = gym::makeClassicControl(*envId);
    if (!env) {
        std::string list;
        for (const auto& id : ids)
            list += (list.empty() ? "" : ", ") + id;
        std::cerr << "error: --env: unknown environment '" << *envId << "'" << model::didYouMean(*envId, ids)
                  << "; known: " << list << '\n';
        return kExitBadInput;
    }
#ifndef ORRERY_HAVE_TORCH
    std::cerr << "orrery train: this build has no LibTorch (ORRERY_WITH_TORCH=OFF)\n";
    return kExitRunFailed;
#else
    const bool discrete = env->actionSpace().discrete;
    const auto offPolicy = learn::offPolicyAlgorithmNamed(algorithm);
    if (!offPolicy && algorithm != "ppo") {
        std::cerr << "error: unknown learner '" << algorithm << "'"
                  << model::didYouMean(algorithm, {"ddpg", "td3", "sac", "ppo"})
                  << "; with --env: ddpg, td3, sac (continuous actions) or ppo (discrete actions)\n";
        return kExitBadInput;
    }
    if (offPolicy && discrete) {
        std::cerr << "error: " << *envId << " has discrete actions; " << algorithm
                  << " needs continuous ones (use ppo)\n";
        return kExitBadInput;
    }
    if (!offPolicy && !discrete) {
        std::cerr << "error: " << *envId << " has continuous actions; this PPO is categorical (use td3, sac or ddpg)\n";
        return kExitBadInput;
    }
    const std::uint64_t seed = line.unsignedValue("seed").value_or(1);
    const bool quiet = line.flag("quiet");
    const auto timesteps = line.unsignedValue("timesteps");
    if (timesteps && (*timesteps == 0 || *timesteps > 100'000'000))
        throw UsageError{"--timesteps: 1 to 100000000"};
    const auto evalEvery = line.unsignedValue("eval-every");
    const std::uint64_t rollouts = line.unsignedValue("envs").value_or(1);
    if (rollouts == 0 || rollouts > 64)
        throw UsageError{"--envs: 1 to 64 (environments stepped side by side)"};
    if (rollouts > 1 && !offPolicy)
        throw UsageError{"--envs applies to td3, sac and ddpg (PPO collects its rollouts from one environment here)"};
    const std::uint64_t threads = line.unsignedValue("threads").value_or(0);
    if (threads > 256)
        throw UsageError{"--threads: 0 (every core) to 256"};

    std::optional<store::Project> project;
    try {
        project.emplace(store::Project::open(*projectPath)); // a bad file is found before any work
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    }

    learn::makeTorchDeterministic(seed);
    auto evalEnv = gym::makeClassicControl(*envId);
    sim::RunControl control;
    InterruptGuard guard(control);
    EvaluationLog log;
    std::string source;
    std::uint64_t totalSteps = 0;
    std::uint64_t updates = 0;
    store::ModelMetrics diagnostics; // the last update's, so a stored model says how its learner ended
    const auto started = std::chrono::steady_clock::now();
    const auto report = [&](const learn::PolicyEvaluation& e) {
        if (!quiet) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            std::cerr << "train " << algorithm << " " << *envId << ": step " << e.step << "/" << totalSteps
                      << "  evaluation return " << shortNumber(e.meanReturn) << " (worst episode "
                      << shortNumber(e.minReturn) << ")  elapsed " << shortNumber(elapsed) << " s\n";
        }
        return !control.isCancelled();
    };
    if (offPolicy) {
        learn::OffPolicySetup setup = learn::referenceOffPolicySetup(*offPolicy, *env, seed);
        if (timesteps)
            setup.training.totalSteps = *timesteps;
        setup.training.evaluationEvery = evalEvery.value_or(std::max<std::uint64_t>(1, setup.training.totalSteps / 10));
        totalSteps = setup.training.totalSteps;
        source = setup.source;
        learn::OffPolicyAgent agent(setup.agent);
        // Parallel rollouts: K copies of the task; the model does not depend on --threads.
        setup.training.environments = static_cast<std::size_t>(rollouts);
        setup.training.threads = static_cast<std::size_t>(threads);
        std::vector<std::unique_ptr<gym::Environment>> copies;
        std::vector<gym::Environment*> environments = {env.get()};
        for (std::uint64_t k = 1; k < rollouts; ++k) {
            copies.push_back(gym::makeClassicControl(*envId));
            environments.push_back(copies.back().get());
        }
        const learn::OffPolicyTrainingResult result = learn::trainOffPolicy(
            environments, *evalEnv, agent, setup.training, nullptr, [&](const learn::PolicyEvaluation& e) {
                log.add(e, agent.saveBytes());
                return report(e);
            });
        if (log.evaluations.size() < result.evaluations.size()) // the final evaluation has no callback
            log.add(result.evaluations.back(), agent.saveBytes()), report(result.evaluations.back());
        updates = result.updates;
        const learn::OffPolicyUpdateStats& u = result.lastUpdate;
        double saturation = 0;
        for (double f : u.boundFraction)
            saturation = std::max(saturation, f);
        diagnostics = {{"critic_loss", u.criticLoss}, {"q_mean", u.qMean},           {"q_std", u.qStd},
                       {"td_error", u.tdError},       {"actions_at_bound", saturation}};
        if (*offPolicy == learn::OffPolicyAlgorithm::Sac)
            diagnostics.insert(diagnostics.end(), {{"entropy_coefficient", u.entropyCoefficient}, {"entropy", u.entropy}});
    } else {
        learn::PpoSetup setup = learn::referencePpoSetup(*env, seed);
        if (timesteps)
            setup.training.totalSteps = *timesteps;
        setup.training.evaluationEvery = evalEvery.value_or(std::max<std::uint64_t>(1, setup.training.totalSteps / 10));
        totalSteps = setup.training.totalSteps;
        source = setup.source;
        learn::PpoAgent agent(setup.agent);
        const learn::PpoTrainingResult result
            = learn::trainPpo(*env, *evalEnv, agent, setup.training, [&](const learn::PolicyEvaluation& e) {
                  log.add(e, agent.saveBytes());
                  return report(e);
              });
        if (log.evaluations.size() < result.evaluations.size())
            log.add(result.evaluations.back(), agent.saveBytes()), report(result.evaluations.back());
        updates = result.updates.size();
        if (!result.updates.empty()) {
            const learn::PpoUpdateStats& u = result.updates.back();
            diagnostics = {{"approx_kl", u.approxKl},
                           {"clip_fraction", u.clipFraction},
                           {"explained_variance", u.explainedVariance},
                           {"entropy", u.entropy}};
        }
    }
    if (control.isCancelled()) {
        std::cerr << "train " << algorithm << ": cancelled; nothing stored\n";
        return kExitCancelled;
    }

    const learn::PolicyEvaluation& best = log.evaluations[log.best];
    const learn::PolicyEvaluation& last = log.evaluations.back();
    store::StoredModel model;
    model.plugin = algorithm;
    model.scenarioName = *envId;
    model.seed = seed;
    model.sampleCount = static_cast<std::int64_t>(last.step);
    model.bytes.assign(log.bestBytes.begin(), log.bestBytes.end());
    model.metrics = {{"evaluation_return", best.meanReturn},
                     {"evaluation_worst_episode", best.minReturn},
                     {"evaluation_step", static_cast<double>(best.step)},
                     {"final_evaluation_return", last.meanReturn},
                     {"steps", static_cast<double>(last.step)},
                     {"updates", static_cast<double>(updates)}};
    model.metrics.insert(model.metrics.end(), diagnostics.begin(), diagnostics.end());
    model.report = algorithm + " on " + *envId + ", seed " + std::to_string(seed) + "; hyperparameters: " + source
                   + ".\nDeterministic evaluations on 10 fixed episodes:\n" + evaluationTable(log);
    try {
        const store::ModelId id = project->saveModel(model);
        std::cout << "stored model " << id << " in " << *projectPath << ": the checkpoint of step " << best.step
                  << ", whose evaluation return " << shortNumber(best.meanReturn) << " was the best of "
                  << log.evaluations.size() << " deterministic evaluations on the same 10 held-out episodes"
                  << (log.best + 1 == log.evaluations.size() ? " (the final model)"
                                                             : " (the final model scored " + shortNumber(last.meanReturn) + ")")
                  << '\n';
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }
    return kExitOk;
#endif
}

} // namespace orrery::app
