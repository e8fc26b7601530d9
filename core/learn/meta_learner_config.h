#pragma once
#include <cstddef>
#include <cstdint>

namespace orrery::learn {

//! MetaLearner's dimensions. Defaults are AWARE's (seed 001 §5.4.3): a bidirectional two-layer
//! GRU of 256 units per direction, fully connected layers of 256 (ReLU) and 64 (the embedding),
//! bundles of M = 20 trajectories. stateDim and actionDim are the base learner's (8 and 5 for
//! FIRM, Table 3.3). The model head (headHidden) exists only to meta-train the encoder, see
//! MetaLearner. All of these are part of a checkpoint and checked on load.
struct MetaLearnerConfig {
    std::size_t stateDim = 8;
    std::size_t actionDim = 5;
    std::size_t rnnHidden = 256;     //!< GRU units per direction and layer
    std::size_t rnnLayers = 2;
    std::size_t fcHidden = 256;      //!< first fully connected layer (ReLU)
    std::size_t embeddingDim = 64;   //!< second fully connected layer: the embedding (linear)
    std::size_t bundleSize = 20;     //!< M, the most trajectories one embedding reads
    std::size_t headHidden = 64;     //!< width of the two hidden layers of the dynamics head
    std::uint64_t seed = 0;          //!< weight initialisation

    //! Floats per transition fed to the GRU: state ‖ action ‖ reward.
    [[nodiscard]] std::size_t transitionDim() const { return stateDim + actionDim + 1; }
};

} // namespace orrery::learn
