#include "ops/experiment_training.h"

#include "ops/control_training_run.h"
#include "ops/stored_model_lookup.h"
#include "env/workload_kind_runtimes.h"
#include "sim/run_control.h"
#include "store/project.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace orrery::app {
namespace {

struct ArmJob {
    std::size_t arm = 0;
    model::PolicyChoice choice;
    const model::Scenario* scenario = nullptr;
    const experiment::ArmTraining* training = nullptr;
    std::vector<std::uint8_t> model; //!< the result
};

//! The model a finished training of the job's kind left, if the project has one: the newest
//! final model (checkpoints record "episode", final models "episodes") or checkpoint its
//! evaluations chose (stored after the final model, "selected_of_episodes").
std::optional<store::ModelId> existingModel(const store::Project& project, const ArmJob& job)
{
    const auto episodes = static_cast<double>(job.training->episodes);
    const auto model = newestModelOf(project, job.choice.plugin, job.scenario->name, job.scenario->seed,
                                     [&](const store::ModelSummary& each) {
                                         return modelMetric(each, "episodes") == episodes
                                             || modelMetric(each, "selected_of_episodes") == episodes;
                                     });
    return model ? std::optional<store::ModelId>(model->id) : std::nullopt;
}

} // namespace

std::map<std::string, env::PolicyModels> prepareArmModels(
    const policy::PluginRegistry& registry, const experiment::Experiment& experiment, const std::string& projectPath,
    unsigned threads, const std::function<void(const std::string&)>& log, sim::RunControl& control,
    const std::function<void(const std::string& arm, const policy::ControlEpisodeReport&)>& onEpisode)
{
    const experiment::ExperimentSpec& spec = experiment.spec;
    std::vector<ArmJob> jobs;
    for (std::size_t a = 0; a < spec.arms.size(); ++a) {
        const auto& arm = spec.arms[a];
        if (!arm.training)
            continue;
        ArmJob job;
        job.arm = a;
        job.choice = arm.policies.at("control");
        job.scenario = &experiment.trainingScenarios.at(a);
        job.training = &*arm.training;
        jobs.push_back(std::move(job));
    }
    std::map<std::string, env::PolicyModels> models;
    if (jobs.empty())
        return models;

    // Reuse what the project holds; open (and so create) it here, before any training thread.
    std::vector<ArmJob*> todo;
    {
        store::Project project = store::Project::open(projectPath);
        for (ArmJob& job : jobs) {
            if (const auto id = existingModel(project, job)) {
                const auto stored = project.model(*id);
                job.model = stored ? stored->bytes : std::vector<std::uint8_t>{};
                log("arm " + spec.arms[job.arm].name + ": using trained " + job.choice.plugin + " model " + std::to_string(*id));
            } else {
                todo.push_back(&job);
            }
        }
    }

    const unsigned count = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(todo.size())));
    // Arms train side by side; each multi-agent trainer gets its share of the cores.
    const unsigned cores = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
    const unsigned threadsPerArm = std::max(1u, cores / count);
    std::mutex failureMutex;
    std::string failure;
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
        for (std::size_t k = next++; k < todo.size(); k = next++) {
            ArmJob& job = *todo[k];
            const std::string armName = spec.arms[job.arm].name;
            try {
                std::optional<store::Project> project;
                const auto projectOf = [&]() -> store::Project& {
                    if (!project)
                        project = store::Project::open(projectPath);
                    return *project;
                };
                env::SimulatedEnvironmentOptions options;
                options.stepsPerEpisode = static_cast<int>(job.training->steps);
                const std::unique_ptr<policy::Environment> environment = env::makeControlEnvironment(*job.scenario, options);
                policy::ControlTrainingConfig config;
                config.episodes = job.training->episodes;
                config.stepsPerEpisode = job.training->steps;
                config.seed = job.scenario->seed;
                config.checkpointEvery = job.training->checkpointEvery;
                config.threads = threadsPerArm;
                log("arm " + armName + ": training " + job.choice.plugin + " for " + std::to_string(config.episodes)
                    + " episodes of " + std::to_string(config.stepsPerEpisode) + " steps on " + job.scenario->name);
                const auto start = std::chrono::steady_clock::now();
                const std::uint32_t every = std::max<std::uint32_t>(1, config.episodes / 10);
                ControlTrainingHooks hooks;
                hooks.onEpisode = [&](const policy::ControlEpisodeReport& report) {
                    if (onEpisode)
                        onEpisode(armName, report);
                    if (report.episode % every == 0 || report.episode == config.episodes) {
                        std::ostringstream line;
                        line << "arm " << armName << ": episode " << report.episode << "/" << config.episodes << "  mean reward "
                             << report.meanReward << "  elapsed "
                             << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s";
                        log(line.str());
                    }
                    return !control.isCancelled();
                };
                // Evaluated and chosen as `orrery train` does (docs/learning.md): deterministic
                // episodes on held-out seeds, and the checkpoint that beat the final model runs.
                ControlEvaluationSchedule evaluation;
                evaluation.every = job.training->evalEvery.value_or(defaultEvaluationEvery(config.episodes));
                evaluation.spec.episodes = job.training->evalEpisodes;
                evaluation.spec.stepsPerEpisode = config.stepsPerEpisode;
                if (evaluation.every > 0) {
                    evaluation.makeEnvironment = [&job, options] { return env::makeControlEnvironment(*job.scenario, options); };
                    log("arm " + armName + ": evaluating every " + std::to_string(evaluation.every) + " episodes on "
                        + std::to_string(evaluation.spec.episodes) + " held-out episodes");
                }
                hooks.onEvaluation = [&](const ControlEvaluationPoint& point) {
                    std::ostringstream line;
                    line << "arm " << armName << ": evaluation "
                         << (point.episode == 0 ? point.policy : "after episode " + std::to_string(point.episode)) << "  return "
                         << point.evaluation.meanReturn << " ± " << point.evaluation.stdReturn;
                    log(line.str());
                };
                const ControlTrainingOutcome outcome = trainControlIntoProject(
                    registry, job.choice, *job.scenario, *environment, config,
                    "experiment " + spec.name + ", arm " + armName, projectOf, hooks, evaluation);
                if (outcome.cancelled || !outcome.modelId)
                    throw std::runtime_error("training of arm " + armName + " was cancelled");
                const store::ModelId used = outcome.selection && outcome.selection->storedAs ? *outcome.selection->storedAs : *outcome.modelId;
                job.model = projectOf().model(used)->bytes;
                log("arm " + armName + ": stored " + job.choice.plugin + " model " + std::to_string(*outcome.modelId));
                if (outcome.selection)
                    log("arm " + armName + ": runs use model " + std::to_string(used) + ": " + outcome.selection->why);
            } catch (const std::exception& error) {
                const std::lock_guard lock(failureMutex);
                if (failure.empty())
                    failure = "arm " + armName + ": " + error.what();
                control.cancel(); // the other arms stop too
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < count; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& thread : pool)
        thread.join();
    if (!failure.empty())
        throw std::runtime_error(failure);
    for (const ArmJob& job : jobs)
        models[spec.arms[job.arm].name][job.choice.plugin] = job.model;
    return models;
}

} // namespace orrery::app
