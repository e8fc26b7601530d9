#pragma once
#include "env/control_evaluation.h"
#include "model/scenario.h"
#include "policy/control_training.h"
#include "policy/plugin_registry.h"
#include "store/ids.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::app {

//! Deterministic evaluations during a training (docs/learning.md, "Evaluation of control agents"):
//! the references once before it, then the model every `every` episodes and at the end, all on
//! the same held-out episodes.
struct ControlEvaluationSchedule {
    std::uint32_t every = 0; //!< episodes between evaluations of the model; 0 = no evaluation
    env::ControlEvaluationSpec spec;
    //! A fresh environment of the training's scenario (never the one the trainer steps, which
    //! records its transitions).
    std::function<std::unique_ptr<policy::Environment>()> makeEnvironment;
};

//! The default schedule of `orrery train` and the window: every tenth of the run from 10
//! episodes on (none below), 3 episodes of the training's length.
[[nodiscard]] std::uint32_t defaultEvaluationEvery(std::uint32_t episodes);

//! One evaluation: of the model after `episode` episodes, or (episode 0) of a reference policy.
struct ControlEvaluationPoint {
    std::uint32_t episode = 0;
    std::string policy; //!< "model", or a reference's name (env::toString(ReferenceControl))
    env::ControlEvaluation evaluation;
};

//! The model the evaluations chose, and why.
struct ControlModelSelection {
    std::uint32_t episode = 0;  //!< episodes behind the chosen model (the final one: all of them)
    double meanReturn = 0;      //!< its evaluation
    double finalReturn = 0;     //!< the final model's evaluation
    bool checkpointChosen = false; //!< a checkpoint beat the final model and was stored after it
    std::optional<store::ModelId> storedAs; //!< the chosen checkpoint's new model, when checkpointChosen
    std::string why;            //!< one sentence for the log
};

//! The observers of trainControlIntoProject; any may be empty. They run on the training thread.
struct ControlTrainingHooks {
    //! After every episode; return false to stop after it (the run then counts as cancelled).
    std::function<bool(const policy::ControlEpisodeReport&)> onEpisode;
    //! After a checkpoint was stored in the project as model `id`.
    std::function<void(std::uint32_t episode, store::ModelId id)> onCheckpointStored;
    //! After each evaluation (references first, then the model's).
    std::function<void(const ControlEvaluationPoint&)> onEvaluation;
    //! The trainer's update statistics since the previous report (metrics named update.*: the
    //! means over the updates of critic loss, Q, TD error, bound fractions, …).
    std::function<void(std::uint32_t episode, const std::vector<std::pair<std::string, double>>&)> onUpdateStats;
};

//! What trainControlIntoProject did.
struct ControlTrainingOutcome {
    bool cancelled = false;                //!< a hook stopped training; no final model was stored
    int checkpoints = 0;                   //!< checkpoints stored
    std::uint64_t steps = 0;               //!< environment steps over all episodes
    std::optional<store::ModelId> modelId; //!< the final model, unless cancelled
    std::size_t modelBytes = 0;
    std::string report;                                  //!< the plugin's training report
    std::vector<std::pair<std::string, double>> metrics; //!< the stored final model's metrics
    std::vector<ControlEvaluationPoint> evaluations;     //!< in the order they ran
    std::optional<ControlModelSelection> selection;      //!< when the model was evaluated
};

//! "one-for-all", "one-for-each" or "transfer" as a mode; nullopt for anything else.
std::optional<policy::ControlTrainingMode> controlTrainingModeFrom(const std::string& text);
//! The scenario's control choice when it names the plugin (its parameters apply), else defaults.
model::PolicyChoice controlTrainingChoice(const model::Scenario& scenario, const std::string& plugin);

//! Trains `choice`'s control plugin in `environment` and stores every checkpoint and, unless a
//! hook stopped training, the final model in the project `project()` returns (called on first
//! store, so a missing project file is created only when there is a model), as `orrery train`
//! and the window's training view both do. `modeText` labels checkpoints. With an evaluation
//! schedule the stored final model's metrics hold the evaluation curve (evaluation.return.<episode>),
//! the references (reference.<name>.return) and the update statistics per report
//! (update.<stat>.<episode>), and a checkpoint whose evaluation beat the final model's is stored
//! after it (metric selected_episode), so it is the one runs use. Throws policy::PluginError when
//! training fails and store::StoreError when storing does; stored checkpoints stay.
ControlTrainingOutcome trainControlIntoProject(const policy::PluginRegistry& registry,
                                               const model::PolicyChoice& choice, const model::Scenario& scenario,
                                               policy::Environment& environment,
                                               const policy::ControlTrainingConfig& config,
                                               const std::string& modeText,
                                               const std::function<store::Project&()>& project,
                                               const ControlTrainingHooks& hooks,
                                               const ControlEvaluationSchedule& evaluation = {});

} // namespace orrery::app
