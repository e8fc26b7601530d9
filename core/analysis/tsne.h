#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::analysis {

//! Points laid out in 2-D by projectTsne.
struct TsneProjection {
    std::size_t count = 0;
    std::vector<double> coordinates; //!< N × 2, row-major, centred on the origin
    double perplexity = 0;           //!< the perplexity used (clamped to (N − 1) / 3)
    double klDivergence = 0;         //!< KL(P‖Q) of the final layout
    int iterations = 0;              //!< gradient steps taken (fewer when cancelled)
    bool cancelled = false;

    [[nodiscard]] double x(std::size_t point) const { return coordinates[2 * point]; }
    [[nodiscard]] double y(std::size_t point) const { return coordinates[2 * point + 1]; }
};

//! Exact t-SNE (van der Maaten & Hinton 2008) of N points of D dimensions to 2-D: Gaussian
//! affinities with each point's bandwidth found by bisection to the given perplexity,
//! symmetrised; a Student-t kernel in the plane; gradient descent with momentum (0.5, then 0.8),
//! per-coordinate gains and early exaggeration 12 for the first quarter of the steps (at most
//! 250). Learning rate max(N / 12, 50). O(N²) memory and time per step: meant for N ≤ 2,000
//! (about 2.3 ms per step at N = 1,000 × 64 on one core, bench_embedding — run it off the UI
//! thread).
//!
//! Deterministic: the initial layout comes from `seed` through std::mt19937_64 and a Box–Muller
//! transform written here (not std::normal_distribution, whose output differs between standard
//! libraries), and all sums run in a fixed order. `cancel`, when given and set, stops after the
//! current step. Points of unequal dimension throw std::invalid_argument.
[[nodiscard]] TsneProjection projectTsne(std::span<const std::vector<float>> points, double perplexity = 30.0,
                                         int iterations = 1000, std::uint64_t seed = 1,
                                         const std::atomic<bool>* cancel = nullptr);

} // namespace orrery::analysis
