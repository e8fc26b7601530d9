#pragma once
#include "learn/random_fourier_svm_config.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::learn {

//! An incremental SVM with an RBF kernel approximated by random Fourier features (Rahimi &
//! Recht 2007), FIRM's critical-component classifier (seed 001 §3.2.3, Alg. 3.2): each input x
//! becomes z(x) = √(2/D)·cos(Wx + b) with W ~ N(0, 2γ) and b ~ U(0, 2π), and a linear SVM over z
//! is trained by stochastic gradient descent on the hinge loss with L2 regularisation,
//! scikit-learn SGDClassifier's "optimal" schedule η_t = 1 / (α(t₀ + t)).
//!
//! partialFit may be called any number of times with new batches (incremental learning).
//! Deterministic for a seed. The public header includes no LibTorch header (pimpl).
class RandomFourierSvm {
public:
    explicit RandomFourierSvm(const RandomFourierSvmConfig& config);
    ~RandomFourierSvm();
    RandomFourierSvm(RandomFourierSvm&&) noexcept;
    RandomFourierSvm& operator=(RandomFourierSvm&&) noexcept;

    //! Trains on `inputs` (rows × inputDim, row-major) with `labels` (one per row; > 0 is the
    //! positive class, anything else negative). Throws std::invalid_argument on size mismatches.
    void partialFit(std::span<const float> inputs, std::span<const int> labels);

    //! Signed distance-like score w·z(x) + b for one input (inputDim values); > 0 is positive.
    [[nodiscard]] double decision(std::span<const float> input) const;
    [[nodiscard]] bool classify(std::span<const float> input) const { return decision(input) > 0.0; }
    //! decision() for many rows at once (LibTorch matrix product).
    [[nodiscard]] std::vector<double> decisions(std::span<const float> inputs) const;
    //! Share of rows whose classification matches their label.
    [[nodiscard]] double accuracy(std::span<const float> inputs, std::span<const int> labels) const;

    [[nodiscard]] const RandomFourierSvmConfig& config() const;
    [[nodiscard]] std::uint64_t samplesSeen() const;

    //! The random features, weights and SGD state as bytes (LibTorch's archive format).
    [[nodiscard]] std::string saveBytes() const;
    //! Restores what saveBytes() wrote; throws std::runtime_error when the bytes are not an SVM
    //! checkpoint or its dimensions differ from this one's.
    void loadBytes(std::string_view bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace orrery::learn
