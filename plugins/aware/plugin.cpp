// Descriptor and entry point of the aware plugin.
#include "orrery_plugin_aware.h"

#include "aware/multidimensional_param_specs.h"
#include "aware_params.h"
#include "aware_policy.h"
#include "aware_trainer.h"
#include "learn/control_agent_param_specs.h"
#include "policy/plugin_export.h"

#include <exception>

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "profile", .type = ORRERY_PARAM_STRING, .defaultValue = "aware-default", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "AWARE profile (kind: AwareProfile) with the lifecycle's thresholds: a name in the resource path's "
             "profiles/ or a file path."},
    {.name = "bootstrap", .type = ORRERY_PARAM_ENUM, .defaultValue = "profile", .minValue = 0, .maxValue = 0,
     .choices = "profile|on|off",
     .help = "Start OFFLINE with the hpa-vpa fallback acting (on), ONLINE (off), or as the profile says."},
    {.name = "thresholdOnline", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "-1", .minValue = -1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "T_online (OFFLINE -> ONLINE), in lifecycle reward units; -1 = the profile's."},
    {.name = "thresholdServing", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "-1", .minValue = -1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr, .help = "T_serving; -1 = the profile's."},
    {.name = "maxStdDev", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "-1", .minValue = -1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr, .help = "T_var; -1 = the profile's."},
    {.name = "retraining", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "-1", .minValue = -1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "Retraining threshold: SERVING -> ONLINE when avg falls this far below the best serving avg; -1 = "
             "the profile's."},
    {.name = "window", .type = ORRERY_PARAM_INT, .defaultValue = "0", .minValue = 0, .maxValue = 100000,
     .choices = nullptr,
     .help = "Recent episodes the lifecycle judges (and needs before deciding); 0 = the profile's."},
    {.name = "lifecycleSteps", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "300", .minValue = 1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "The reward fed to the lifecycle is an episode's mean reward per step times this (the default "
             "profile's thresholds are for 300-step episodes)."},
    {.name = "episodeSteps", .type = ORRERY_PARAM_INT, .defaultValue = "100", .minValue = 1, .maxValue = 1000000,
     .choices = nullptr,
     .help = "Runs: control periods per lifecycle episode (seed 001 Table 5.2: 100 time steps)."},
    {.name = "alpha", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.3", .minValue = 0, .maxValue = 1,
     .choices = nullptr, .help = "Runs: the SLO coefficient of the reward the lifecycle is fed (FIRM's)."},
    {.name = "minFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.25", .minValue = 0.01, .maxValue = 0.99,
     .choices = nullptr,
     .help = "Lowest CPU/memory limit, as a fraction of the target's base (first seen) limit: action -1."},
    {.name = "maxFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "4", .minValue = 1.01, .maxValue = 100,
     .choices = nullptr, .help = "Highest limit, as a multiple of the base limit: action +1 (log scale)."},
    {.name = "minRelativeChange", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.01", .minValue = 0,
     .maxValue = 1, .choices = nullptr, .help = "The agent's limits closer than this share to the current are not sent."},
    {.name = "contextFeatures", .type = ORRERY_PARAM_BOOL, .defaultValue = "false", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "TL+'s extra state (seed 001 §5.5.2): per target an ARIMA(1,1,0) forecast of the load change and the "
             "resource-performance table's SLO preservation at the current configuration (11 features, not 9)."},
    {.name = "embeddingDim", .type = ORRERY_PARAM_INT, .defaultValue = "64", .minValue = 0, .maxValue = 4096,
     .choices = nullptr,
     .help = "Size of the workload embedding appended to the state (seed 001 §5.4.3: 64); the meta learner's."},
    {.name = "metaModel", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Training: a file with a meta learner (MetaLearner bytes, as orrery meta-train stores); the "
             "embedding is its k-shot adaptation to the first kShot episodes. Empty: zero embedding."},
    {.name = "metaHidden", .type = ORRERY_PARAM_INT, .defaultValue = "256", .minValue = 1, .maxValue = 4096,
     .choices = nullptr, .help = "The meta learner's hidden width (orrery meta-train --hidden)."},
    {.name = "kShot", .type = ORRERY_PARAM_INT, .defaultValue = "5", .minValue = 1, .maxValue = 1000,
     .choices = nullptr, .help = "Training: episodes the embedding is computed from."},
    {.name = "runEmbedding", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Runs with a model that carries a meta learner: after kShot lifecycle episodes (kShot x episodeSteps "
             "periods) condition the agent on this run's own k-shot embedding instead of the model's."},
    {.name = "bcAlpha", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "2.5", .minValue = 0, .maxValue = 1000,
     .choices = nullptr,
     .help = "OFFLINE training: TD3+BC's alpha (Q term weight against behaviour cloning of the fallback); 0 = "
             "plain DDPG on the fallback's transitions."},
    {.name = "batchSize", .type = ORRERY_PARAM_INT, .defaultValue = "64", .minValue = 1, .maxValue = 4096,
     .choices = nullptr, .help = "Training: minibatch per update (Table 5.2: 64)."},
    {.name = "replayCapacity", .type = ORRERY_PARAM_INT, .defaultValue = "100000", .minValue = 64,
     .maxValue = 10000000, .choices = nullptr,
     .help = "Training: transitions the replay buffer keeps (Table 5.2: 1e6; 1e5 here, ~60 MB at 73 inputs)."},
    ORRERY_CONTROL_AGENT_PARAMS,
    {.name = "normalizeState", .type = ORRERY_PARAM_BOOL, .defaultValue = "false", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Training: pass Table 5.1's state features through a running mean and standard deviation (SB3's "
             "VecNormalize; learn::RunningNormalizer, kept with the model) before the agent; the embedding is not "
             "normalised."},
    ORRERY_MULTIDIMENSIONAL_PARAMS,
};

bool trainAware(orrery::policy::Environment* environment, const orrery::policy::ControlTrainingConfig* config,
                const orrery::policy::PolicyContext* context, orrery::policy::ControlTrainingProgress* progress,
                orrery::policy::TrainingResult* result)
{
    try {
        using orrery::plugins::aware::AwareParams;
        orrery::plugins::aware::AwareTrainer trainer(AwareParams::from(context->params), *config);
        *result = trainer.train(*environment, *progress);
        return true;
    } catch (const std::exception& error) {
        result->error = error.what();
        return false;
    }
}

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "aware",
    .displayName = "AWARE",
    .version = "1.1.0",
    .compatVersion = "1.8", // parallel rollouts: policy::Environment::makeSibling
    .description = "AWARE's multidimensional autoscaler (seed 001 ch. 5): a DDPG agent sets replicas and CPU/memory "
                   "limits from Table 5.1's state and a workload embedding; the lifecycle (Alg. 5.1) bootstraps with "
                   "the hpa-vpa fallback and offline learning, then trains online and serves. Trainable: "
                   "`orrery train aware`.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::aware::AwarePolicy>,
    .destroyControl = &orrery::policy::destroyControl,
    .trainControl = &trainAware,
};

} // namespace

const OrreryPluginDescriptor* orrery_aware_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_aware_descriptor);
