// bench_embedding: the Embedding view's projections (analysis/pca.h, analysis/tsne.h). Prints
// "<figure> <value> <unit>" lines (docs/architecture.md §11).
//   pca_1000x64   — PCA of 1,000 points of 64 dimensions to 2-D (median of 9 runs)
//   pca_2000x256  — PCA of 2,000 × 256 (median of 3 runs)
//   tsne_1000x64  — exact t-SNE of 1,000 × 64, perplexity 30, 1,000 steps (one run)
//   tsne_1000x64_per_step — the same divided by the steps
// The points are 8 Gaussian clusters (unit spread, centres drawn from N(0, 4²)), seed 42:
// embeddings of applications drawn from a few workload families look like this.
#include "analysis/pca.h"
#include "analysis/tsne.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

using namespace orrery;

namespace {

std::vector<std::vector<float>> clusteredPoints(std::size_t count, std::size_t dims)
{
    std::mt19937_64 engine(42);
    std::normal_distribution<float> normal;
    std::vector<std::vector<float>> centres(8, std::vector<float>(dims));
    for (auto& centre : centres) {
        for (float& value : centre)
            value = 4.0f * normal(engine);
    }
    std::vector<std::vector<float>> points(count, std::vector<float>(dims));
    for (std::size_t i = 0; i < count; ++i) {
        for (std::size_t k = 0; k < dims; ++k)
            points[i][k] = centres[i % centres.size()][k] + normal(engine);
    }
    return points;
}

template <typename F>
double medianMs(int runs, F&& run)
{
    std::vector<double> times;
    for (int r = 0; r < runs; ++r) {
        const auto started = std::chrono::steady_clock::now();
        run();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main()
{
    const auto small = clusteredPoints(1000, 64);
    double sink = 0.0;
    std::printf("pca_1000x64 %.2f ms\n", medianMs(9, [&] { sink += analysis::projectPca(small).at(0, 0); }));
    const auto large = clusteredPoints(2000, 256);
    std::printf("pca_2000x256 %.2f ms\n", medianMs(3, [&] { sink += analysis::projectPca(large).at(0, 0); }));
    int steps = 0;
    const double tsneMs = medianMs(1, [&] {
        const auto layout = analysis::projectTsne(small, 30.0, 1000, 1);
        steps = layout.iterations;
        sink += layout.x(0);
    });
    std::printf("tsne_1000x64 %.0f ms\n", tsneMs);
    std::printf("tsne_1000x64_per_step %.2f ms\n", tsneMs / steps);
    return sink == 12345.0 ? 1 : 0; // keeps the results alive
}
