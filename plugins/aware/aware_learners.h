#pragma once
#include "aware_params.h"
#include "learn/control_agent.h"
#include "learn/ddpg_config.h"
#include "learn/meta_learner.h"

#include <cstdint>
#include <memory>

namespace orrery::plugins::aware {

//! The base learner's DDPG configuration: Table 5.2's hyperparameters (γ 0.99, τ 3e-3, learning
//! rates 3e-4 / 3e-3, noise μ 0 σ 0.2, ε 1.0 decaying 1e-6) over Table 5.1's 9 state features plus
//! the embedding, 3 actions; `stateDim` is AwareParams::stateDim() (9, or 11 with context features).
[[nodiscard]] learn::DdpgConfig awareDdpgConfig(std::uint64_t seed, std::size_t stateDim, std::size_t embeddingDim);
//! The base learner: `learner` over awareDdpgConfig, with `options` for the learning core's agents.
[[nodiscard]] learn::ControlAgent makeAwareAgent(learn::ControlLearner learner, std::uint64_t seed, std::size_t stateDim,
                                                 std::size_t embeddingDim, const learn::ControlAgentOptions& options = {});

//! The meta learner named by the metaModel parameter (a MetaLearner::saveBytes file over
//! TransitionFeatures' 18 + 3 encoding, hidden width metaHidden, embedding embeddingDim); null
//! when the parameter is empty. Throws std::runtime_error when the file cannot be read or does
//! not fit those dimensions.
[[nodiscard]] std::unique_ptr<learn::MetaLearner> loadMetaLearner(const AwareParams& params);
//! A meta learner from MetaLearner::saveBytes (as an aware model carries it), sized by `params`.
[[nodiscard]] std::unique_ptr<learn::MetaLearner> metaLearnerFromBytes(const AwareParams& params,
                                                                       const std::string& bytes);

} // namespace orrery::plugins::aware
