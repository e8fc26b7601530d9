#pragma once
#include "learn/ddpg_config.h"

#include <cstddef>
#include <span>
#include <vector>

namespace orrery::learn {

//! Cosine similarity of two embeddings of the same size, in [-1, 1]; 0 when either is all zeros.
//! Throws std::invalid_argument when the sizes differ.
[[nodiscard]] double cosineSimilarity(std::span<const float> a, std::span<const float> b);

//! The base learner's input conditioned on an embedding (seed 001 §5.3.2, Fig. 5.5; §5.6.1:
//! "concatenated … as part of the state vector"): state ‖ embedding.
[[nodiscard]] std::vector<float> conditionedState(std::span<const float> state, std::span<const float> embedding);

//! `base` widened for conditioned states: stateDim + embeddingDim inputs to the actor (and, as
//! DdpgAgent's critic reads the state too, to the critic). Everything else is unchanged.
[[nodiscard]] DdpgConfig conditionedDdpgConfig(DdpgConfig base, std::size_t embeddingDim);

} // namespace orrery::learn
