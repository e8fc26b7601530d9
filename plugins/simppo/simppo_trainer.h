#pragma once
#include "policy/control_training.h"
#include "policy/environment.h"
#include "policy/placement_sample.h"
#include "policy/policy_context.h"
#include "simppo_mode.h"

namespace orrery::plugins::simppo {

//! Trains a team of PPO agents in a Functions environment (seed 001 §4.5–§4.8): each episode
//! resets the environment (seed + k), adds and drops agents as functions come and go, steps
//! every agent in lock-step (CPQ-RL: one per step) with exploration, rewards them, and gives
//! each agent one PPO update on its trajectory at the episode's end. Reports every episode's
//! team reward; checkpoints every config.checkpointEvery episodes. A base model (config.baseModel,
//! `--mode transfer`) continues training from that team, counting its episodes on; with
//! config.resume the environment's churn schedule continues too, and the result is bit for bit
//! that of an uninterrupted run (the team model holds every agent's weights, optimiser state and
//! generator). With `environments: K` > 1 (learner rollouts only) a round runs episodes
//! first … first + K − 1 side by side on the environment and K − 1 siblings (parallel rollouts,
//! docs/learning.md), one lane of the team each; reports and checkpoints follow the round in
//! episode order, and the model is the same for any thread count.
policy::TrainingResult trainTeam(Mode mode, policy::Environment& environment, const policy::ControlTrainingConfig& config,
                                 const policy::PolicyContext& context, policy::ControlTrainingProgress& progress);

} // namespace orrery::plugins::simppo
