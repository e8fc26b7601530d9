#include "learn/output_length_classifier.h"

#include "learn/seeded_random.h"
#include "learn/torch_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace orrery::learn {

std::string_view objectiveName(LengthObjective objective)
{
    switch (objective) {
    case LengthObjective::OrdinalMse:
        return "ord-mse";
    case LengthObjective::OrdinalL1:
        return "ord-l1";
    case LengthObjective::CrossEntropy:
        return "cls-ce";
    case LengthObjective::RegressionMse:
        return "reg-mse";
    case LengthObjective::RegressionL1:
        return "reg-l1";
    }
    return "?";
}

namespace {

bool isRegression(LengthObjective o)
{
    return o == LengthObjective::RegressionMse || o == LengthObjective::RegressionL1;
}

torch::nn::Sequential makeMlp(const OutputLengthClassifierConfig& c, std::int64_t outputs)
{
    torch::nn::Sequential net;
    auto width = static_cast<std::int64_t>(c.inputDim);
    const auto hidden = static_cast<std::int64_t>(c.hiddenUnits);
    for (std::size_t l = 0; l < c.hiddenLayers; ++l) {
        net->push_back(torch::nn::Linear(width, hidden));
        net->push_back(torch::nn::ReLU());
        width = hidden;
    }
    net->push_back(torch::nn::Linear(width, outputs));
    return net;
}

//! U(−1/√fan_in, 1/√fan_in) for every weight and bias (LibTorch's default bounds), drawn from
//! the classifier's own generator so that nothing else in the process changes the weights.
void initialise(const torch::nn::Sequential& net, at::Generator& generator)
{
    torch::NoGradGuard noGrad;
    for (const auto& module : net->modules(/*include_self=*/false)) {
        if (auto* linear = module->as<torch::nn::Linear>()) {
            const double bound = 1.0 / std::sqrt(static_cast<double>(linear->weight.size(1)));
            linear->weight.uniform_(-bound, bound, generator);
            linear->bias.uniform_(-bound, bound, generator);
        }
    }
}

void requireRows(std::span<const float> features, std::span<const std::uint32_t> groups, std::size_t inputDim,
                 std::size_t groupCount, const char* where)
{
    if (features.size() != groups.size() * inputDim)
        throw std::invalid_argument(std::string(where) + ": " + std::to_string(features.size())
                                    + " feature values for " + std::to_string(groups.size())
                                    + " rows of inputDim " + std::to_string(inputDim) + " (mismatched sizes)");
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (groups[i] >= groupCount)
            throw std::invalid_argument(std::string(where) + ": row " + std::to_string(i) + " has group "
                                        + std::to_string(groups[i]) + ", expected < " + std::to_string(groupCount));
    for (std::size_t i = 0; i < features.size(); ++i)
        if (!std::isfinite(features[i]))
            throw std::invalid_argument(std::string(where) + ": feature " + std::to_string(i % inputDim) + " of row "
                                        + std::to_string(i / inputDim) + " is not finite");
}

} // namespace

struct OutputLengthClassifier::Impl {
    OutputLengthClassifierConfig config;
    torch::nn::Sequential net{nullptr};
    std::vector<float> mean;   //!< per feature, of the training rows
    std::vector<float> scale;  //!< 1 / standard deviation (1 for a constant feature)
    std::vector<Boundaries> boundaries;
    double targetMean = 0;     //!< regression: of log(1 + length) over the training rows
    double targetStd = 1;
    bool trained = false;

    std::int64_t outputs() const { return config.objective == LengthObjective::CrossEntropy ? kClasses : 1; }

    torch::Tensor standardised(std::span<const float> features, std::size_t rows) const
    {
        const std::size_t dim = config.inputDim;
        std::vector<float> x(features.begin(), features.end());
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t j = 0; j < dim; ++j)
                x[r * dim + j] = (x[r * dim + j] - mean[j]) * scale[j];
        return torch::tensor(x).reshape({static_cast<std::int64_t>(rows), static_cast<std::int64_t>(dim)});
    }

    //! The network's raw output for rows, rows × outputs (ordinal/regression: rows × 1).
    torch::Tensor forward(std::span<const float> features, std::size_t rows) // Sequential::forward is non-const
    {
        torch::InferenceMode inference;
        return net->forward(standardised(features, rows)).contiguous();
    }

    void requireTrained(const char* where) const
    {
        if (!trained)
            throw std::logic_error(std::string(where) + ": the classifier has not been trained (call fit first)");
    }
};

OutputLengthClassifier::OutputLengthClassifier(const OutputLengthClassifierConfig& config)
    : m_impl(std::make_unique<Impl>())
{
    if (config.inputDim == 0)
        throw std::invalid_argument("OutputLengthClassifier: inputDim must be positive");
    if (config.groups == 0)
        throw std::invalid_argument("OutputLengthClassifier: groups must be positive");
    if (config.hiddenLayers > 0 && config.hiddenUnits == 0)
        throw std::invalid_argument("OutputLengthClassifier: hiddenUnits must be positive when there are hidden layers");
    if (config.epochs == 0 || config.batchSize == 0)
        throw std::invalid_argument("OutputLengthClassifier: epochs and batchSize must be positive");
    if (!(config.learningRate > 0) || !(config.weightDecay >= 0))
        throw std::invalid_argument("OutputLengthClassifier: learningRate must be positive and weightDecay not negative");
    m_impl->config = config;
}

OutputLengthClassifier::~OutputLengthClassifier() = default;
OutputLengthClassifier::OutputLengthClassifier(OutputLengthClassifier&&) noexcept = default;
OutputLengthClassifier& OutputLengthClassifier::operator=(OutputLengthClassifier&&) noexcept = default;

OutputLengthClassifier::Boundaries OutputLengthClassifier::percentileBoundaries(std::span<const double> lengths)
{
    if (lengths.empty())
        throw std::invalid_argument("OutputLengthClassifier::percentileBoundaries: no lengths");
    std::vector<double> sorted(lengths.begin(), lengths.end());
    std::sort(sorted.begin(), sorted.end());
    constexpr std::array<double, 4> kQuantiles{0.25, 0.50, 0.75, 0.99};
    Boundaries out{};
    for (std::size_t i = 0; i < kQuantiles.size(); ++i)
        out[i] = sorted[static_cast<std::size_t>(std::floor(kQuantiles[i] * static_cast<double>(sorted.size() - 1)))];
    return out;
}

int OutputLengthClassifier::classIn(const Boundaries& boundaries, double length)
{
    int c = 0;
    while (c < 4 && length >= boundaries[static_cast<std::size_t>(c)])
        ++c;
    return c;
}

LengthTrainingReport OutputLengthClassifier::fit(std::span<const float> features, std::span<const std::uint32_t> groups,
                                                 std::span<const double> lengths)
{
    const auto start = std::chrono::steady_clock::now();
    Impl& d = *m_impl;
    const OutputLengthClassifierConfig& c = d.config;
    const std::size_t rows = lengths.size();
    if (rows == 0)
        throw std::invalid_argument("OutputLengthClassifier::fit: no training rows (empty data)");
    if (groups.size() != rows)
        throw std::invalid_argument("OutputLengthClassifier::fit: " + std::to_string(groups.size()) + " groups for "
                                    + std::to_string(rows) + " lengths (mismatched sizes)");
    requireRows(features, groups, c.inputDim, c.groups, "OutputLengthClassifier::fit");
    for (std::size_t i = 0; i < rows; ++i)
        if (!std::isfinite(lengths[i]) || lengths[i] < 0)
            throw std::invalid_argument("OutputLengthClassifier::fit: length of row " + std::to_string(i)
                                        + " is negative or not finite");

    // Class boundaries per group, from these (training) lengths only.
    std::vector<std::vector<double>> perGroup(c.groups);
    for (std::size_t i = 0; i < rows; ++i)
        perGroup[groups[i]].push_back(lengths[i]);
    d.boundaries.assign(c.groups, Boundaries{});
    for (std::size_t g = 0; g < c.groups; ++g) {
        if (perGroup[g].empty())
            throw std::invalid_argument("OutputLengthClassifier::fit: group " + std::to_string(g)
                                        + " has no training rows");
        d.boundaries[g] = percentileBoundaries(perGroup[g]);
    }
    std::vector<int> labels(rows);
    for (std::size_t i = 0; i < rows; ++i)
        labels[i] = classIn(d.boundaries[groups[i]], lengths[i]);

    // Feature standardisation (double sums, so the order of rows matters only to rounding).
    const std::size_t dim = c.inputDim;
    d.mean.assign(dim, 0.0f);
    d.scale.assign(dim, 1.0f);
    for (std::size_t j = 0; j < dim; ++j) {
        double sum = 0;
        double sumSq = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            const double v = features[r * dim + j];
            sum += v;
            sumSq += v * v;
        }
        const double m = sum / static_cast<double>(rows);
        const double variance = std::max(sumSq / static_cast<double>(rows) - m * m, 0.0);
        d.mean[j] = static_cast<float>(m);
        d.scale[j] = variance > 1e-12 ? static_cast<float>(1.0 / std::sqrt(variance)) : 1.0f;
    }
    const torch::Tensor x = d.standardised(features, rows);

    torch::Tensor y;
    if (c.objective == LengthObjective::CrossEntropy) {
        std::vector<std::int64_t> target(labels.begin(), labels.end());
        y = torch::tensor(target, torch::kLong);
    } else if (isRegression(c.objective)) {
        std::vector<double> logs(rows);
        for (std::size_t i = 0; i < rows; ++i)
            logs[i] = std::log1p(lengths[i]);
        d.targetMean = std::accumulate(logs.begin(), logs.end(), 0.0) / static_cast<double>(rows);
        double variance = 0;
        for (double v : logs)
            variance += (v - d.targetMean) * (v - d.targetMean);
        variance /= static_cast<double>(rows);
        d.targetStd = variance > 1e-12 ? std::sqrt(variance) : 1.0;
        std::vector<float> target(rows);
        for (std::size_t i = 0; i < rows; ++i)
            target[i] = static_cast<float>((logs[i] - d.targetMean) / d.targetStd);
        y = torch::tensor(target);
    } else {
        std::vector<float> target(labels.begin(), labels.end());
        y = torch::tensor(target);
    }

    // A fresh network and optimiser every fit, seeded, so fit() is repeatable.
    d.net = makeMlp(c, d.outputs());
    at::Generator generator = detail::privateGenerator(c.seed);
    initialise(d.net, generator);
    torch::optim::Adam optimizer(d.net->parameters(),
                                 torch::optim::AdamOptions(c.learningRate).weight_decay(c.weightDecay));
    SeededRandom random(c.seed ^ 0x6A09E667F3BCC909ull);

    std::array<std::vector<std::int64_t>, kClasses> byClass;
    for (std::size_t i = 0; i < rows; ++i)
        byClass[static_cast<std::size_t>(labels[i])].push_back(static_cast<std::int64_t>(i));
    std::vector<std::size_t> presentClasses;
    for (std::size_t k = 0; k < byClass.size(); ++k)
        if (!byClass[k].empty())
            presentClasses.push_back(k);
    const bool resample = c.objective == LengthObjective::CrossEntropy && c.resample;

    LengthTrainingReport report;
    report.rows = rows;
    std::vector<std::int64_t> order(rows);
    d.net->train();
    for (std::size_t epoch = 0; epoch < c.epochs; ++epoch) {
        if (resample) {
            // Class-balanced: each draw picks a class uniformly, then one of its rows.
            for (auto& row : order) {
                const auto& pool = byClass[presentClasses[random.index(presentClasses.size())]];
                row = pool[random.index(pool.size())];
            }
        } else {
            std::iota(order.begin(), order.end(), std::int64_t{0});
            for (std::size_t i = order.size(); i > 1; --i) // Fisher–Yates
                std::swap(order[i - 1], order[random.index(i)]);
        }
        double lossSum = 0;
        std::size_t batches = 0;
        for (std::size_t begin = 0; begin < rows; begin += c.batchSize) {
            const std::size_t end = std::min(rows, begin + c.batchSize);
            const torch::Tensor index = torch::tensor(
                std::vector<std::int64_t>(order.begin() + static_cast<std::ptrdiff_t>(begin),
                                          order.begin() + static_cast<std::ptrdiff_t>(end)),
                torch::kLong);
            const torch::Tensor xb = x.index_select(0, index);
            const torch::Tensor yb = y.index_select(0, index);
            const torch::Tensor out = d.net->forward(xb);
            torch::Tensor loss;
            switch (c.objective) {
            case LengthObjective::CrossEntropy:
                loss = torch::nn::functional::cross_entropy(out, yb);
                break;
            case LengthObjective::OrdinalMse:
            case LengthObjective::RegressionMse:
                loss = torch::mse_loss(out.squeeze(1), yb);
                break;
            case LengthObjective::OrdinalL1:
            case LengthObjective::RegressionL1:
                loss = torch::l1_loss(out.squeeze(1), yb);
                break;
            }
            optimizer.zero_grad();
            loss.backward();
            optimizer.step();
            lossSum += loss.item<double>();
            ++batches;
            ++report.steps;
        }
        report.finalLoss = lossSum / static_cast<double>(std::max<std::size_t>(batches, 1));
    }
    d.net->eval();
    d.trained = true;
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

std::vector<double> OutputLengthClassifier::scores(std::span<const float> features,
                                                   std::span<const std::uint32_t> groups) const
{
    Impl& d = *m_impl; // the network's forward() is non-const
    d.requireTrained("OutputLengthClassifier::scores");
    requireRows(features, groups, d.config.inputDim, d.config.groups, "OutputLengthClassifier::scores");
    const std::size_t rows = groups.size();
    std::vector<double> out(rows);
    if (rows == 0)
        return out;
    torch::Tensor raw = d.forward(features, rows);
    if (d.config.objective == LengthObjective::CrossEntropy) {
        torch::InferenceMode inference;
        raw = (torch::softmax(raw, 1) * torch::arange(kClasses, torch::kFloat)).sum(1).contiguous();
    }
    const float* p = raw.data_ptr<float>();
    for (std::size_t i = 0; i < rows; ++i)
        out[i] = p[i];
    return out;
}

std::vector<int> OutputLengthClassifier::predictClasses(std::span<const float> features,
                                                        std::span<const std::uint32_t> groups) const
{
    Impl& d = *m_impl; // the network's forward() is non-const
    d.requireTrained("OutputLengthClassifier::predictClasses");
    requireRows(features, groups, d.config.inputDim, d.config.groups, "OutputLengthClassifier::predictClasses");
    const std::size_t rows = groups.size();
    std::vector<int> out(rows);
    if (rows == 0)
        return out;
    const torch::Tensor raw = d.forward(features, rows);
    const float* p = raw.data_ptr<float>();
    for (std::size_t i = 0; i < rows; ++i) {
        switch (d.config.objective) {
        case LengthObjective::CrossEntropy: {
            const float* logits = p + i * kClasses;
            out[i] = static_cast<int>(std::max_element(logits, logits + kClasses) - logits); // first maximum
            break;
        }
        case LengthObjective::OrdinalMse:
        case LengthObjective::OrdinalL1:
            out[i] = static_cast<int>(std::clamp(std::lround(static_cast<double>(p[i])), 0L, long{kClasses - 1}));
            break;
        case LengthObjective::RegressionMse:
        case LengthObjective::RegressionL1: {
            const double length = std::expm1(static_cast<double>(p[i]) * d.targetStd + d.targetMean);
            out[i] = classIn(d.boundaries[groups[i]], length);
            break;
        }
        }
    }
    return out;
}

int OutputLengthClassifier::classOf(std::uint32_t group, double length) const
{
    return classIn(boundaries(group), length);
}

const OutputLengthClassifier::Boundaries& OutputLengthClassifier::boundaries(std::uint32_t group) const
{
    const Impl& d = *m_impl;
    d.requireTrained("OutputLengthClassifier::boundaries");
    if (group >= d.boundaries.size())
        throw std::invalid_argument("OutputLengthClassifier::boundaries: group " + std::to_string(group)
                                    + ", expected < " + std::to_string(d.boundaries.size()));
    return d.boundaries[group];
}

bool OutputLengthClassifier::trained() const
{
    return m_impl->trained;
}

const OutputLengthClassifierConfig& OutputLengthClassifier::config() const
{
    return m_impl->config;
}

LengthClassMetrics evaluateLengthClasses(std::span<const int> truth, std::span<const int> predicted,
                                         std::span<const std::uint32_t> groups, std::span<const double> scores)
{
    constexpr std::size_t K = OutputLengthClassifier::kClasses;
    const std::size_t n = truth.size();
    if (n == 0)
        throw std::invalid_argument("evaluateLengthClasses: no rows (empty data)");
    if (predicted.size() != n || groups.size() != n || (!scores.empty() && scores.size() != n))
        throw std::invalid_argument("evaluateLengthClasses: " + std::to_string(n) + " true classes, "
                                    + std::to_string(predicted.size()) + " predicted, " + std::to_string(groups.size())
                                    + " groups, " + std::to_string(scores.size()) + " scores (mismatched sizes)");
    for (std::size_t i = 0; i < n; ++i)
        if (truth[i] < 0 || truth[i] >= static_cast<int>(K) || predicted[i] < 0 || predicted[i] >= static_cast<int>(K))
            throw std::invalid_argument("evaluateLengthClasses: row " + std::to_string(i) + " has a class outside 0…4");

    LengthClassMetrics m;
    m.rows = n;
    // Confusion per group (for the stratified τ-b) and pooled.
    const std::uint32_t groupCount = *std::max_element(groups.begin(), groups.end()) + 1;
    std::vector<std::array<std::array<double, K>, K>> confusion(groupCount);
    std::array<std::array<double, K>, K> pooled{};
    double l1 = 0;
    double sq = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto t = static_cast<std::size_t>(truth[i]);
        const auto p = static_cast<std::size_t>(predicted[i]);
        confusion[groups[i]][t][p] += 1;
        pooled[t][p] += 1;
        ++m.trueCounts[t];
        ++m.predictedCounts[p];
        const double e = static_cast<double>(predicted[i] - truth[i]);
        l1 += std::abs(e);
        sq += e * e;
    }
    const auto rows = static_cast<double>(n);
    m.l1Error = l1 / rows;
    m.mse = sq / rows;
    double correct = 0;
    double precisionSum = 0;
    double recallSum = 0;
    double f1Sum = 0;
    std::size_t present = 0;
    for (std::size_t k = 0; k < K; ++k) {
        correct += pooled[k][k];
        if (m.trueCounts[k] == 0 && m.predictedCounts[k] == 0)
            continue;
        ++present;
        const double precision = m.predictedCounts[k] > 0 ? pooled[k][k] / static_cast<double>(m.predictedCounts[k]) : 0.0;
        const double recall = m.trueCounts[k] > 0 ? pooled[k][k] / static_cast<double>(m.trueCounts[k]) : 0.0;
        precisionSum += precision;
        recallSum += recall;
        f1Sum += precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
    }
    m.accuracy = correct / rows;
    m.macroPrecision = precisionSum / static_cast<double>(present);
    m.macroRecall = recallSum / static_cast<double>(present);
    m.macroF1 = f1Sum / static_cast<double>(present);

    // Kendall's τ-b over pairs within a group: (C − D) / √((P − T_true)(P − T_pred)).
    double concordant = 0;
    double discordant = 0;
    double pairs = 0;
    double tiesTrue = 0;
    double tiesPredicted = 0;
    for (const auto& table : confusion) {
        double total = 0;
        std::array<double, K> rowSum{};
        std::array<double, K> colSum{};
        for (std::size_t t = 0; t < K; ++t)
            for (std::size_t p = 0; p < K; ++p) {
                total += table[t][p];
                rowSum[t] += table[t][p];
                colSum[p] += table[t][p];
                for (std::size_t t2 = t + 1; t2 < K; ++t2)
                    for (std::size_t p2 = 0; p2 < K; ++p2) {
                        if (p2 > p)
                            concordant += table[t][p] * table[t2][p2];
                        else if (p2 < p)
                            discordant += table[t][p] * table[t2][p2];
                    }
            }
        pairs += total * (total - 1) / 2;
        for (std::size_t k = 0; k < K; ++k) {
            tiesTrue += rowSum[k] * (rowSum[k] - 1) / 2;
            tiesPredicted += colSum[k] * (colSum[k] - 1) / 2;
        }
    }
    const double denominator = std::sqrt((pairs - tiesTrue) * (pairs - tiesPredicted));
    m.kendallTau = denominator > 0 ? (concordant - discordant) / denominator : 0.0;

    // Concordance of scores over pairs in one group with different true classes.
    if (scores.empty()) {
        m.pairwiseRanking = std::numeric_limits<double>::quiet_NaN();
    } else {
        double agree = 0;
        double compared = 0;
        for (std::uint32_t g = 0; g < groupCount; ++g) {
            std::array<std::vector<double>, K> byClass;
            for (std::size_t i = 0; i < n; ++i)
                if (groups[i] == g)
                    byClass[static_cast<std::size_t>(truth[i])].push_back(scores[i]);
            for (auto& v : byClass)
                std::sort(v.begin(), v.end());
            for (std::size_t low = 0; low < K; ++low)
                for (std::size_t high = low + 1; high < K; ++high)
                    for (const double s : byClass[high]) {
                        const auto& lower = byClass[low];
                        const auto below = std::lower_bound(lower.begin(), lower.end(), s) - lower.begin();
                        const auto equal = std::upper_bound(lower.begin(), lower.end(), s) - lower.begin() - below;
                        agree += static_cast<double>(below) + 0.5 * static_cast<double>(equal);
                        compared += static_cast<double>(lower.size());
                    }
        }
        m.pairwiseRanking = compared > 0 ? agree / compared : std::numeric_limits<double>::quiet_NaN();
    }
    return m;
}

} // namespace orrery::learn
