// Descriptor and entry point of the firm plugin.
#include "orrery_plugin_firm.h"

#include "firm_params.h"
#include "firm_policy.h"
#include "firm_trainer.h"
#include "learn/control_agent_param_specs.h"
#include "policy/plugin_export.h"

#include <exception>

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "targets", .type = ORRERY_PARAM_ENUM, .defaultValue = "critical", .minValue = 0, .maxValue = 0,
     .choices = "critical|all",
     .help = "Targets the agent acts on: the critical components the environment marks each period (seed 001 "
             "§3.2.3), or every target."},
    {.name = "minFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.25", .minValue = 0.01,
     .maxValue = 0.99, .choices = nullptr,
     .help = "Lowest limit, as a fraction of the target's base (first seen) limit: actor output -1. A trained "
             "model's own value takes precedence."},
    {.name = "minFractions", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Per-resource floors instead of minFraction, as name=fraction,... (or ; between them) with cpu, "
             "memory-bandwidth, llc, disk-io, network (seed 001 predefines the lower limit per resource). A trained model's own value takes "
             "precedence."},
    {.name = "maxFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "4", .minValue = 1.01, .maxValue = 100,
     .choices = nullptr,
     .help = "Highest limit, as a multiple of the target's base limit: actor output +1 (log scale between; 0 "
             "keeps the base limit). A trained model's own value takes precedence."},
    {.name = "minRelativeChange", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.01", .minValue = 0,
     .maxValue = 1, .choices = nullptr,
     .help = "Limits closer than this share to the current one are not sent, to avoid actuation churn."},
    {.name = "untrained", .type = ORRERY_PARAM_ENUM, .defaultValue = "hold", .minValue = 0, .maxValue = 0,
     .choices = "hold|act",
     .help = "Without a trained model: hold (no actions) or act with an untrained actor (limits near base)."},
    {.name = "reward", .type = ORRERY_PARAM_ENUM, .defaultValue = "environment", .minValue = 0, .maxValue = 0,
     .choices = "environment|firm",
     .help = "Training: learn from the environment's reward, or from each target's own FIRM reward "
             "a*SM*|R| + (1-a)*sum RU/RLT (better for one-for-each)."},
    {.name = "rewardGate", .type = ORRERY_PARAM_ENUM, .defaultValue = "none", .minValue = 0, .maxValue = 0,
     .choices = "none|slo",
     .help = "Training: slo pays the utilisation term only while the SLO holds (a*SM*|R| + (1-a)*SM*sum RU/RLT; "
             "with reward environment, its mean over every target), so throttled limits cannot pay; none is seed "
             "001's reward."},
    {.name = "alpha", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.3", .minValue = 0, .maxValue = 1,
     .choices = nullptr, .help = "Training with reward: firm: the coefficient a of SLO maintenance."},
    {.name = "batchSize", .type = ORRERY_PARAM_INT, .defaultValue = "64", .minValue = 1, .maxValue = 4096,
     .choices = nullptr, .help = "Training: minibatch per update (seed 001 Table 3.3: 64)."},
    {.name = "replayCapacity", .type = ORRERY_PARAM_INT, .defaultValue = "100000", .minValue = 64,
     .maxValue = 10000000, .choices = nullptr,
     .help = "Training: transitions each agent's replay buffer keeps (Table 3.3: 1e5)."},
    ORRERY_CONTROL_AGENT_PARAMS,
};

bool trainFirm(orrery::policy::Environment* environment, const orrery::policy::ControlTrainingConfig* config,
               const orrery::policy::PolicyContext* context, orrery::policy::ControlTrainingProgress* progress,
               orrery::policy::TrainingResult* result)
{
    try {
        using orrery::plugins::firm::FirmParams;
        orrery::plugins::firm::FirmTrainer trainer(FirmParams::from(context->params), *config);
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
    .id = "firm",
    .displayName = "FIRM",
    .version = "1.0.0",
    .compatVersion = "1.8",
    .description = "DDPG agent setting the CPU, memory-bandwidth, LLC, disk-I/O and network limits of critical "
                   "components (seed 001 ch. 3; Tables 3.2, 3.3). Trainable: `orrery train firm`, one-for-all, "
                   "one-for-each or transfer.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::firm::FirmPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
    .trainControl = &trainFirm,
};

} // namespace

const OrreryPluginDescriptor* orrery_firm_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_firm_descriptor);
