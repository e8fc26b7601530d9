#include "aware_params.h"

#include "context_features.h"

#include "aware/aware_profile_loader.h"
#include "aware/multidimensional_params.h"
#include "scenario/scenario_load_options.h"

#include <stdexcept>

namespace orrery::plugins::aware {
namespace {

//! A name ("aware-default") is looked up in the resource path's profiles/; anything with a '/'
//! or ending in .yaml is a file path.
std::string resolveProfile(const std::string& profile)
{
    const bool isPath = profile.find('/') != std::string::npos
        || (profile.size() > 5 && profile.compare(profile.size() - 5, 5, ".yaml") == 0);
    if (isPath)
        return profile;
    const auto found = scenario::findResource(scenario::defaultResourcePath(), "profiles", profile);
    if (!found)
        throw std::invalid_argument("aware: no profile '" + profile
                                    + "' in the resource path's profiles/ (ORRERY_RESOURCE_PATH or resources/)");
    return found->string();
}

} // namespace

AwareParams AwareParams::from(const policy::ParamSet& params)
{
    AwareParams p;
    p.profilePath = resolveProfile(params.getString("profile"));
    const orrery::aware::AwareProfileLoadResult loaded = orrery::aware::loadAwareProfileFile(p.profilePath);
    if (!loaded.ok())
        throw std::invalid_argument("aware: profile " + p.profilePath + ":\n" + model::formatAll(loaded.diagnostics));
    p.lifecycle = loaded.profile->lifecycle;
    const std::string& bootstrap = params.getString("bootstrap");
    if (bootstrap != "profile")
        p.lifecycle.bootstrap = bootstrap == "on";
    if (const double v = params.getDouble("thresholdOnline"); v >= 0)
        p.lifecycle.online = v;
    if (const double v = params.getDouble("thresholdServing"); v >= 0)
        p.lifecycle.serving = v;
    if (const double v = params.getDouble("maxStdDev"); v >= 0)
        p.lifecycle.maxStdDev = v;
    if (const double v = params.getDouble("retraining"); v >= 0)
        p.lifecycle.retraining = v;
    if (const std::int64_t v = params.getInt("window"); v > 0) {
        p.lifecycle.recentEpisodes = v;
        p.lifecycle.minEpisodes = v;
    }

    p.fallback = orrery::aware::multidimensionalConfigFrom(params);
    p.scale.minFraction = params.getDouble("minFraction");
    p.scale.maxFraction = params.getDouble("maxFraction");
    p.scale.minReplicas = p.fallback.minReplicas;
    p.scale.maxReplicas = p.fallback.maxReplicas;
    p.minRelativeChange = params.getDouble("minRelativeChange");
    p.lifecycleSteps = params.getDouble("lifecycleSteps");
    p.episodeSteps = params.getInt("episodeSteps");
    p.alpha = params.getDouble("alpha");
    p.contextFeatures = params.getBool("contextFeatures");
    p.embeddingDim = static_cast<std::size_t>(params.getInt("embeddingDim"));
    p.metaModelPath = params.getString("metaModel");
    p.metaHidden = static_cast<std::size_t>(params.getInt("metaHidden"));
    p.kShot = static_cast<std::size_t>(params.getInt("kShot"));
    p.runEmbedding = params.getBool("runEmbedding");
    p.bcAlpha = params.getDouble("bcAlpha");
    p.batchSize = static_cast<std::size_t>(params.getInt("batchSize"));
    p.replayCapacity = static_cast<std::size_t>(params.getInt("replayCapacity"));
    p.learner = *learn::controlLearnerNamed(params.getString("learner")); // the schema admits only known names
    p.agentOptions.explorationNoise = params.getDouble("explorationNoise");
    p.agentOptions.preTanhPenalty = params.getDouble("preTanhPenalty");
    p.warmupSteps = static_cast<std::uint64_t>(params.getInt("warmupSteps"));
    p.environments = static_cast<std::uint32_t>(params.getInt("environments"));
    p.normalizeState = params.getBool("normalizeState");
    return p;
}

std::size_t AwareParams::stateDim() const
{
    return kStateDim + (contextFeatures ? ContextFeatures::kSize : 0);
}

} // namespace orrery::plugins::aware
