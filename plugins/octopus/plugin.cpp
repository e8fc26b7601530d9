// Descriptor and entry point of the octopus plugin.
#include "orrery_plugin_octopus.h"

#include "octopus_params.h"
#include "octopus_policy.h"
#include "octopus_trainer.h"
#include "policy/plugin_export.h"

#include <exception>

namespace {

constexpr OrreryParamSpec kParams[] = {
    {
        .name = "heldOutFraction",
        .type = ORRERY_PARAM_DOUBLE,
        .defaultValue = "0.2",
        .minValue = 0.0,
        .maxValue = 1.0,
        .choices = nullptr,
        .help = "FractionOfHeldOutDevices p: a unit that can run on several compute kinds takes an accelerator "
                "of kind K only while more than p of the cluster's K devices are free, so units that can run "
                "only on K are not starved (0: no reservation; 1: accelerators only for such units).",
    },
    {
        .name = "sloPolicy",
        .type = ORRERY_PARAM_ENUM,
        .defaultValue = "fastest",
        .minValue = 0.0,
        .maxValue = 0.0,
        .choices = "fastest|frugal",
        .help = "fastest: the fastest predicted compute kind with a feasible node (it meets the unit's SLO if "
                "any does); frugal: the slowest predicted kind that still meets the SLO, leaving faster devices "
                "to others (the fastest when none meets it, or the unit has no SLO).",
    },
    {
        .name = "trees",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "1",
        .minValue = 1,
        .maxValue = 1000,
        .choices = nullptr,
        .help = "Training: boosting rounds (1 = a single decision tree, as in the paper).",
    },
    {
        .name = "maxDepth",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "8",
        .minValue = 1,
        .maxValue = 16,
        .choices = nullptr,
        .help = "Training: maximum depth of each tree.",
    },
    {
        .name = "learningRate",
        .type = ORRERY_PARAM_DOUBLE,
        .defaultValue = "1",
        .minValue = 0.001,
        .maxValue = 1.0,
        .choices = nullptr,
        .help = "Training: XGBoost's eta, the weight of each tree (1 for a single tree; about 0.3 for ensembles).",
    },
    {
        .name = "logTarget",
        .type = ORRERY_PARAM_BOOL,
        .defaultValue = "true",
        .minValue = 0.0,
        .maxValue = 0.0,
        .choices = nullptr,
        .help = "Training: regress log(latency) rather than latency (relative errors weigh the same for fast "
                "and slow services).",
    },
    {
        .name = "heldOutShare",
        .type = ORRERY_PARAM_DOUBLE,
        .defaultValue = "0.2",
        .minValue = 0.01,
        .maxValue = 0.9,
        .choices = nullptr,
        .help = "Training: share of the samples held out of training to measure the model.",
    },
    {
        .name = "accuracyTolerance",
        .type = ORRERY_PARAM_DOUBLE,
        .defaultValue = "0.1",
        .minValue = 0.001,
        .maxValue = 10.0,
        .choices = nullptr,
        .help = "Training: a prediction counts as accurate when |predicted - observed| <= tolerance x observed.",
    },
};

bool trainOctopus(const orrery::policy::PlacementTrainingSet* data, const orrery::policy::PolicyContext* context,
                  orrery::policy::TrainingResult* result)
{
    try {
        const auto params = orrery::plugins::octopus::OctopusParams::from(context->params);
        *result = orrery::plugins::octopus::trainOctopus(*data, params.trainer);
        return true;
    } catch (const std::exception& error) {
        result->error = error.what();
        return false;
    }
}

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "octopus",
    .displayName = "Octopus",
    .version = "1.0.0",
    .compatVersion = "1.1",
    .description = "Predicts each unit's latency on every compute kind it can use with an XGBoost decision tree "
                   "and places it on the fastest kind meeting its SLO, holding out a share of accelerators for "
                   "units that can only use them (seed 000 §II-B). Trainable: `orrery train octopus`.",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof kParams / sizeof kParams[0],
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::octopus::OctopusPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = &trainOctopus,
};

} // namespace

const OrreryPluginDescriptor* orrery_octopus_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_octopus_descriptor);
