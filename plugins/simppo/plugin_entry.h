#pragma once
// The descriptor every plugin of the SIMPPO family shares; each plugin_<id>.cpp instantiates it
// for its mode (one plugin id per mode, so each keeps its own trained models in a project).
#include "policy/plugin_export.h"
#include "simppo_policy.h"
#include "simppo_trainer.h"

#include <exception>

namespace orrery::plugins::simppo {

inline constexpr OrreryParamSpec kFamilyParams[] = {
    {.name = "alpha", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.3", .minValue = 0, .maxValue = 1, .choices = nullptr,
     .help = "Reward coefficient α: r = α·SP + (1−α)/2·(RU_cpu + RU_mem) − 1 for illegal or oscillating actions "
             "(seed 001 §4.3.1, Table 4.2: 0.3)."},
    {.name = "minibatch", .type = ORRERY_PARAM_INT, .defaultValue = "0", .minValue = 0, .maxValue = 1000, .choices = nullptr,
     .help = "PPO minibatch size; 0 = Table 4.2's (10 single-agent, 5 multi-agent)."},
    {.name = "parameterSharing", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Training: a new function's agent starts from its class's base model (seed 001 §4.7.2); false is "
             "the Fig. 4.10 ablation."},
    {.name = "learner", .type = ORRERY_PARAM_ENUM, .defaultValue = "seed", .minValue = 0, .maxValue = 0,
     .choices = "seed|rollouts",
     .help = "seed: every agent updates at each episode's end on that episode (Table 4.2); rollouts: the learning "
             "core's PPO (issue 32): updates on rolloutSteps transitions gathered across episodes, minibatch 64, "
             "value normalisation, target KL 0.01."},
    {.name = "rolloutSteps", .type = ORRERY_PARAM_INT, .defaultValue = "2048", .minValue = 8, .maxValue = 1000000,
     .choices = nullptr, .help = "With learner rollouts: transitions per agent per update."},
    {.name = "environments", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 1, .maxValue = 64,
     .choices = nullptr,
     .help = "Training with learner rollouts: environments stepped side by side (parallel rollouts on the "
             "training's threads), one episode each per round; the model is the same for any thread count."},
    {.name = "untrained", .type = ORRERY_PARAM_ENUM, .defaultValue = "hold", .minValue = 0, .maxValue = 0,
     .choices = "hold|act", .help = "Serving without a trained model: hold (no actions) or act with untrained agents."},
};

template <Mode M>
bool trainMode(policy::Environment* environment, const policy::ControlTrainingConfig* config,
               const policy::PolicyContext* context, policy::ControlTrainingProgress* progress, policy::TrainingResult* result)
{
    try {
        *result = trainTeam(M, *environment, *config, *context, *progress);
        return true;
    } catch (const std::exception& error) {
        result->error = error.what();
        return false;
    }
}

template <Mode M>
constexpr OrreryPluginDescriptor familyDescriptor(const char* id, const char* displayName, const char* description)
{
    return OrreryPluginDescriptor{
        .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
        .structSize = sizeof(OrreryPluginDescriptor),
        .id = id,
        .displayName = displayName,
        .version = "1.0.0",
        .compatVersion = "1.8", // parallel rollouts: policy::Environment::makeSibling
        .description = description,
        .kinds = ORRERY_KIND_CONTROL,
        .params = kFamilyParams,
        .paramCount = sizeof(kFamilyParams) / sizeof(kFamilyParams[0]),
        .createPlacement = nullptr,
        .destroyPlacement = nullptr,
        .trainPlacement = nullptr,
        .createControl = &policy::createControlOf<ModePolicy<M>>,
        .destroyControl = &policy::destroyControl,
        .trainControl = &trainMode<M>,
    };
}

} // namespace orrery::plugins::simppo
