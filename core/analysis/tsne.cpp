#include "analysis/tsne.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>

namespace orrery::analysis {

namespace {

constexpr double kMinProbability = 1e-12;

//! Squared Euclidean distances between all points (N × N, row-major).
std::vector<double> squaredDistances(std::span<const std::vector<float>> points)
{
    const std::size_t n = points.size();
    std::vector<double> distances(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const std::vector<float>& a = points[i];
        for (std::size_t j = i + 1; j < n; ++j) {
            const std::vector<float>& b = points[j];
            double sum = 0.0;
            for (std::size_t k = 0; k < a.size(); ++k) {
                const double delta = static_cast<double>(a[k]) - static_cast<double>(b[k]);
                sum += delta * delta;
            }
            distances[i * n + j] = sum;
            distances[j * n + i] = sum;
        }
    }
    return distances;
}

//! Row i of the conditional affinities P(j|i), with the bandwidth found by bisection on
//! β = 1 / (2σ²) so that the row's entropy is log(perplexity).
void conditionalRow(const double* distances, std::size_t n, std::size_t i, double logPerplexity, double* row)
{
    double beta = 1.0;
    double low = 0.0;
    double high = std::numeric_limits<double>::infinity();
    // Distances relative to the row's nearest neighbour keep exp() in range for any scale.
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) {
        if (j != i)
            nearest = std::min(nearest, distances[j]);
    }
    for (int attempt = 0; attempt < 100; ++attempt) {
        double sum = 0.0;
        double weighted = 0.0;
        for (std::size_t j = 0; j < n; ++j) {
            if (j == i) {
                row[j] = 0.0;
                continue;
            }
            const double shifted = distances[j] - nearest;
            row[j] = std::exp(-beta * shifted);
            sum += row[j];
            weighted += shifted * row[j];
        }
        // H = log Z + β⟨d⟩ (natural logarithm).
        const double entropy = std::log(sum) + beta * weighted / sum;
        for (std::size_t j = 0; j < n; ++j)
            row[j] /= sum;
        const double difference = entropy - logPerplexity;
        if (std::abs(difference) < 1e-5)
            return;
        if (difference > 0) { // too flat: narrow the kernel
            low = beta;
            beta = std::isinf(high) ? beta * 2.0 : (beta + high) / 2.0;
        } else {
            high = beta;
            beta = (beta + low) / 2.0;
        }
    }
}

//! A standard normal draw from two uniform draws (Box–Muller), the same on every platform.
double normal(std::mt19937_64& engine)
{
    constexpr double scale = 1.0 / 9007199254740992.0; // 2^-53
    const double u1 = (static_cast<double>(engine() >> 11) + 1.0) * scale; // (0, 1]
    const double u2 = static_cast<double>(engine() >> 11) * scale;         // [0, 1)
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

} // namespace

TsneProjection projectTsne(std::span<const std::vector<float>> points, double perplexity, int iterations,
                           std::uint64_t seed, const std::atomic<bool>* cancel)
{
    TsneProjection result;
    const std::size_t n = points.size();
    result.count = n;
    result.coordinates.assign(2 * n, 0.0);
    if (n == 0)
        return result;
    for (const auto& point : points) {
        if (point.size() != points.front().size())
            throw std::invalid_argument("projectTsne: points differ in dimension");
    }
    if (n < 3) {
        // Nothing to lay out: points on a line, one unit apart.
        for (std::size_t i = 0; i < n; ++i)
            result.coordinates[2 * i] = static_cast<double>(i) - static_cast<double>(n - 1) / 2.0;
        return result;
    }
    result.perplexity = std::clamp(perplexity, 1.0, static_cast<double>(n - 1) / 3.0);

    // Joint affinities P (symmetric, summing to 1).
    std::vector<double> p = squaredDistances(points);
    {
        std::vector<double> conditional(n * n, 0.0);
        const double logPerplexity = std::log(result.perplexity);
        for (std::size_t i = 0; i < n; ++i)
            conditionalRow(p.data() + i * n, n, i, logPerplexity, conditional.data() + i * n);
        const double norm = 2.0 * static_cast<double>(n);
        for (std::size_t i = 0; i < n; ++i) {
            p[i * n + i] = 0.0;
            for (std::size_t j = i + 1; j < n; ++j) {
                const double value = std::max((conditional[i * n + j] + conditional[j * n + i]) / norm, kMinProbability);
                p[i * n + j] = value;
                p[j * n + i] = value;
            }
        }
    }

    std::mt19937_64 engine(seed);
    std::vector<double>& y = result.coordinates;
    for (double& value : y)
        value = 1e-4 * normal(engine);

    const int exaggerationSteps = std::min(250, iterations / 4);
    const double learningRate = std::max(static_cast<double>(n) / 12.0, 50.0);
    std::vector<double> velocity(2 * n, 0.0);
    std::vector<double> gains(2 * n, 1.0);
    std::vector<double> attractive(2 * n);
    std::vector<double> repulsive(2 * n);
    for (int step = 0; step < iterations; ++step) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            result.cancelled = true;
            break;
        }
        const double exaggeration = step < exaggerationSteps ? 12.0 : 1.0;
        const double momentum = step < exaggerationSteps ? 0.5 : 0.8;
        // One pass over the pairs: ∂C/∂yᵢ = 4 Σⱼ (pᵢⱼ − qᵢⱼ) wᵢⱼ (yᵢ − yⱼ) with wᵢⱼ = 1 / (1 + ‖yᵢ − yⱼ‖²)
        // and qᵢⱼ = wᵢⱼ / Z, split into Σ pᵢⱼ wᵢⱼ (yᵢ − yⱼ) and (1/Z) Σ wᵢⱼ² (yᵢ − yⱼ) so that Z
        // is only needed at the end.
        std::fill(attractive.begin(), attractive.end(), 0.0);
        std::fill(repulsive.begin(), repulsive.end(), 0.0);
        double z = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double xi = y[2 * i];
            const double yi = y[2 * i + 1];
            const double* pRow = p.data() + i * n;
            double ax = 0.0, ay = 0.0, rx = 0.0, ry = 0.0;
            for (std::size_t j = i + 1; j < n; ++j) {
                const double dx = xi - y[2 * j];
                const double dy = yi - y[2 * j + 1];
                const double w = 1.0 / (1.0 + dx * dx + dy * dy);
                z += w;
                const double pw = pRow[j] * w;
                const double ww = w * w;
                ax += pw * dx;
                ay += pw * dy;
                rx += ww * dx;
                ry += ww * dy;
                attractive[2 * j] -= pw * dx;
                attractive[2 * j + 1] -= pw * dy;
                repulsive[2 * j] -= ww * dx;
                repulsive[2 * j + 1] -= ww * dy;
            }
            attractive[2 * i] += ax;
            attractive[2 * i + 1] += ay;
            repulsive[2 * i] += rx;
            repulsive[2 * i + 1] += ry;
        }
        z *= 2.0; // each pair counted once above
        for (std::size_t k = 0; k < 2 * n; ++k) {
            const double gradient = 4.0 * (exaggeration * attractive[k] - repulsive[k] / z);
            gains[k] = (gradient > 0) == (velocity[k] > 0) ? std::max(gains[k] * 0.8, 0.01) : gains[k] + 0.2;
            velocity[k] = momentum * velocity[k] - learningRate * gains[k] * gradient;
            y[k] += velocity[k];
        }
        // Keep the layout centred.
        double cx = 0.0, cy = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            cx += y[2 * i];
            cy += y[2 * i + 1];
        }
        cx /= static_cast<double>(n);
        cy /= static_cast<double>(n);
        for (std::size_t i = 0; i < n; ++i) {
            y[2 * i] -= cx;
            y[2 * i + 1] -= cy;
        }
        result.iterations = step + 1;
    }

    // KL(P‖Q) of the layout reached.
    double z = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const double dx = y[2 * i] - y[2 * j];
            const double dy = y[2 * i + 1] - y[2 * j + 1];
            z += 2.0 / (1.0 + dx * dx + dy * dy);
        }
    }
    double kl = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const double dx = y[2 * i] - y[2 * j];
            const double dy = y[2 * i + 1] - y[2 * j + 1];
            const double q = std::max(1.0 / (1.0 + dx * dx + dy * dy) / z, kMinProbability);
            kl += 2.0 * p[i * n + j] * std::log(p[i * n + j] / q);
        }
    }
    result.klDivergence = kl;
    return result;
}

} // namespace orrery::analysis
