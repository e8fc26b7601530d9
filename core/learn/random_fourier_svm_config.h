#pragma once
#include <cstddef>
#include <cstdint>

namespace orrery::learn {

//! Settings of RandomFourierSvm. The defaults follow scikit-learn's RBFSampler (γ 1) and
//! SGDClassifier (hinge loss, α 1e-4, "optimal" learning rate), which FIRM's extractor uses
//! (seed 001 §3.2.3), with more random features than RBFSampler's 100 for a smoother kernel.
struct RandomFourierSvmConfig {
    std::size_t inputDim = 2;     //!< FIRM: (relative importance, congestion intensity)
    std::size_t features = 256;   //!< D, the number of random Fourier features
    double gamma = 1.0;           //!< RBF kernel exp(−γ‖x − y‖²)
    double alpha = 1e-4;          //!< L2 regularisation strength
    std::size_t epochsPerFit = 1; //!< passes over each partialFit batch (shuffled each pass)
    //! Averaged SGD (Polyak–Ruppert): classify with the mean of the iterates, which steadies the
    //! large early steps of the "optimal" schedule.
    bool average = true;
    std::uint64_t seed = 0;       //!< random features and shuffles
};

} // namespace orrery::learn
