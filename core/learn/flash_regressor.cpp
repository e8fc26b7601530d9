#include "learn/flash_regressor.h"

#include "learn/checkpoint_archive.h"
#include "learn/seeded_random.h"
#include "learn/torch_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace orrery::learn {
namespace {

std::int64_t i64(std::size_t value)
{
    return static_cast<std::int64_t>(value);
}

//! Mean and standard deviation (population; 1 where it is below 1e-8) of each column.
void columnStatistics(const std::vector<const std::vector<float>*>& rows, std::size_t width, std::vector<float>& mean,
                      std::vector<float>& scale)
{
    std::vector<double> sum(width, 0.0), squares(width, 0.0);
    for (const auto* row : rows)
        for (std::size_t j = 0; j < width; ++j) {
            sum[j] += (*row)[j];
            squares[j] += static_cast<double>((*row)[j]) * (*row)[j];
        }
    const double n = std::max<double>(1.0, static_cast<double>(rows.size()));
    mean.assign(width, 0.0f);
    scale.assign(width, 1.0f);
    for (std::size_t j = 0; j < width; ++j) {
        const double m = sum[j] / n;
        const double variance = std::max(0.0, squares[j] / n - m * m);
        mean[j] = static_cast<float>(m);
        scale[j] = variance > 1e-16 ? static_cast<float>(std::sqrt(variance)) : 1.0f;
    }
}

//! What a checkpoint must match: everything that shapes a weight or gives the output its meaning.
//! bundleSize is left out (as in MetaLearner): it shapes no weight, so a checkpoint serves any.
std::vector<std::int64_t> dimsOf(const FlashRegressorConfig& c)
{
    return {i64(c.inputDim),    i64(c.sampleDim),    i64(c.embeddingDim),           i64(c.encoderHidden),
            i64(c.hiddenUnits), i64(c.hiddenLayers), c.loss == FlashLoss::Mape ? 0 : 1};
}

constexpr const char* kDimNames[] = {"input",        "sample",        "embedding",           "encoder hidden",
                                     "hidden units", "hidden layers", "loss (0 MAPE, 1 MSE)"};

torch::Tensor floatTensor(const std::vector<float>& values)
{
    return detail::viewOf(values, {i64(values.size())}).clone();
}

//! A float vector of `size` entries read from `in`; a damaged checkpoint when the size differs.
std::vector<float> readFloats(detail::CheckpointReader& in, const char* key, std::size_t size)
{
    const torch::Tensor t = in.tensor(key).to(torch::kFloat).contiguous();
    if (t.numel() != i64(size))
        throw std::runtime_error(std::string("FlashRegressor::loadBytes: damaged checkpoint (") + key + "): "
                                 + std::to_string(t.numel()) + " values, expected " + std::to_string(size));
    return {t.data_ptr<float>(), t.data_ptr<float>() + t.numel()};
}

//! A 0/1 flag read from `in`.
bool readFlag(detail::CheckpointReader& in, const char* key)
{
    const torch::Tensor t = in.tensor(key);
    if (t.numel() != 1)
        throw std::runtime_error(std::string("FlashRegressor::loadBytes: damaged checkpoint (") + key + "): "
                                 + std::to_string(t.numel()) + " values, expected 1");
    return t.to(torch::kLong).item<std::int64_t>() != 0;
}

std::string baseKey(std::size_t layer)
{
    return "base" + std::to_string(layer);
}

} // namespace

struct FlashRegressor::Impl {
    FlashRegressorConfig config;
    // Meta learner (absent when embeddingDim is 0).
    torch::nn::Linear sample1{nullptr}, sample2{nullptr}, embed1{nullptr}, embed2{nullptr};
    // Base learner.
    std::vector<torch::nn::Linear> layers;
    std::map<std::string, std::vector<std::vector<float>>> buffers;
    bool metaUpdate = true;
    bool standardised = false;
    std::vector<float> inputMean, inputScale, sampleMean, sampleScale;
    double labelMean = 0.0, labelScale = 1.0;

    bool meta() const { return config.embeddingDim > 0; }

    std::vector<torch::Tensor> metaParameters() const
    {
        std::vector<torch::Tensor> out;
        if (meta())
            for (const auto* linear : {&sample1, &sample2, &embed1, &embed2})
                for (const auto& p : (*linear)->parameters())
                    out.push_back(p);
        return out;
    }

    std::vector<torch::Tensor> baseParameters() const
    {
        std::vector<torch::Tensor> out;
        for (const auto& linear : layers)
            for (const auto& p : linear->parameters())
                out.push_back(p);
        return out;
    }

    const std::vector<std::vector<float>>& bufferOf(const std::string& application, const char* where) const
    {
        const auto it = buffers.find(application);
        if (it == buffers.end() || it->second.empty())
            throw std::invalid_argument(std::string(where) + ": no data samples for application '" + application + "'");
        return it->second;
    }

    //! The samples a query's embedding reads.
    std::vector<const std::vector<float>*> contextOf(const FlashQuery& query, const char* where) const
    {
        std::vector<const std::vector<float>*> out;
        if (!meta())
            return out;
        const auto& buffer = bufferOf(query.application, where);
        if (query.context.empty()) {
            const std::size_t first = buffer.size() > config.bundleSize ? buffer.size() - config.bundleSize : 0;
            for (std::size_t i = first; i < buffer.size(); ++i)
                out.push_back(&buffer[i]);
            return out;
        }
        if (query.context.size() > config.bundleSize)
            throw std::invalid_argument(std::string(where) + ": a query's context has " + std::to_string(query.context.size())
                                        + " samples; the bundle takes at most " + std::to_string(config.bundleSize));
        for (const std::size_t index : query.context) {
            if (index >= buffer.size())
                throw std::invalid_argument(std::string(where) + ": context index " + std::to_string(index)
                                            + " beyond the " + std::to_string(buffer.size()) + " samples of '"
                                            + query.application + "'");
            out.push_back(&buffer[index]);
        }
        return out;
    }

    void requireQuery(const FlashQuery& query, const char* where) const
    {
        if (query.input.size() != config.inputDim)
            throw std::invalid_argument(std::string(where) + ": a query has " + std::to_string(query.input.size())
                                        + " inputs, the task " + std::to_string(config.inputDim));
        if (config.loss == FlashLoss::Mape && !(query.label > 0.0f))
            throw std::invalid_argument(std::string(where) + ": MAPE needs positive labels");
    }

    torch::Tensor standardisedRows(const std::vector<const std::vector<float>*>& rows, const std::vector<float>& mean,
                                   const std::vector<float>& scale) const
    {
        const std::size_t width = mean.size();
        std::vector<float> values(rows.size() * width);
        for (std::size_t r = 0; r < rows.size(); ++r)
            for (std::size_t j = 0; j < width; ++j)
                values[r * width + j] = ((*rows[r])[j] - mean[j]) / scale[j];
        return detail::viewOf(values, {i64(rows.size()), i64(width)}).clone();
    }

    //! Embeddings [contexts.size(), embeddingDim] of sets of samples (each non-empty).
    torch::Tensor encode(const std::vector<std::vector<const std::vector<float>*>>& contexts)
    {
        std::vector<const std::vector<float>*> rows;
        std::vector<float> pool;
        std::size_t total = 0;
        for (const auto& context : contexts)
            total += context.size();
        pool.assign(contexts.size() * total, 0.0f);
        for (std::size_t b = 0; b < contexts.size(); ++b)
            for (const auto* sample : contexts[b]) {
                pool[b * total + rows.size()] = 1.0f / static_cast<float>(contexts[b].size());
                rows.push_back(sample);
            }
        const torch::Tensor samples = standardisedRows(rows, sampleMean, sampleScale);
        const torch::Tensor perSample = torch::relu(sample2->forward(torch::relu(sample1->forward(samples))));
        const torch::Tensor pooled = detail::viewOf(pool, {i64(contexts.size()), i64(total)}).clone().mm(perSample);
        return embed2->forward(torch::relu(embed1->forward(pooled)));
    }

    //! The network's raw output [rows] (standardised label or log label).
    torch::Tensor forward(const torch::Tensor& inputs, const torch::Tensor& embeddings)
    {
        torch::Tensor h = meta() ? torch::cat({inputs, embeddings}, 1) : inputs;
        for (std::size_t l = 0; l + 1 < layers.size(); ++l)
            h = torch::relu(layers[l]->forward(h));
        return layers.back()->forward(h).squeeze(1);
    }

    torch::Tensor labelOf(const torch::Tensor& raw) const
    {
        const torch::Tensor value = raw * labelScale + labelMean;
        return config.loss == FlashLoss::Mape ? torch::exp(torch::clamp(value, -60.0, 60.0)) : value;
    }

    torch::Tensor lossOf(const torch::Tensor& raw, const torch::Tensor& labels) const
    {
        if (config.loss == FlashLoss::Mape)
            return ((labelOf(raw) - labels).abs() / labels).mean();
        return (raw - (labels - labelMean) / labelScale).pow(2).mean();
    }

    //! Raw outputs of a batch of queries (embeddings computed with gradients when `grad`).
    torch::Tensor run(std::span<const FlashQuery> queries, const std::vector<std::size_t>& batch, bool metaGrad,
                      const char* where)
    {
        std::vector<const std::vector<float>*> inputs;
        std::vector<std::vector<const std::vector<float>*>> contexts;
        for (const std::size_t q : batch) {
            inputs.push_back(&queries[q].input);
            if (meta())
                contexts.push_back(contextOf(queries[q], where));
        }
        const torch::Tensor x = standardisedRows(inputs, inputMean, inputScale);
        torch::Tensor e;
        if (meta()) {
            if (metaGrad) {
                e = encode(contexts);
            } else {
                torch::NoGradGuard noGrad;
                e = encode(contexts);
            }
        }
        return forward(x, e);
    }

    void standardise(std::span<const FlashQuery> queries)
    {
        std::vector<const std::vector<float>*> inputs;
        for (const FlashQuery& q : queries)
            inputs.push_back(&q.input);
        columnStatistics(inputs, config.inputDim, inputMean, inputScale);
        std::vector<const std::vector<float>*> samples;
        for (const auto& [name, buffer] : buffers)
            for (const auto& sample : buffer)
                samples.push_back(&sample);
        columnStatistics(samples, config.sampleDim, sampleMean, sampleScale);
        double sum = 0.0, squares = 0.0;
        for (const FlashQuery& q : queries) {
            const double y = config.loss == FlashLoss::Mape ? std::log(static_cast<double>(q.label)) : q.label;
            sum += y;
            squares += y * y;
        }
        const double n = static_cast<double>(queries.size());
        labelMean = sum / n;
        const double variance = std::max(0.0, squares / n - labelMean * labelMean);
        labelScale = variance > 1e-16 ? std::sqrt(variance) : 1.0;
        standardised = true;
    }
};

FlashRegressor::FlashRegressor(const FlashRegressorConfig& config) : m_impl(std::make_unique<Impl>())
{
    if (config.inputDim == 0 || config.hiddenUnits == 0 || config.hiddenLayers == 0 || config.batchSize == 0)
        throw std::invalid_argument("FlashRegressor: inputDim, hiddenUnits, hiddenLayers and batchSize must be positive");
    if (config.embeddingDim > 0 && (config.sampleDim == 0 || config.encoderHidden == 0 || config.bundleSize == 0))
        throw std::invalid_argument("FlashRegressor: a meta learner needs positive sampleDim, encoderHidden and bundleSize");
    Impl& d = *m_impl;
    d.config = config;
    at::Generator generator = detail::privateGenerator(config.seed);
    if (d.meta()) {
        const std::int64_t h = i64(config.encoderHidden);
        d.sample1 = torch::nn::Linear(i64(config.sampleDim), h);
        d.sample2 = torch::nn::Linear(h, h);
        d.embed1 = torch::nn::Linear(h, h);
        d.embed2 = torch::nn::Linear(h, i64(config.embeddingDim));
        for (auto* linear : {&d.sample1, &d.sample2, &d.embed1, &d.embed2})
            detail::initialiseLinear(**linear, generator);
    }
    std::int64_t width = i64(config.inputDim + config.embeddingDim);
    for (std::size_t l = 0; l < config.hiddenLayers; ++l) {
        d.layers.emplace_back(width, i64(config.hiddenUnits));
        width = i64(config.hiddenUnits);
    }
    d.layers.emplace_back(width, 1);
    for (auto& linear : d.layers)
        detail::initialiseLinear(*linear, generator);
}

FlashRegressor::~FlashRegressor() = default;
FlashRegressor::FlashRegressor(FlashRegressor&&) noexcept = default;
FlashRegressor& FlashRegressor::operator=(FlashRegressor&&) noexcept = default;

void FlashRegressor::insertDataSamples(const std::string& application, std::span<const std::vector<float>> samples)
{
    Impl& d = *m_impl;
    for (const auto& sample : samples)
        if (sample.size() != d.config.sampleDim)
            throw std::invalid_argument("FlashRegressor::insertDataSamples: a sample of " + std::to_string(sample.size())
                                        + " floats; the task registered " + std::to_string(d.config.sampleDim));
    auto& buffer = d.buffers[application];
    buffer.insert(buffer.end(), samples.begin(), samples.end());
}

const std::vector<std::vector<float>>& FlashRegressor::dataSamples(const std::string& application) const
{
    static const std::vector<std::vector<float>> kNone;
    const auto it = m_impl->buffers.find(application);
    return it == m_impl->buffers.end() ? kNone : it->second;
}

std::vector<std::string> FlashRegressor::applications() const
{
    std::vector<std::string> out;
    for (const auto& [name, buffer] : m_impl->buffers)
        out.push_back(name);
    return out;
}

std::vector<float> FlashRegressor::embedding(const std::string& application) const
{
    FlashQuery query;
    query.application = application;
    if (!m_impl->meta())
        throw std::invalid_argument("FlashRegressor::embedding: this base learner has no meta learner (embeddingDim 0)");
    const auto context = m_impl->contextOf(query, "FlashRegressor::embedding");
    std::vector<std::vector<float>> samples;
    for (const auto* sample : context)
        samples.push_back(*sample);
    return embed(samples);
}

std::vector<float> FlashRegressor::embed(std::span<const std::vector<float>> samples) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    if (!d.meta())
        throw std::invalid_argument("FlashRegressor::embed: this base learner has no meta learner (embeddingDim 0)");
    if (samples.empty() || samples.size() > d.config.bundleSize)
        throw std::invalid_argument("FlashRegressor::embed: " + std::to_string(samples.size())
                                    + " samples; an embedding reads 1 to " + std::to_string(d.config.bundleSize));
    if (!d.standardised)
        throw std::invalid_argument("FlashRegressor::embed: call fit() first (it fixes the standardisation)");
    std::vector<const std::vector<float>*> rows;
    for (const auto& sample : samples) {
        if (sample.size() != d.config.sampleDim)
            throw std::invalid_argument("FlashRegressor::embed: a sample of the wrong size");
        rows.push_back(&sample);
    }
    torch::InferenceMode inference;
    const torch::Tensor out = d.encode({rows}).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

void FlashRegressor::setMetaModelUpdate(bool on)
{
    m_impl->metaUpdate = on;
}

bool FlashRegressor::metaModelUpdate() const
{
    return m_impl->metaUpdate;
}

FlashFitReport FlashRegressor::fit(std::span<const FlashQuery> queries)
{
    Impl& d = *m_impl;
    const auto started = std::chrono::steady_clock::now();
    if (queries.empty())
        throw std::invalid_argument("FlashRegressor::fit: no queries");
    for (const FlashQuery& query : queries) {
        d.requireQuery(query, "FlashRegressor::fit");
        (void)d.contextOf(query, "FlashRegressor::fit");
    }
    if (!d.standardised)
        d.standardise(queries);

    const bool metaGrad = d.meta() && d.metaUpdate;
    std::vector<torch::Tensor> parameters = d.baseParameters();
    if (metaGrad)
        for (const auto& p : d.metaParameters())
            parameters.push_back(p);
    torch::optim::Adam optimizer(parameters,
                                 torch::optim::AdamOptions(d.config.learningRate).weight_decay(d.config.weightDecay));
    SeededRandom random(d.config.seed ^ 0x9e3779b97f4a7c15ULL);
    std::vector<std::size_t> order(queries.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::vector<float> labels(queries.size());
    for (std::size_t q = 0; q < queries.size(); ++q)
        labels[q] = queries[q].label;

    FlashFitReport report;
    report.queries = queries.size();
    report.metaUpdated = metaGrad;
    for (std::size_t epoch = 0; epoch < d.config.epochs; ++epoch) {
        for (std::size_t i = 0; i + 1 < order.size(); ++i)
            std::swap(order[i], order[i + random.index(order.size() - i)]);
        double sum = 0.0;
        std::size_t batches = 0;
        for (std::size_t start = 0; start < order.size(); start += d.config.batchSize) {
            const std::size_t end = std::min(order.size(), start + d.config.batchSize);
            const std::vector<std::size_t> batch(order.begin() + static_cast<std::ptrdiff_t>(start),
                                                 order.begin() + static_cast<std::ptrdiff_t>(end));
            std::vector<float> y;
            for (const std::size_t q : batch)
                y.push_back(labels[q]);
            const torch::Tensor raw = d.run(queries, batch, metaGrad, "FlashRegressor::fit");
            const torch::Tensor loss = d.lossOf(raw, detail::viewOf(y, {i64(y.size())}).clone());
            optimizer.zero_grad();
            loss.backward();
            optimizer.step();
            sum += loss.item<double>();
            ++batches;
            ++report.steps;
        }
        const double mean = sum / static_cast<double>(batches);
        if (epoch == 0)
            report.firstLoss = mean;
        report.finalLoss = mean;
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return report;
}

std::vector<float> FlashRegressor::predict(std::span<const FlashQuery> queries) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    if (!d.standardised)
        throw std::invalid_argument("FlashRegressor::predict: call fit() first");
    std::vector<std::size_t> all(queries.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    for (const FlashQuery& query : queries)
        if (query.input.size() != d.config.inputDim)
            throw std::invalid_argument("FlashRegressor::predict: a query has the wrong number of inputs");
    if (queries.empty())
        return {};
    torch::InferenceMode inference;
    const torch::Tensor out = d.labelOf(d.run(queries, all, false, "FlashRegressor::predict")).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

float FlashRegressor::predict(std::span<const float> input, std::span<const float> embedding) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    if (!d.standardised)
        throw std::invalid_argument("FlashRegressor::predict: call fit() first");
    if (input.size() != d.config.inputDim || embedding.size() != d.config.embeddingDim)
        throw std::invalid_argument("FlashRegressor::predict: input or embedding of the wrong size");
    const std::vector<float> row(input.begin(), input.end());
    torch::InferenceMode inference;
    const torch::Tensor x = d.standardisedRows({&row}, d.inputMean, d.inputScale);
    torch::Tensor e;
    if (d.meta())
        e = detail::viewOf(embedding, {1, i64(embedding.size())});
    return d.labelOf(d.forward(x, e)).item<float>();
}

double FlashRegressor::loss(std::span<const FlashQuery> queries) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    if (!d.standardised)
        throw std::invalid_argument("FlashRegressor::loss: call fit() first");
    std::vector<std::size_t> all(queries.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    std::vector<float> y;
    for (const FlashQuery& query : queries) {
        d.requireQuery(query, "FlashRegressor::loss");
        y.push_back(query.label);
    }
    if (queries.empty())
        return 0.0;
    torch::InferenceMode inference;
    return d.lossOf(d.run(queries, all, false, "FlashRegressor::loss"), detail::viewOf(y, {i64(y.size())}))
        .item<double>();
}

const FlashRegressorConfig& FlashRegressor::config() const
{
    return m_impl->config;
}

std::string FlashRegressor::saveBytes() const
{
    const Impl& d = *m_impl;
    detail::CheckpointWriter out(dimsOf(d.config));
    if (d.meta()) {
        out.module("sample1", *d.sample1);
        out.module("sample2", *d.sample2);
        out.module("embed1", *d.embed1);
        out.module("embed2", *d.embed2);
    }
    for (std::size_t l = 0; l < d.layers.size(); ++l)
        out.module(baseKey(l).c_str(), *d.layers[l]);
    out.tensor("meta_update", torch::tensor(std::int64_t{d.metaUpdate ? 1 : 0}, torch::kLong));
    out.tensor("standardised", torch::tensor(std::int64_t{d.standardised ? 1 : 0}, torch::kLong));
    if (d.standardised) {
        out.tensor("input_mean", floatTensor(d.inputMean));
        out.tensor("input_scale", floatTensor(d.inputScale));
        out.tensor("sample_mean", floatTensor(d.sampleMean));
        out.tensor("sample_scale", floatTensor(d.sampleScale));
        out.tensor("label", torch::tensor(std::vector<double>{d.labelMean, d.labelScale}, torch::kDouble));
    }
    return out.bytes();
}

void FlashRegressor::loadBytes(std::string_view bytes)
{
    // Read into a fresh regressor of this configuration and take it over only when every entry
    // has been read, so a damaged checkpoint leaves this one as it was.
    FlashRegressor loaded(m_impl->config);
    Impl& d = *loaded.m_impl;
    detail::CheckpointReader in(bytes, "FlashRegressor::loadBytes", dimsOf(d.config), kDimNames);
    if (d.meta()) {
        in.module("sample1", *d.sample1);
        in.module("sample2", *d.sample2);
        in.module("embed1", *d.embed1);
        in.module("embed2", *d.embed2);
    }
    for (std::size_t l = 0; l < d.layers.size(); ++l)
        in.module(baseKey(l).c_str(), *d.layers[l]);
    d.metaUpdate = readFlag(in, "meta_update");
    d.standardised = readFlag(in, "standardised");
    if (d.standardised) {
        d.inputMean = readFloats(in, "input_mean", d.config.inputDim);
        d.inputScale = readFloats(in, "input_scale", d.config.inputDim);
        d.sampleMean = readFloats(in, "sample_mean", d.config.sampleDim);
        d.sampleScale = readFloats(in, "sample_scale", d.config.sampleDim);
        const torch::Tensor label = in.tensor("label").to(torch::kDouble).contiguous();
        if (label.numel() != 2)
            throw std::runtime_error("FlashRegressor::loadBytes: damaged checkpoint (label): "
                                     + std::to_string(label.numel()) + " values, expected 2");
        d.labelMean = label.data_ptr<double>()[0];
        d.labelScale = label.data_ptr<double>()[1];
    }
    d.buffers = std::move(m_impl->buffers);
    m_impl = std::move(loaded.m_impl);
}

} // namespace orrery::learn
