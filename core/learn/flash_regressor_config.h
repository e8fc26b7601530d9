#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace orrery::learn {

//! The loss FlashRegressor trains with.
enum class FlashLoss {
    //! Mean absolute percentage error, |ŷ − y| / y (Sizeless's loss, seed 001 Table A.3); labels
    //! must be positive, and the network predicts log y, so ŷ is positive too.
    Mape,
    //! Mean squared error of the standardised label.
    Mse,
};

//! What a supervised task registers with FLASH (seed 001 Listing 5.1, RegisterBaseLearner(name,
//! F, P)) and how the shared model is trained. Sizes are ours: the paper's Sizeless network has
//! four layers of 256 (Table A.3) and its meta learner a 2 × 256 bidirectional GRU with a
//! 32-float embedding (Table A.1); see docs/learning.md, "FLASH: the same machinery for
//! supervised tasks".
struct FlashRegressorConfig {
    std::string task = "task";       //!< the task's name (one meta learner per task)
    std::size_t inputDim = 1;        //!< floats of the base learner's feature vector per query
    std::size_t sampleDim = 2;       //!< floats of one data sample the meta learner reads (F ‖ P)
    //! Floats of the embedding appended to the input. 0: no meta learner — the plain base learner
    //! (the Sizeless baseline of Table 5.5).
    std::size_t embeddingDim = 8;
    std::size_t encoderHidden = 32;  //!< per-sample layers and the first embedding layer
    std::size_t bundleSize = 32;     //!< the most samples one embedding reads (Table A.1's buffer, 32)
    std::size_t hiddenUnits = 32;    //!< width of the base learner's hidden layers (ReLU)
    std::size_t hiddenLayers = 4;    //!< Sizeless: 4
    FlashLoss loss = FlashLoss::Mape;
    std::size_t epochs = 200;        //!< passes over the queries per fit() (Sizeless: 200)
    std::size_t batchSize = 32;
    double learningRate = 1e-3;      //!< Adam
    double weightDecay = 0.0;        //!< Adam's L2 term (Sizeless: 1e-2)
    std::uint64_t seed = 0;          //!< weights and shuffles
};

} // namespace orrery::learn
