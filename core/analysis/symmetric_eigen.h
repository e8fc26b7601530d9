#pragma once
#include <cstddef>
#include <vector>

namespace orrery::analysis {

//! Eigenvalues and eigenvectors of a real symmetric matrix, largest eigenvalue first.
struct SymmetricEigen {
    std::size_t n = 0;
    std::vector<double> values;  //!< n eigenvalues, descending
    std::vector<double> vectors; //!< n × n, row k is the unit eigenvector of values[k]

    [[nodiscard]] double vector(std::size_t k, std::size_t i) const { return vectors[k * n + i]; }
};

//! Decomposes the symmetric n × n `matrix` (row-major; only symmetric input is meaningful)
//! by Householder reduction to tridiagonal form and the implicit QL algorithm (EISPACK's
//! tred2/tql2, as JAMA writes them): O(n³), no dependency.
//! Eigenvectors are orthonormal; their signs are whatever the algorithm gives (deterministic
//! for the same input), callers that need a canonical sign fix it themselves.
[[nodiscard]] SymmetricEigen symmetricEigen(std::vector<double> matrix, std::size_t n);

} // namespace orrery::analysis
