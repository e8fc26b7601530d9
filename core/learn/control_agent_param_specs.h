#pragma once
// The parameters of a learn::ControlAgent (learner, warm-up, exploration, pre-tanh penalty) and of
// its trainer's parallel rollouts, as
// the firm and aware plugins both declare them: one list, expanded into each plugin's
// OrreryParamSpec table (the expansion site includes policy/plugin_descriptor.h, so this header
// adds no dependency to orrery_learn). docs/learning.md, "Control agents".

#define ORRERY_CONTROL_AGENT_PARAMS                                                                                     \
    {.name = "learner", .type = ORRERY_PARAM_ENUM, .defaultValue = "seed-ddpg", .minValue = 0, .maxValue = 0,         \
     .choices = "seed-ddpg|ddpg|td3|sac",                                                                               \
     .help = "Training: the seed's DDPG as its implementation trained it (Ornstein-Uhlenbeck noise), or the learning "  \
             "core's DDPG, TD3 or SAC (docs/learning.md) with the seed's networks, rates, gamma and tau. A trained "     \
             "model's own learner takes precedence."},                                                                  \
    {.name = "warmupSteps", .type = ORRERY_PARAM_INT, .defaultValue = "0", .minValue = 0, .maxValue = 100000000,      \
     .choices = nullptr,                                                                                                \
     .help = "Training: steps of uniformly random actions before the agent acts on its own and learns (0 = none, as "  \
             "the seed; the plugin's README says whether a transfer skips it)."},                                                 \
    {.name = "explorationNoise", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0, .maxValue = 1,    \
     .choices = nullptr,                                                                                                \
     .help = "Training with learner ddpg or td3: standard deviation of the Gaussian noise on actions in [-1, 1]."},    \
    {.name = "preTanhPenalty", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0", .minValue = 0, .maxValue = 10,       \
     .choices = nullptr,                                                                                                \
     .help = "Training with the learning core: weight of the mean squared pre-tanh actor output in the actor loss, "   \
             "against saturated actions."},                                                                             \
    {.name = "environments", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 1, .maxValue = 64,            \
     .choices = nullptr,                                                                                                \
     .help = "Training: environments stepped side by side (parallel rollouts on the training's threads); the "        \
             "model is the same for any thread count, and 1 is the seed's loop."}
