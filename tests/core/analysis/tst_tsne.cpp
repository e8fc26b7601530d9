// Exact t-SNE (analysis/tsne.h): clusters stay apart, a seed gives one layout.
#include "analysis/tsne.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <random>
#include <vector>

using namespace orrery;

namespace {

//! `perCluster` points around each of two centres 20 apart in 32-D (unit spread).
std::vector<std::vector<float>> twoClusters(int perCluster, std::uint64_t seed)
{
    std::mt19937_64 engine(seed);
    std::normal_distribution<float> normal;
    std::vector<std::vector<float>> points;
    for (int c = 0; c < 2; ++c) {
        for (int p = 0; p < perCluster; ++p) {
            std::vector<float> x(32);
            for (std::size_t i = 0; i < x.size(); ++i)
                x[i] = normal(engine) + (c == 1 && i < 8 ? 7.1f : 0.0f); // ‖Δ‖ = 7.1·√8 ≈ 20
            points.push_back(std::move(x));
        }
    }
    return points;
}

//! The index of each point's nearest other point in the layout.
std::vector<std::size_t> nearestNeighbours(const analysis::TsneProjection& layout)
{
    std::vector<std::size_t> nearest(layout.count);
    for (std::size_t i = 0; i < layout.count; ++i) {
        double best = INFINITY;
        for (std::size_t j = 0; j < layout.count; ++j) {
            if (j == i)
                continue;
            const double d = std::hypot(layout.x(i) - layout.x(j), layout.y(i) - layout.y(j));
            if (d < best) {
                best = d;
                nearest[i] = j;
            }
        }
    }
    return nearest;
}

} // namespace

class TestTsne : public QObject {
    Q_OBJECT

private slots:
    void separatesTwoClusters()
    {
        const int perCluster = 60;
        const auto points = twoClusters(perCluster, 11);
        const auto layout = analysis::projectTsne(points, 15.0, 500, 42);
        QCOMPARE(layout.count, points.size());
        QCOMPARE(layout.iterations, 500);
        QVERIFY(!layout.cancelled);
        QVERIFY(std::isfinite(layout.klDivergence) && layout.klDivergence > 0);
        const auto nearest = nearestNeighbours(layout);
        for (std::size_t i = 0; i < nearest.size(); ++i) {
            const bool sameCluster = (i < perCluster) == (nearest[i] < perCluster);
            QVERIFY2(sameCluster, qPrintable(QStringLiteral("point %1's neighbour is %2").arg(i).arg(nearest[i])));
        }
        // The clusters' centroids lie further apart than each cluster's mean radius.
        double c[2][2] = {{0, 0}, {0, 0}};
        for (std::size_t i = 0; i < layout.count; ++i) {
            c[i < perCluster ? 0 : 1][0] += layout.x(i) / perCluster;
            c[i < perCluster ? 0 : 1][1] += layout.y(i) / perCluster;
        }
        double radius = 0.0;
        for (std::size_t i = 0; i < layout.count; ++i) {
            const auto& centre = c[i < perCluster ? 0 : 1];
            radius += std::hypot(layout.x(i) - centre[0], layout.y(i) - centre[1]) / static_cast<double>(layout.count);
        }
        const double gap = std::hypot(c[0][0] - c[1][0], c[0][1] - c[1][1]);
        QVERIFY2(gap > 2.0 * radius, qPrintable(QStringLiteral("gap %1, radius %2").arg(gap).arg(radius)));
    }

    void deterministicForASeed()
    {
        const auto points = twoClusters(30, 5);
        const auto first = analysis::projectTsne(points, 10.0, 200, 7);
        const auto again = analysis::projectTsne(points, 10.0, 200, 7);
        QVERIFY(first.coordinates == again.coordinates);
        QCOMPARE(first.klDivergence, again.klDivergence);
        const auto other = analysis::projectTsne(points, 10.0, 200, 8);
        QVERIFY(first.coordinates != other.coordinates);
    }

    void clampsPerplexityAndHandlesSmallInputs()
    {
        const auto points = twoClusters(5, 1); // 10 points: perplexity at most 3
        const auto layout = analysis::projectTsne(points, 30.0, 100, 1);
        QCOMPARE(layout.perplexity, 3.0);
        for (double value : layout.coordinates)
            QVERIFY(std::isfinite(value));
        QCOMPARE(analysis::projectTsne({}, 30.0, 100, 1).count, std::size_t{0});
        const std::vector<std::vector<float>> two{{0.0f}, {5.0f}};
        const auto pair = analysis::projectTsne(two);
        QCOMPARE(pair.coordinates, (std::vector<double>{-0.5, 0.0, 0.5, 0.0}));
        const std::vector<std::vector<float>> ragged{{1.0f, 2.0f}, {1.0f}, {2.0f}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, std::ignore = analysis::projectTsne(ragged));
    }

    void cancelStopsEarly()
    {
        const auto points = twoClusters(20, 2);
        std::atomic<bool> cancel{true};
        const auto layout = analysis::projectTsne(points, 10.0, 1000, 1, &cancel);
        QVERIFY(layout.cancelled);
        QCOMPARE(layout.iterations, 0);
    }
};

QTEST_APPLESS_MAIN(TestTsne)
#include "tst_tsne.moc"
