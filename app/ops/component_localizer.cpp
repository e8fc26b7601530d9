#include "ops/component_localizer.h"

#include "learn/random_fourier_svm.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::app {

struct ComponentLocalizer::Impl {
    learn::RandomFourierSvm svm;
};

namespace {

learn::RandomFourierSvmConfig svmConfig(const ComponentLocalizerConfig& config)
{
    learn::RandomFourierSvmConfig svm;
    svm.inputDim = ComponentLocalizer::kFeatures;
    svm.seed = config.seed;
    return svm;
}

} // namespace

ComponentLocalizer::ComponentLocalizer(const ComponentLocalizerConfig& config)
    : m_config(config)
    , m_mean(kFeatures, 0.0)
    , m_deviation(kFeatures, 1.0)
    , m_impl(std::make_unique<Impl>(Impl{learn::RandomFourierSvm(svmConfig(config))}))
{
}

ComponentLocalizer::~ComponentLocalizer() = default;

void ComponentLocalizer::features(const analysis::ComponentWindowRow& row, float* out)
{
    out[0] = static_cast<float>(row.relativeImportance);
    // CI = p99/p50 is a heavy-tailed ratio (thousands for a microsecond service with one slow
    // call): on its own scale the standardization would squash every ordinary value to one point.
    out[1] = static_cast<float>(std::log(std::max(row.congestionIntensity, 1.0)));
}

void ComponentLocalizer::standardize(const analysis::ComponentWindowRow& row, float* out) const
{
    features(row, out);
    for (std::size_t f = 0; f < kFeatures; ++f)
        out[f] = static_cast<float>((out[f] - m_mean[f]) / m_deviation[f]);
}

void ComponentLocalizer::train(const std::vector<const analysis::ComponentWindowSet*>& runs)
{
    // Mean and standard deviation over every training row (two passes: the runs are in memory).
    std::vector<double> sum(kFeatures, 0.0);
    std::vector<double> squares(kFeatures, 0.0);
    m_balance = ClassBalance{};
    float x[kFeatures];
    for (const auto* run : runs) {
        for (const auto& row : run->rows) {
            features(row, x);
            for (std::size_t f = 0; f < kFeatures; ++f)
                sum[f] += x[f];
            ++(row.label > 0 ? m_balance.positives : m_balance.negatives);
        }
    }
    if (m_balance.positives == 0 || m_balance.negatives == 0)
        throw std::invalid_argument("the training runs hold " + std::to_string(m_balance.positives) + " positive and "
                                    + std::to_string(m_balance.negatives)
                                    + " negative rows; both classes are needed (are the injections observable?)");
    const auto rows = static_cast<double>(m_balance.positives + m_balance.negatives);
    for (std::size_t f = 0; f < kFeatures; ++f)
        m_mean[f] = sum[f] / rows;
    for (const auto* run : runs) {
        for (const auto& row : run->rows) {
            features(row, x);
            for (std::size_t f = 0; f < kFeatures; ++f)
                squares[f] += (x[f] - m_mean[f]) * (x[f] - m_mean[f]);
        }
    }
    for (std::size_t f = 0; f < kFeatures; ++f) {
        const double deviation = std::sqrt(squares[f] / rows);
        m_deviation[f] = deviation > 1e-12 ? deviation : 1.0;
    }
    const double ratio = static_cast<double>(m_balance.negatives) / static_cast<double>(m_balance.positives);
    m_balance.positiveWeight = std::clamp<std::size_t>(static_cast<std::size_t>(std::lround(ratio)), 1,
                                                       std::max<std::size_t>(1, m_config.maxPositiveWeight));

    std::vector<float> inputs;
    std::vector<int> labels;
    const std::size_t perBatch = std::max<std::size_t>(1, m_config.windowsPerBatch);
    for (std::size_t epoch = 0; epoch < m_config.epochs; ++epoch) {
        for (const auto* run : runs) {
            for (std::size_t first = 0; first < run->windows.size(); first += perBatch) {
                inputs.clear();
                labels.clear();
                const std::size_t last = std::min(run->windows.size(), first + perBatch);
                for (std::size_t w = first; w < last; ++w) {
                    const auto& window = run->windows[w];
                    for (std::size_t r = window.firstRow; r < window.firstRow + window.rowCount; ++r) {
                        const auto& row = run->rows[r];
                        standardize(row, x);
                        const std::size_t copies = row.label > 0 ? m_balance.positiveWeight : 1;
                        for (std::size_t c = 0; c < copies; ++c) {
                            inputs.insert(inputs.end(), x, x + kFeatures);
                            labels.push_back(row.label > 0 ? 1 : 0);
                        }
                    }
                }
                if (!labels.empty())
                    m_impl->svm.partialFit(inputs, labels);  // shuffles within the batch
            }
        }
    }
}

std::vector<double> ComponentLocalizer::decisions(const analysis::ComponentWindowSet& run) const
{
    if (run.rows.empty())
        return {};
    std::vector<float> inputs(run.rows.size() * kFeatures);
    for (std::size_t r = 0; r < run.rows.size(); ++r)
        standardize(run.rows[r], inputs.data() + r * kFeatures);
    return m_impl->svm.decisions(inputs);
}

} // namespace orrery::app
