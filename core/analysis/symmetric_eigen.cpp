#include "analysis/symmetric_eigen.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace orrery::analysis {

namespace {

//! Householder reduction of the symmetric matrix held in `v` (row-major n × n) to tridiagonal
//! form: d receives the diagonal, e the subdiagonal (e[0] = 0), v the orthogonal transformation.
void tridiagonalize(std::vector<double>& v, std::size_t n, std::vector<double>& d, std::vector<double>& e)
{
    const auto V = [&v, n](std::size_t r, std::size_t c) -> double& { return v[r * n + c]; };
    for (std::size_t j = 0; j < n; ++j)
        d[j] = V(n - 1, j);
    for (std::size_t i = n - 1; i > 0; --i) {
        double scale = 0.0;
        double h = 0.0;
        for (std::size_t k = 0; k < i; ++k)
            scale += std::abs(d[k]);
        if (scale == 0.0) {
            e[i] = d[i - 1];
            for (std::size_t j = 0; j < i; ++j) {
                d[j] = V(i - 1, j);
                V(i, j) = 0.0;
                V(j, i) = 0.0;
            }
        } else {
            for (std::size_t k = 0; k < i; ++k) {
                d[k] /= scale;
                h += d[k] * d[k];
            }
            double f = d[i - 1];
            double g = std::sqrt(h);
            if (f > 0)
                g = -g;
            e[i] = scale * g;
            h -= f * g;
            d[i - 1] = f - g;
            for (std::size_t j = 0; j < i; ++j)
                e[j] = 0.0;
            for (std::size_t j = 0; j < i; ++j) {
                f = d[j];
                V(j, i) = f;
                g = e[j] + V(j, j) * f;
                for (std::size_t k = j + 1; k + 1 <= i; ++k) {
                    g += V(k, j) * d[k];
                    e[k] += V(k, j) * f;
                }
                e[j] = g;
            }
            f = 0.0;
            for (std::size_t j = 0; j < i; ++j) {
                e[j] /= h;
                f += e[j] * d[j];
            }
            const double hh = f / (h + h);
            for (std::size_t j = 0; j < i; ++j)
                e[j] -= hh * d[j];
            for (std::size_t j = 0; j < i; ++j) {
                f = d[j];
                g = e[j];
                for (std::size_t k = j; k + 1 <= i; ++k)
                    V(k, j) -= (f * e[k] + g * d[k]);
                d[j] = V(i - 1, j);
                V(i, j) = 0.0;
            }
        }
        d[i] = h;
    }
    // Accumulate the transformations.
    for (std::size_t i = 0; i + 1 < n; ++i) {
        V(n - 1, i) = V(i, i);
        V(i, i) = 1.0;
        const double h = d[i + 1];
        if (h != 0.0) {
            for (std::size_t k = 0; k <= i; ++k)
                d[k] = V(k, i + 1) / h;
            for (std::size_t j = 0; j <= i; ++j) {
                double g = 0.0;
                for (std::size_t k = 0; k <= i; ++k)
                    g += V(k, i + 1) * V(k, j);
                for (std::size_t k = 0; k <= i; ++k)
                    V(k, j) -= g * d[k];
            }
        }
        for (std::size_t k = 0; k <= i; ++k)
            V(k, i + 1) = 0.0;
    }
    for (std::size_t j = 0; j < n; ++j) {
        d[j] = V(n - 1, j);
        V(n - 1, j) = 0.0;
    }
    V(n - 1, n - 1) = 1.0;
    e[0] = 0.0;
}

//! Implicit QL iterations on the tridiagonal (d, e), accumulating rotations into `v`: d ends
//! as the eigenvalues, column j of v as the eigenvector of d[j].
void diagonalize(std::vector<double>& v, std::size_t n, std::vector<double>& d, std::vector<double>& e)
{
    const auto V = [&v, n](std::size_t r, std::size_t c) -> double& { return v[r * n + c]; };
    for (std::size_t i = 1; i < n; ++i)
        e[i - 1] = e[i];
    e[n - 1] = 0.0;
    double f = 0.0;
    double tst1 = 0.0;
    const double eps = std::ldexp(1.0, -52);
    for (std::size_t l = 0; l < n; ++l) {
        tst1 = std::max(tst1, std::abs(d[l]) + std::abs(e[l]));
        std::size_t m = l;
        while (m < n - 1 && std::abs(e[m]) > eps * tst1)
            ++m;
        if (m > l) {
            int iterations = 0;
            do {
                if (++iterations > 300)
                    throw std::runtime_error("symmetricEigen: QL iteration did not converge");
                double g = d[l];
                double p = (d[l + 1] - g) / (2.0 * e[l]);
                double r = std::hypot(p, 1.0);
                if (p < 0)
                    r = -r;
                d[l] = e[l] / (p + r);
                d[l + 1] = e[l] * (p + r);
                const double dl1 = d[l + 1];
                double h = g - d[l];
                for (std::size_t i = l + 2; i < n; ++i)
                    d[i] -= h;
                f += h;
                p = d[m];
                double c = 1.0;
                double c2 = c;
                double c3 = c;
                const double el1 = e[l + 1];
                double s = 0.0;
                double s2 = 0.0;
                for (std::size_t i = m; i-- > l;) {
                    c3 = c2;
                    c2 = c;
                    s2 = s;
                    g = c * e[i];
                    h = c * p;
                    r = std::hypot(p, e[i]);
                    e[i + 1] = s * r;
                    s = e[i] / r;
                    c = p / r;
                    p = c * d[i] - s * g;
                    d[i + 1] = h + s * (c * g + s * d[i]);
                    for (std::size_t k = 0; k < n; ++k) {
                        h = V(k, i + 1);
                        V(k, i + 1) = s * V(k, i) + c * h;
                        V(k, i) = c * V(k, i) - s * h;
                    }
                }
                p = -s * s2 * c3 * el1 * e[l] / dl1;
                e[l] = s * p;
                d[l] = c * p;
            } while (std::abs(e[l]) > eps * tst1);
        }
        d[l] += f;
        e[l] = 0.0;
    }
}

} // namespace

SymmetricEigen symmetricEigen(std::vector<double> matrix, std::size_t n)
{
    if (matrix.size() != n * n)
        throw std::invalid_argument("symmetricEigen: matrix is not n × n");
    SymmetricEigen result;
    result.n = n;
    if (n == 0)
        return result;
    std::vector<double> d(n);
    std::vector<double> e(n);
    tridiagonalize(matrix, n, d, e);
    diagonalize(matrix, n, d, e);
    // Order by eigenvalue, largest first (stable: ties keep the algorithm's order).
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&d](std::size_t a, std::size_t b) { return d[a] > d[b]; });
    result.values.resize(n);
    result.vectors.resize(n * n);
    for (std::size_t k = 0; k < n; ++k) {
        result.values[k] = d[order[k]];
        for (std::size_t i = 0; i < n; ++i)
            result.vectors[k * n + i] = matrix[i * n + order[k]];
    }
    return result;
}

} // namespace orrery::analysis
