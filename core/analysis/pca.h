#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace orrery::analysis {

//! Points projected onto their first principal components (projectPca).
struct PcaProjection {
    std::size_t count = 0; //!< N points
    std::size_t dims = 0;  //!< columns of `coordinates`
    std::vector<double> coordinates;             //!< N × dims, row-major: point i is at (i·dims …)
    std::vector<std::vector<double>> components; //!< dims unit vectors of D (zero where D < dims)
    std::vector<double> explainedVarianceRatio;  //!< share of the total variance per component
    std::vector<double> mean;                    //!< the centre subtracted before projecting

    [[nodiscard]] double at(std::size_t point, std::size_t dim) const { return coordinates[point * dims + dim]; }
};

//! Principal component analysis of N points of D dimensions (every point the same length, else
//! std::invalid_argument), projected to `dims` dimensions: the points are centred, their sample
//! covariance (D × D) is decomposed by symmetricEigen, and each point's coordinates are its dot
//! products with the `dims` eigenvectors of largest eigenvalue. The sign of each component is
//! fixed so that its largest-magnitude loading is positive (the first of equal magnitudes), so
//! the same points always give the same picture. Explained-variance ratios are eigenvalue ÷
//! trace (0 when the points do not vary). Cost O(N·D² + D³): about 1 ms for 1,000 × 64 and
//! 100 ms for 2,000 × 256 (bench_embedding).
[[nodiscard]] PcaProjection projectPca(std::span<const std::vector<float>> points, std::size_t dims = 2);

} // namespace orrery::analysis
