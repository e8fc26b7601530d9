#include "learn/random_fourier_svm.h"

#include "learn/seeded_random.h"
#include "learn/torch_support.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace orrery::learn {

struct RandomFourierSvm::Impl {
    RandomFourierSvmConfig config;
    std::vector<float> frequencies; //!< W, features × inputDim
    std::vector<float> phases;      //!< b, features
    torch::Tensor frequenciesT;     //!< Wᵀ, inputDim × features (for batches)
    torch::Tensor phasesT;
    float scale = 0;                //!< √(2/D)
    std::vector<double> weights;    //!< the SGD iterate
    double intercept = 0;
    std::vector<double> averageWeights;
    double averageIntercept = 0;
    std::uint64_t steps = 0;        //!< t, samples seen
    std::uint64_t fits = 0;         //!< partialFit calls, seeds each call's shuffle
    double t0 = 0;

    void buildTensors()
    {
        const auto d = static_cast<std::int64_t>(config.inputDim);
        const auto D = static_cast<std::int64_t>(config.features);
        frequenciesT = detail::viewOf(frequencies, {D, d}).t().contiguous();
        phasesT = detail::viewOf(phases, {D}).clone();
    }

    //! z(X) for a batch, rows × features, contiguous.
    torch::Tensor features(std::span<const float> inputs, std::int64_t rows) const
    {
        torch::NoGradGuard noGrad;
        const torch::Tensor x = detail::viewOf(inputs, {rows, static_cast<std::int64_t>(config.inputDim)});
        return (torch::cos(torch::addmm(phasesT, x, frequenciesT)) * scale).contiguous();
    }

    const std::vector<double>& effectiveWeights() const { return config.average ? averageWeights : weights; }
    double effectiveIntercept() const { return config.average ? averageIntercept : intercept; }
};

RandomFourierSvm::RandomFourierSvm(const RandomFourierSvmConfig& config) : m_impl(std::make_unique<Impl>())
{
    if (config.inputDim == 0 || config.features == 0 || config.gamma <= 0 || config.alpha <= 0)
        throw std::invalid_argument("RandomFourierSvm: inputDim, features, gamma and alpha must be positive");
    Impl& d = *m_impl;
    d.config = config;
    SeededRandom random(config.seed);
    const double deviation = std::sqrt(2.0 * config.gamma);
    d.frequencies.resize(config.features * config.inputDim);
    for (float& w : d.frequencies)
        w = static_cast<float>(deviation * random.normal());
    d.phases.resize(config.features);
    for (float& b : d.phases)
        b = static_cast<float>(2.0 * std::numbers::pi * random.uniform());
    d.scale = static_cast<float>(std::sqrt(2.0 / static_cast<double>(config.features)));
    d.weights.assign(config.features, 0.0);
    d.averageWeights.assign(config.features, 0.0);
    // scikit-learn's "optimal" schedule: t₀ from a typical weight size 1/√√α (hinge: dloss = 1).
    const double typicalWeight = std::sqrt(1.0 / std::sqrt(config.alpha));
    d.t0 = 1.0 / (typicalWeight * config.alpha);
    d.buildTensors();
}

RandomFourierSvm::~RandomFourierSvm() = default;
RandomFourierSvm::RandomFourierSvm(RandomFourierSvm&&) noexcept = default;
RandomFourierSvm& RandomFourierSvm::operator=(RandomFourierSvm&&) noexcept = default;

void RandomFourierSvm::partialFit(std::span<const float> inputs, std::span<const int> labels)
{
    Impl& d = *m_impl;
    const std::size_t dim = d.config.inputDim;
    if (inputs.size() != labels.size() * dim)
        throw std::invalid_argument("RandomFourierSvm::partialFit: " + std::to_string(inputs.size())
                                    + " input values for " + std::to_string(labels.size()) + " labels of dimension "
                                    + std::to_string(dim));
    if (labels.empty())
        return;
    const std::size_t D = d.config.features;
    const torch::Tensor z = d.features(inputs, static_cast<std::int64_t>(labels.size()));
    const float* rows = z.data_ptr<float>();

    std::vector<std::size_t> order(labels.size());
    SeededRandom shuffle(d.config.seed ^ (0x9E3779B97F4A7C15ull * (++d.fits)));
    for (std::size_t epoch = 0; epoch < std::max<std::size_t>(d.config.epochsPerFit, 1); ++epoch) {
        std::iota(order.begin(), order.end(), std::size_t{0});
        for (std::size_t i = order.size(); i > 1; --i) // Fisher–Yates
            std::swap(order[i - 1], order[shuffle.index(i)]);
        for (const std::size_t row : order) {
            const float* zi = rows + row * D;
            const double y = labels[row] > 0 ? 1.0 : -1.0;
            double score = d.intercept;
            for (std::size_t j = 0; j < D; ++j)
                score += d.weights[j] * zi[j];
            ++d.steps;
            const double eta = 1.0 / (d.config.alpha * (d.t0 + static_cast<double>(d.steps)));
            const double shrink = 1.0 - eta * d.config.alpha;
            const bool violated = y * score < 1.0; // hinge loss max(0, 1 − y·score) is active
            for (std::size_t j = 0; j < D; ++j)
                d.weights[j] = d.weights[j] * shrink + (violated ? eta * y * zi[j] : 0.0);
            if (violated)
                d.intercept += eta * y;
            if (d.config.average) {
                const double k = static_cast<double>(d.steps);
                for (std::size_t j = 0; j < D; ++j)
                    d.averageWeights[j] += (d.weights[j] - d.averageWeights[j]) / k;
                d.averageIntercept += (d.intercept - d.averageIntercept) / k;
            }
        }
    }
}

double RandomFourierSvm::decision(std::span<const float> input) const
{
    const Impl& d = *m_impl;
    const std::size_t dim = d.config.inputDim;
    if (input.size() != dim)
        throw std::invalid_argument("RandomFourierSvm::decision: input has " + std::to_string(input.size())
                                    + " values, expected " + std::to_string(dim));
    // One sample: a plain loop beats LibTorch's per-operator overhead by far.
    const std::vector<double>& w = d.effectiveWeights();
    double score = d.effectiveIntercept();
    for (std::size_t j = 0; j < d.config.features; ++j) {
        const float* row = d.frequencies.data() + j * dim;
        float projection = d.phases[j];
        for (std::size_t i = 0; i < dim; ++i)
            projection += row[i] * input[i];
        score += w[j] * static_cast<double>(d.scale * std::cos(projection));
    }
    return score;
}

std::vector<double> RandomFourierSvm::decisions(std::span<const float> inputs) const
{
    const Impl& d = *m_impl;
    const std::size_t dim = d.config.inputDim;
    if (inputs.size() % dim != 0)
        throw std::invalid_argument("RandomFourierSvm::decisions: input size is not a multiple of inputDim");
    const std::size_t rows = inputs.size() / dim;
    std::vector<double> out(rows, d.effectiveIntercept());
    if (rows == 0)
        return out;
    const torch::Tensor z = d.features(inputs, static_cast<std::int64_t>(rows));
    const float* data = z.data_ptr<float>();
    const std::vector<double>& w = d.effectiveWeights();
    for (std::size_t r = 0; r < rows; ++r) {
        const float* zr = data + r * d.config.features;
        for (std::size_t j = 0; j < d.config.features; ++j)
            out[r] += w[j] * zr[j];
    }
    return out;
}

double RandomFourierSvm::accuracy(std::span<const float> inputs, std::span<const int> labels) const
{
    if (labels.empty())
        return 0.0;
    const std::vector<double> scores = decisions(inputs);
    if (scores.size() != labels.size())
        throw std::invalid_argument("RandomFourierSvm::accuracy: inputs and labels differ in count");
    std::size_t correct = 0;
    for (std::size_t i = 0; i < labels.size(); ++i)
        correct += (scores[i] > 0.0) == (labels[i] > 0) ? 1 : 0;
    return static_cast<double>(correct) / static_cast<double>(labels.size());
}

const RandomFourierSvmConfig& RandomFourierSvm::config() const
{
    return m_impl->config;
}

std::uint64_t RandomFourierSvm::samplesSeen() const
{
    return m_impl->steps;
}

namespace {

torch::Tensor doubles(const std::vector<double>& values)
{
    return torch::tensor(values, torch::kDouble);
}

} // namespace

std::string RandomFourierSvm::saveBytes() const
{
    const Impl& d = *m_impl;
    torch::serialize::OutputArchive archive;
    archive.write("dims", torch::tensor({static_cast<std::int64_t>(d.config.inputDim),
                                         static_cast<std::int64_t>(d.config.features)}, torch::kLong));
    archive.write("frequencies", detail::viewOf(d.frequencies, {static_cast<std::int64_t>(d.frequencies.size())}).clone());
    archive.write("phases", d.phasesT);
    archive.write("weights", doubles(d.weights));
    archive.write("average_weights", doubles(d.averageWeights));
    archive.write("scalars", doubles({d.intercept, d.averageIntercept, d.config.gamma, d.config.alpha}));
    archive.write("counters", torch::tensor({static_cast<std::int64_t>(d.steps), static_cast<std::int64_t>(d.fits),
                                             static_cast<std::int64_t>(d.config.seed)},
                                            torch::kLong));
    std::ostringstream out;
    archive.save_to(out);
    return std::move(out).str();
}

void RandomFourierSvm::loadBytes(std::string_view bytes)
{
    Impl& d = *m_impl;
    torch::serialize::InputArchive archive;
    torch::Tensor dims, frequencies, phases, weights, averageWeights, scalars, counters;
    try {
        archive.load_from(bytes.data(), bytes.size());
        archive.read("dims", dims);
        archive.read("frequencies", frequencies);
        archive.read("phases", phases);
        archive.read("weights", weights);
        archive.read("average_weights", averageWeights);
        archive.read("scalars", scalars);
        archive.read("counters", counters);
    } catch (const std::exception& error) {
        throw std::runtime_error(std::string("RandomFourierSvm::loadBytes: not an SVM checkpoint: ") + error.what());
    }
    const auto inputDim = static_cast<std::size_t>(dims[0].item<std::int64_t>());
    const auto features = static_cast<std::size_t>(dims[1].item<std::int64_t>());
    if (inputDim != d.config.inputDim || features != d.config.features)
        throw std::runtime_error("RandomFourierSvm::loadBytes: the checkpoint has input dimension "
                                 + std::to_string(inputDim) + " and " + std::to_string(features)
                                 + " features; this SVM has " + std::to_string(d.config.inputDim) + " and "
                                 + std::to_string(d.config.features));
    const auto toFloats = [](const torch::Tensor& t) {
        const torch::Tensor c = t.to(torch::kFloat).contiguous();
        return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
    };
    const auto toDoubles = [](const torch::Tensor& t) {
        const torch::Tensor c = t.to(torch::kDouble).contiguous();
        return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
    };
    d.frequencies = toFloats(frequencies);
    d.phases = toFloats(phases);
    d.weights = toDoubles(weights);
    d.averageWeights = toDoubles(averageWeights);
    const std::vector<double> s = toDoubles(scalars);
    d.intercept = s.at(0);
    d.averageIntercept = s.at(1);
    d.config.gamma = s.at(2);
    d.config.alpha = s.at(3);
    d.steps = static_cast<std::uint64_t>(counters[0].item<std::int64_t>());
    d.fits = static_cast<std::uint64_t>(counters[1].item<std::int64_t>());
    d.config.seed = static_cast<std::uint64_t>(counters[2].item<std::int64_t>()); // seeds later shuffles
    d.buildTensors();
}

} // namespace orrery::learn
