// `orrery meta-train`: AWARE's meta learner (seed 001 §5.3.2) trained on the trajectories the
// project's trainers recorded, one environment per trajectory label (the scenario or generated
// application), stored as a model with the embedding of every environment (docs/learning.md).
#include "cli/commands.h"

#include "appgen/pool_manifest.h"
#include "cli/command_line.h"
#include "cli/interrupt_guard.h"
#include "ops/text_format.h"
#include "env/transition_features.h"
#include "model/diagnostic.h"
#include "store/project.h"
#include "store/project_embeddings.h"
#include "store/store_error.h"

#ifdef ORRERY_HAVE_TORCH
#include "learn/deterministic_torch.h"
#include "learn/embedding_math.h"
#include "learn/environment_trajectories.h"
#include "learn/meta_learner.h"
#include "learn/trajectory_selection.h"
#endif

#include <chrono>
#include <iostream>
#include <map>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery meta-train --project P [--agent firm] [--steps 300] [--bundle 20] [--hidden 256]\n"
    "                         [--embedding 64] [--seed 1] [--manifest DIR/manifest.yaml] [--quiet]\n"
    "  trains the meta learner on the agent's recorded trajectories (one environment per label)\n"
    "  and stores it with every environment's embedding; with the manifest of `orrery generate\n"
    "  apps`, each application's segment mix and class go with its embedding";

#ifdef ORRERY_HAVE_TORCH
//! The resource family of a generated application's segment (docs/workload-generator.md): what
//! the Embedding view colours by. A grouping by name, not a measurement.
std::string familyOf(const std::string& segment)
{
    if (segment.rfind("file-", 0) == 0 || segment.rfind("s3-", 0) == 0)
        return "io";
    if (segment.rfind("db-", 0) == 0)
        return "database";
    if (segment == "web-serve")
        return "web";
    return "compute"; // float-ops, mat-mul, image-*, json2yaml, compress, decompress
}

//! label → attributes from `orrery generate apps`' manifest: the segment mix, the dominant
//! segment and its family ("class"). Throws UsageError with the manifest's diagnostics.
std::map<std::string, std::map<std::string, std::string>> readManifestAttributes(const std::string& path)
{
    const appgen::PoolManifest manifest = appgen::readPoolManifest(path);
    if (!manifest.ok())
        throw UsageError{"--manifest: " + model::formatAll(manifest.diagnostics)};
    std::map<std::string, std::map<std::string, std::string>> attributes;
    for (const auto& [application, segments] : manifest.segments) {
        std::map<std::string, int> counts;
        std::string mix;
        for (const std::string& segment : segments) {
            ++counts[segment];
            mix += (mix.empty() ? "" : "+") + segment;
        }
        std::string dominant;
        int most = 0;
        for (const auto& [segment, count] : counts) {
            if (count > most) { // ties: the first in name order
                most = count;
                dominant = segment;
            }
        }
        attributes[application] = {{"segments", mix}, {"dominant segment", dominant}, {"class", familyOf(dominant)}};
    }
    return attributes;
}
#endif

} // namespace

int runMetaTrainCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"project", "agent", "steps", "bundle", "hidden", "embedding", "seed", "manifest"}, {"quiet"});
    const auto projectPath = line.value("project");
    if (!projectPath || !line.positionals().empty())
        throw UsageError{kUsage};
#ifndef ORRERY_HAVE_TORCH
    std::cerr << "orrery meta-train: this build has no LibTorch (ORRERY_WITH_TORCH=OFF)\n";
    return kExitRunFailed;
#else
    const std::string agent = line.value("agent").value_or("firm");
    const std::uint64_t steps = line.unsignedValue("steps").value_or(300);
    const std::uint64_t bundle = line.unsignedValue("bundle").value_or(20);
    const std::uint64_t seed = line.unsignedValue("seed").value_or(1);
    // Defaults are AWARE's (seed 001 §5.4.3): GRU 2 × 256 per direction, FC 256, embedding 64.
    const std::uint64_t hidden = line.unsignedValue("hidden").value_or(256);
    const std::uint64_t embeddingDim = line.unsignedValue("embedding").value_or(64);
    if (steps == 0 || steps > 1'000'000 || bundle == 0 || bundle > 1000 || hidden == 0 || hidden > 4096 || embeddingDim == 0 ||
        embeddingDim > 4096)
        throw UsageError{"--steps: 1 to 1000000; --bundle: 1 to 1000; --hidden, --embedding: 1 to 4096"};
    const bool quiet = line.flag("quiet");
    std::map<std::string, std::map<std::string, std::string>> attributes;
    if (const auto file = line.value("manifest"))
        attributes = readManifestAttributes(*file);

    try {
        store::Project project = store::Project::open(*projectPath);
        // One environment per label: every episode of every trajectory of that label.
        std::map<std::string, learn::EnvironmentTrajectories> environments;
        std::size_t transitions = 0;
        for (const store::TrajectoryInfo& info : project.trajectories()) {
            if (info.spec.agent != agent)
                continue;
            if (info.spec.stateDim != env::TransitionFeatures::kStateDim || info.spec.actionDim != env::TransitionFeatures::kActionDim)
                continue; // another encoding than the one every trainer records
            const store::TrajectoryData data = project.readTrajectory(info.id);
            std::vector<learn::EpisodeTrajectory> episodes =
                learn::splitEpisodes(data.stateDim, data.actionDim, data.episodes, data.states, data.actions, data.rewards);
            learn::EnvironmentTrajectories& environment = environments[info.spec.label];
            environment.name = info.spec.label;
            for (auto& episode : episodes) {
                if (episode.size() >= 2) {
                    transitions += episode.size();
                    environment.episodes.push_back(std::move(episode));
                }
            }
        }
        std::vector<learn::EnvironmentTrajectories> usable;
        for (auto& [label, environment] : environments) {
            if (!environment.episodes.empty())
                usable.push_back(std::move(environment));
        }
        if (usable.size() < 2) {
            std::cerr << "orrery meta-train: " << *projectPath << " holds trajectories of " << usable.size() << " environment(s) of agent "
                      << agent << "; the meta learner needs at least 2 (orrery train " << agent << " --scenario S on each)\n";
            return kExitBadInput;
        }
        learn::makeTorchDeterministic(seed);
        learn::MetaLearnerConfig config;
        config.stateDim = env::TransitionFeatures::kStateDim;
        config.actionDim = env::TransitionFeatures::kActionDim;
        config.bundleSize = bundle;
        config.rnnHidden = hidden;
        config.fcHidden = hidden;
        config.embeddingDim = embeddingDim;
        config.seed = seed;
        learn::MetaLearner learner(config);
        learn::MetaTrainingConfig training;
        training.steps = steps;
        training.seed = seed;
        if (!quiet)
            std::cerr << "meta-train: " << usable.size() << " environments, " << transitions << " transitions of " << agent << ", "
                      << steps << " steps\n";
        sim::RunControl control;
        InterruptGuard guard(control);
        const auto start = std::chrono::steady_clock::now();
        std::size_t lastShown = 0;
        const learn::MetaTrainingProgress last = learner.train(usable, training, [&](const learn::MetaTrainingProgress& progress) {
            if (!quiet && (progress.step == progress.steps || progress.step >= lastShown + std::max<std::size_t>(1, steps / 10))) {
                lastShown = progress.step;
                const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::cerr << "meta-train: step " << progress.step << "/" << progress.steps << "  loss " << shortNumber(progress.loss)
                          << "  (reward " << shortNumber(progress.rewardLoss) << ", state " << shortNumber(progress.stateLoss)
                          << ")  elapsed " << shortNumber(elapsed) << " s\n";
            }
            return !control.isCancelled();
        });
        if (control.isCancelled()) {
            std::cerr << "meta-train: cancelled; nothing stored\n";
            return kExitCancelled;
        }
        const std::string bytes = learner.saveBytes();
        store::StoredModel model;
        model.plugin = "meta-learner";
        model.scenarioName = agent;
        model.seed = seed;
        model.sampleCount = static_cast<std::int64_t>(transitions);
        model.bytes.assign(bytes.begin(), bytes.end());
        model.metrics = {{"environments", static_cast<double>(usable.size())},
                         {"steps", static_cast<double>(last.step)},
                         {"final_loss", last.loss}};
        model.report = "AWARE meta learner over the " + agent + " trajectories of " + std::to_string(usable.size()) +
                       " environments (docs/learning.md)";
        const store::ModelId modelId = project.saveModel(model);

        std::vector<store::StoredEmbedding> embeddings;
        for (const learn::EnvironmentTrajectories& environment : usable) {
            store::StoredEmbedding embedding;
            embedding.label = environment.name;
            embedding.vector = learner.adaptationEmbedding(environment.episodes);
            embedding.attributes = attributes.count(environment.name) ? attributes.at(environment.name)
                                                                      : std::map<std::string, std::string>{};
            embedding.attributes["agent"] = agent;
            embedding.attributes["episodes"] = std::to_string(environment.episodes.size());
            embeddings.push_back(std::move(embedding));
        }
        store::ProjectEmbeddings(project.database()).save(modelId, embeddings);
        std::cout << "meta learner stored as model " << modelId << " in " << *projectPath << " (" << bytes.size() << " bytes, final loss "
                  << shortNumber(last.loss) << "); embeddings of " << embeddings.size() << " environments:\n";
        for (std::size_t i = 0; i < embeddings.size(); ++i) {
            std::size_t nearest = i;
            double best = -2;
            for (std::size_t j = 0; j < embeddings.size(); ++j) {
                const double similarity = j == i ? -2 : learn::cosineSimilarity(embeddings[i].vector, embeddings[j].vector);
                if (similarity > best) {
                    best = similarity;
                    nearest = j;
                }
            }
            std::cout << "  " << embeddings[i].label << ": nearest " << embeddings[nearest].label << " (cosine " << shortNumber(best)
                      << ")\n";
        }
        return kExitOk;
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const std::invalid_argument& error) {
        std::cerr << "orrery meta-train: " << error.what() << '\n';
        return kExitRunFailed;
    }
#endif
}

} // namespace orrery::app
