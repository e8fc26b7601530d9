// PCA (analysis/pca.h) and the symmetric eigen-solver under it (analysis/symmetric_eigen.h).
#include "analysis/pca.h"
#include "analysis/symmetric_eigen.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace orrery;

namespace {

//! A random symmetric n × n matrix with entries in [-1, 1].
std::vector<double> randomSymmetric(std::size_t n, std::uint64_t seed)
{
    std::mt19937_64 engine(seed);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    std::vector<double> matrix(n * n);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i; j < n; ++j)
            matrix[i * n + j] = matrix[j * n + i] = uniform(engine);
    }
    return matrix;
}

//! max over k of ‖A vₖ − λₖ vₖ‖∞ and max |vₖ·vₗ − δₖₗ|.
std::pair<double, double> residuals(const std::vector<double>& a, const analysis::SymmetricEigen& eigen)
{
    const std::size_t n = eigen.n;
    double residual = 0.0;
    double orthogonality = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        for (std::size_t i = 0; i < n; ++i) {
            double av = 0.0;
            for (std::size_t j = 0; j < n; ++j)
                av += a[i * n + j] * eigen.vector(k, j);
            residual = std::max(residual, std::abs(av - eigen.values[k] * eigen.vector(k, i)));
        }
        for (std::size_t l = 0; l < n; ++l) {
            double dot = 0.0;
            for (std::size_t i = 0; i < n; ++i)
                dot += eigen.vector(k, i) * eigen.vector(l, i);
            orthogonality = std::max(orthogonality, std::abs(dot - (k == l ? 1.0 : 0.0)));
        }
    }
    return {residual, orthogonality};
}

//! A rotation of R^3 with axes u, v, w (orthonormal, none aligned with the coordinate axes).
const double kAxes[3][3] = {
    {2.0 / 3.0, 2.0 / 3.0, 1.0 / 3.0},
    {-2.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0},
    {1.0 / 3.0, -2.0 / 3.0, 2.0 / 3.0},
};

} // namespace

class TestPca : public QObject {
    Q_OBJECT

private slots:
    void eigenOfDiagonalAndKnownMatrix()
    {
        const auto diagonal = analysis::symmetricEigen({3, 0, 0, 0, 7, 0, 0, 0, -1}, 3);
        QCOMPARE(diagonal.values.size(), std::size_t{3});
        QVERIFY(std::abs(diagonal.values[0] - 7) < 1e-12);
        QVERIFY(std::abs(diagonal.values[1] - 3) < 1e-12);
        QVERIFY(std::abs(diagonal.values[2] + 1) < 1e-12);
        QVERIFY(std::abs(std::abs(diagonal.vector(0, 1)) - 1) < 1e-12);
        // [[2, 1], [1, 2]]: eigenvalues 3 and 1, eigenvectors (1, 1)/√2 and (1, −1)/√2.
        const auto pair = analysis::symmetricEigen({2, 1, 1, 2}, 2);
        QVERIFY(std::abs(pair.values[0] - 3) < 1e-12);
        QVERIFY(std::abs(pair.values[1] - 1) < 1e-12);
        QVERIFY(std::abs(std::abs(pair.vector(0, 0)) - std::sqrt(0.5)) < 1e-12);
        QVERIFY(std::abs(pair.vector(0, 0) - pair.vector(0, 1)) < 1e-12);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, std::ignore = analysis::symmetricEigen({1, 2, 3}, 2));
    }

    void eigenOfRandomMatricesSatisfiesDefinition_data()
    {
        QTest::addColumn<int>("n");
        QTest::newRow("1") << 1;
        QTest::newRow("5") << 5;
        QTest::newRow("40") << 40;
        QTest::newRow("256") << 256;
    }

    void eigenOfRandomMatricesSatisfiesDefinition()
    {
        QFETCH(int, n);
        const auto a = randomSymmetric(static_cast<std::size_t>(n), 17 + static_cast<std::uint64_t>(n));
        const auto eigen = analysis::symmetricEigen(a, static_cast<std::size_t>(n));
        const auto [residual, orthogonality] = residuals(a, eigen);
        QVERIFY2(residual < 1e-9, qPrintable(QString::number(residual)));
        QVERIFY2(orthogonality < 1e-9, qPrintable(QString::number(orthogonality)));
        QVERIFY(std::is_sorted(eigen.values.rbegin(), eigen.values.rend()));
        double trace = 0.0, sum = 0.0;
        for (int i = 0; i < n; ++i) {
            trace += a[static_cast<std::size_t>(i * n + i)];
            sum += eigen.values[static_cast<std::size_t>(i)];
        }
        QVERIFY(std::abs(trace - sum) < 1e-9);
    }

    void recoversPrincipalDirectionsOfAnisotropicGaussian()
    {
        // 5,000 points with standard deviations 3, 2 and 1 along the rotated axes u, v, w,
        // centred at (10, −5, 2): PC1 ∥ u, PC2 ∥ v, variance ratios 9/14, 4/14 (and 1/14).
        std::mt19937_64 engine(7);
        std::normal_distribution<double> normal;
        const double sigma[3] = {3.0, 2.0, 1.0};
        const double centre[3] = {10.0, -5.0, 2.0};
        std::vector<std::vector<float>> points;
        for (int p = 0; p < 5000; ++p) {
            double z[3];
            for (int k = 0; k < 3; ++k)
                z[k] = sigma[k] * normal(engine);
            std::vector<float> x(3);
            for (int i = 0; i < 3; ++i)
                x[static_cast<std::size_t>(i)] = static_cast<float>(centre[i] + z[0] * kAxes[0][i] + z[1] * kAxes[1][i] + z[2] * kAxes[2][i]);
            points.push_back(std::move(x));
        }
        const auto pca = analysis::projectPca(points, 3);
        QCOMPARE(pca.count, points.size());
        QCOMPARE(pca.dims, std::size_t{3});
        for (int k = 0; k < 3; ++k) {
            double dot = 0.0;
            for (int i = 0; i < 3; ++i)
                dot += pca.components[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)] * kAxes[k][i];
            QVERIFY2(std::abs(dot) > 0.995, qPrintable(QStringLiteral("PC%1 · axis = %2").arg(k + 1).arg(dot)));
        }
        QVERIFY2(std::abs(pca.explainedVarianceRatio[0] - 9.0 / 14.0) < 0.02, qPrintable(QString::number(pca.explainedVarianceRatio[0])));
        QVERIFY2(std::abs(pca.explainedVarianceRatio[1] - 4.0 / 14.0) < 0.02, qPrintable(QString::number(pca.explainedVarianceRatio[1])));
        QVERIFY(std::abs(pca.explainedVarianceRatio[2] - 1.0 / 14.0) < 0.01);
        QVERIFY(std::abs(pca.mean[0] - 10.0) < 0.15 && std::abs(pca.mean[1] + 5.0) < 0.15);
        // Canonical sign: each component's largest-magnitude loading is positive. u's largest
        // loadings are its first two (2/3): the component must point along +u, not −u.
        for (const auto& component : pca.components) {
            const auto largest = std::max_element(component.begin(), component.end(),
                                                  [](double a, double b) { return std::abs(a) < std::abs(b); });
            QVERIFY(*largest > 0);
        }
        QVERIFY(pca.components[0][0] > 0 && pca.components[0][1] > 0);
        // The first coordinate has the variance of PC1 (9) and the coordinates are centred.
        double sum = 0.0, squares = 0.0;
        for (std::size_t p = 0; p < pca.count; ++p) {
            sum += pca.at(p, 0);
            squares += pca.at(p, 0) * pca.at(p, 0);
        }
        QVERIFY(std::abs(sum / 5000.0) < 1e-6);
        QVERIFY2(std::abs(squares / 4999.0 - 9.0) < 0.5, qPrintable(QString::number(squares / 4999.0)));
    }

    void pointsAlongALineAreOneDimensional()
    {
        // 200 points on the line a + t·d in 16-D: one component carries all the variance and
        // the second coordinate is 0.
        std::vector<std::vector<float>> points;
        for (int p = 0; p < 200; ++p) {
            const double t = -1.0 + 0.01 * p;
            std::vector<float> x(16);
            for (int i = 0; i < 16; ++i)
                x[static_cast<std::size_t>(i)] = static_cast<float>(0.5 * i + t * (i % 3 == 0 ? 2.0 : -1.0));
            points.push_back(std::move(x));
        }
        const auto pca = analysis::projectPca(points);
        QCOMPARE(pca.dims, std::size_t{2});
        QVERIFY2(pca.explainedVarianceRatio[0] > 0.999999, qPrintable(QString::number(pca.explainedVarianceRatio[0])));
        QVERIFY(pca.explainedVarianceRatio[1] < 1e-6);
        double spread = 0.0;
        for (std::size_t p = 0; p < pca.count; ++p) {
            QVERIFY2(std::abs(pca.at(p, 1)) < 1e-4, qPrintable(QString::number(pca.at(p, 1))));
            spread = std::max(spread, std::abs(pca.at(p, 0)));
        }
        QVERIFY(spread > 1.0);
        // The order along the line is kept (monotone in t, one direction or the other).
        const double direction = pca.at(1, 0) - pca.at(0, 0);
        for (std::size_t p = 1; p < pca.count; ++p)
            QVERIFY((pca.at(p, 0) - pca.at(p - 1, 0)) * direction > 0);
    }

    void deterministicAndDegenerateInputs()
    {
        std::mt19937_64 engine(3);
        std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
        std::vector<std::vector<float>> points(300, std::vector<float>(64));
        for (auto& point : points) {
            for (float& value : point)
                value = uniform(engine);
        }
        const auto first = analysis::projectPca(points);
        const auto second = analysis::projectPca(points);
        QVERIFY(first.coordinates == second.coordinates);
        QCOMPARE(first.coordinates.size(), std::size_t{600});

        QCOMPARE(analysis::projectPca({}).count, std::size_t{0});
        const std::vector<std::vector<float>> one{{1.0f, 2.0f}};
        const auto single = analysis::projectPca(one);
        QCOMPARE(single.coordinates, (std::vector<double>{0.0, 0.0}));
        QCOMPARE(single.explainedVarianceRatio, (std::vector<double>{0.0, 0.0}));
        // More components asked for than there are dimensions: the extra ones stay 0.
        const std::vector<std::vector<float>> flat{{0.0f}, {1.0f}, {3.0f}};
        const auto wide = analysis::projectPca(flat, 2);
        QCOMPARE(wide.explainedVarianceRatio[0], 1.0);
        QCOMPARE(wide.at(2, 1), 0.0);
        const std::vector<std::vector<float>> ragged{{1.0f, 2.0f}, {1.0f}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, std::ignore = analysis::projectPca(ragged));
    }
};

QTEST_APPLESS_MAIN(TestPca)
#include "tst_pca.moc"
