#include "analysis/pca.h"

#include "analysis/symmetric_eigen.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::analysis {

PcaProjection projectPca(std::span<const std::vector<float>> points, std::size_t dims)
{
    PcaProjection result;
    const std::size_t n = points.size();
    result.count = n;
    result.dims = dims;
    result.coordinates.assign(n * dims, 0.0);
    const std::size_t d = n == 0 ? 0 : points.front().size();
    for (const auto& point : points) {
        if (point.size() != d)
            throw std::invalid_argument("projectPca: points differ in dimension");
    }
    result.components.assign(dims, std::vector<double>(d, 0.0));
    result.explainedVarianceRatio.assign(dims, 0.0);
    result.mean.assign(d, 0.0);
    if (n == 0 || d == 0)
        return result;

    for (const auto& point : points) {
        for (std::size_t j = 0; j < d; ++j)
            result.mean[j] += point[j];
    }
    for (double& m : result.mean)
        m /= static_cast<double>(n);

    // Upper triangle of the scatter matrix, one centred row at a time.
    std::vector<double> cov(d * d, 0.0);
    std::vector<double> row(d);
    for (const auto& point : points) {
        for (std::size_t j = 0; j < d; ++j)
            row[j] = point[j] - result.mean[j];
        for (std::size_t a = 0; a < d; ++a) {
            const double ra = row[a];
            double* out = cov.data() + a * d;
            for (std::size_t b = a; b < d; ++b)
                out[b] += ra * row[b];
        }
    }
    const double denominator = n > 1 ? static_cast<double>(n - 1) : 1.0;
    for (std::size_t a = 0; a < d; ++a) {
        for (std::size_t b = a; b < d; ++b) {
            cov[a * d + b] /= denominator;
            cov[b * d + a] = cov[a * d + b];
        }
    }
    double trace = 0.0;
    for (std::size_t a = 0; a < d; ++a)
        trace += cov[a * d + a];

    const SymmetricEigen eigen = symmetricEigen(std::move(cov), d);
    const std::size_t kept = std::min(dims, d);
    for (std::size_t k = 0; k < kept; ++k) {
        std::vector<double>& component = result.components[k];
        std::size_t largest = 0;
        for (std::size_t i = 0; i < d; ++i) {
            component[i] = eigen.vector(k, i);
            if (std::abs(component[i]) > std::abs(component[largest]))
                largest = i;
        }
        if (component[largest] < 0) {
            for (double& value : component)
                value = -value;
        }
        result.explainedVarianceRatio[k] = trace > 0 ? std::max(0.0, eigen.values[k]) / trace : 0.0;
    }
    for (std::size_t p = 0; p < n; ++p) {
        for (std::size_t j = 0; j < d; ++j)
            row[j] = points[p][j] - result.mean[j];
        for (std::size_t k = 0; k < kept; ++k) {
            double sum = 0.0;
            for (std::size_t j = 0; j < d; ++j)
                sum += row[j] * result.components[k][j];
            result.coordinates[p * dims + k] = sum;
        }
    }
    return result;
}

} // namespace orrery::analysis
