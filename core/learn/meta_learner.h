#pragma once
#include "learn/environment_trajectories.h"
#include "learn/episode_trajectory.h"
#include "learn/meta_learner_config.h"
#include "learn/meta_training_config.h"
#include "learn/meta_training_progress.h"

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! AWARE's meta learner (seed 001 §5.3.2, §5.4.3; FLASH §5.6.1, Appendix A.1) in LibTorch: an
//! encoder from a bundle of up to M episodes of one environment to an embedding that the base
//! learner reads as extra state (conditionedState()).
//!
//! Encoder: each episode is a sequence of transitions (state ‖ action ‖ reward), padded with
//! zeros to the bundle's longest and packed, so padding never reaches a hidden state; a
//! bidirectional multi-layer GRU reads each from a zero hidden state (the "hidden-state reset at
//! a switch of MDPs"); the last layer's final forward and backward hidden states are concatenated
//! and averaged over the bundle (Appendix A.1: O_T = 1/M Σ H^m); then FC fcHidden → ReLU →
//! FC embeddingDim (linear) gives the embedding.
//!
//! Meta-training (train()): the paper back-propagates the base learner's loss into the encoder.
//! Here the encoder is trained end to end with a small conditioned dynamics head,
//! (embedding ‖ state ‖ action) → headHidden → headHidden → (reward ‖ next state), on transitions
//! of the environment the bundle came from: the head is shared by all environments, so the only
//! way to predict each one's rewards and dynamics is for the embedding to tell the environments
//! apart (docs/learning.md, "Meta learner").
//!
//! Deterministic for a seed without touching LibTorch's global generator: weights come from a
//! private generator, sampling from SeededRandom. Call makeTorchDeterministic first so that
//! matrix products run on one thread. Not thread-safe; one learner per thread. The public header
//! includes no LibTorch header (pimpl).
class MetaLearner {
public:
    //! Called after each training step; return false to stop early.
    using Progress = std::function<bool(const MetaTrainingProgress&)>;

    explicit MetaLearner(const MetaLearnerConfig& config);
    ~MetaLearner();
    MetaLearner(MetaLearner&&) noexcept;
    MetaLearner& operator=(MetaLearner&&) noexcept;

    //! The embedding (embeddingDim floats) of a bundle of 1 to M episodes of one environment, each
    //! of at least one step. The order of the episodes does not matter beyond rounding. Throws
    //! std::invalid_argument for an empty or oversized bundle (select with selectTopTrajectories)
    //! or an episode whose dimensions differ from the config's.
    [[nodiscard]] std::vector<float> embed(std::span<const EpisodeTrajectory> bundle) const;

    //! k-shot adaptation to a new environment (§5.3.2 "Meta learner Inference"): the embedding of
    //! the top-M episodes by return among `episodes` (all of them when fewer). The learner's
    //! parameters are not changed.
    [[nodiscard]] std::vector<float> adaptationEmbedding(std::span<const EpisodeTrajectory> episodes) const;

    //! Meta-trains encoder and head (see the class comment) for config.steps Adam steps, or until
    //! `progress` returns false. Every environment needs at least one episode of two or more
    //! steps. Returns the last step's progress. Throws std::invalid_argument for no environments,
    //! an environment without a usable episode, or dimensions that differ from the config's.
    MetaTrainingProgress train(const std::vector<EnvironmentTrajectories>& environments,
                               const MetaTrainingConfig& config, const Progress& progress = {});

    //! The head's prediction of (reward, next state) for `state`, `action` in the environment
    //! `embedding` describes: 1 + stateDim floats. For tests and diagnostics.
    [[nodiscard]] std::vector<float> predict(std::span<const float> embedding, std::span<const float> state,
                                             std::span<const float> action) const;

    [[nodiscard]] const MetaLearnerConfig& config() const;
    //! Training steps taken over the learner's life (kept across save/load).
    [[nodiscard]] std::size_t trainingSteps() const;

    //! Encoder, head and step count as bytes (LibTorch's archive format). The optimiser is not
    //! saved: each train() starts a fresh Adam.
    [[nodiscard]] std::string saveBytes() const;
    //! Restores what saveBytes() wrote. Throws std::runtime_error when the bytes are not a
    //! checkpoint or its dimensions differ from this learner's (naming both).
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
