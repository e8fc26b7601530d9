#include "learn/ppo_agent.h"

#include "learn/actor_snapshot.h"
#include "learn/adam_step.h"
#include "learn/checkpoint_archive.h"
#include "learn/ppo_math.h"
#include "learn/running_normalizer.h"
#include "learn/torch_support.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace orrery::learn {
namespace {

//! hiddenLayers × (Linear + Tanh), then a Linear output.
torch::nn::Sequential makeMlp(std::size_t inputs, const PpoConfig& c, std::size_t outputs)
{
    torch::nn::Sequential net;
    auto width = static_cast<std::int64_t>(inputs);
    const auto hidden = static_cast<std::int64_t>(c.hiddenUnits);
    for (std::size_t l = 0; l < c.hiddenLayers; ++l) {
        net->push_back(torch::nn::Linear(width, hidden));
        net->push_back(torch::nn::Tanh());
        width = hidden;
    }
    net->push_back(torch::nn::Linear(width, static_cast<std::int64_t>(outputs)));
    return net;
}

using detail::linearsOf;

void snapshotInto(ActorSnapshot& snapshot, const torch::nn::Sequential& net)
{
    std::vector<ActorSnapshot::Layer> layers;
    for (const auto& linear : linearsOf(net)) {
        const torch::Tensor w = linear->weight.detach().contiguous();
        const torch::Tensor b = linear->bias.detach().contiguous();
        ActorSnapshot::Layer layer;
        layer.outputs = static_cast<std::size_t>(w.size(0));
        layer.inputs = static_cast<std::size_t>(w.size(1));
        layer.weights.assign(w.data_ptr<float>(), w.data_ptr<float>() + w.numel());
        layer.bias.assign(b.data_ptr<float>(), b.data_ptr<float>() + b.numel());
        layers.push_back(std::move(layer));
    }
    snapshot.setLayers(std::move(layers), ActorSnapshot::Activation::Tanh, ActorSnapshot::Activation::Identity);
}

std::unique_ptr<torch::optim::Adam> makeOptimizer(const torch::nn::Sequential& net, double learningRate)
{
    return std::make_unique<torch::optim::Adam>(net->parameters(), torch::optim::AdamOptions(learningRate));
}

std::vector<std::int64_t> dimsOf(const PpoConfig& c)
{
    return {static_cast<std::int64_t>(c.stateDim), static_cast<std::int64_t>(c.criticExtraDim),
            static_cast<std::int64_t>(c.actionCount), static_cast<std::int64_t>(c.hiddenUnits),
            static_cast<std::int64_t>(c.hiddenLayers)};
}

constexpr const char* kDimNames[] = {"state", "critic extra", "actions", "hidden units", "hidden layers"};

std::string dimsText(const std::vector<std::int64_t>& dims)
{
    return detail::dimsText(dims, kDimNames);
}

//! A batch as tensors, viewing a BatchStorage and spans the caller keeps alive.
struct BatchTensors {
    torch::Tensor states;       //!< [n, stateDim]
    torch::Tensor criticInputs; //!< [n, stateDim + criticExtraDim]
    torch::Tensor actions;      //!< [n] int64
    torch::Tensor oldLogProbabilities;
    torch::Tensor advantages;
    torch::Tensor returns;

    BatchTensors select(const torch::Tensor& index) const
    {
        return {states.index_select(0, index),     criticInputs.index_select(0, index),
                actions.index_select(0, index),    oldLogProbabilities.index_select(0, index),
                advantages.index_select(0, index), returns.index_select(0, index)};
    }
};

//! Flat copies of a trajectory's inputs, the storage BatchTensors view.
struct BatchStorage {
    std::vector<float> states;
    std::vector<float> criticInputs;
    std::vector<std::int64_t> actions;
    std::vector<float> oldLogProbabilities;
};

struct LossTensors {
    torch::Tensor total;
    torch::Tensor policyLoss;
    torch::Tensor valueLoss;
    torch::Tensor entropy;
    torch::Tensor approxKl;
    torch::Tensor clipFraction;
};

} // namespace

struct PpoAgent::Impl {
    PpoConfig config;
    torch::nn::Sequential actor;
    torch::nn::Sequential critic;
    std::unique_ptr<torch::optim::Adam> actorOptimizer;
    std::unique_ptr<torch::optim::Adam> criticOptimizer;
    at::Generator generator; // initialisation, action sampling, minibatch shuffles
    ActorSnapshot actorSnapshot;
    ActorSnapshot criticSnapshot;
    mutable std::vector<float> logits;      // scratch of act() and probabilities()
    mutable std::vector<float> criticInput; // scratch of value(): state ++ criticExtra
    std::size_t updates = 0;
    //! normalizeValues: running statistics of the λ-returns; the critic predicts them normalised.
    RunningNormalizer valueStatistics{1, 1e6};

    [[nodiscard]] double valueScale() const { return std::sqrt(valueStatistics.variance()[0] + 1e-8); }

    void refreshSnapshots()
    {
        snapshotInto(actorSnapshot, actor);
        snapshotInto(criticSnapshot, critic);
    }

    //! Straight from the generator's engine, with no tensor dispatch. The generator is private to
    //! this agent, so its mutex is not taken.
    std::uint64_t random64() { return generator.get<at::CPUGeneratorImpl>()->random64(); }
    //! Uniform in [0, 1), 53 random bits.
    double uniform() { return static_cast<double>(random64() >> 11) * 0x1.0p-53; }
    //! Uniform index in [0, count), count > 0 (modulo bias below count / 2^64, as SeededRandom).
    std::size_t index(std::size_t count) { return static_cast<std::size_t>(random64() % count); }

    void requireState(std::span<const float> state, const char* where) const
    {
        if (state.size() != config.stateDim)
            throw std::invalid_argument(std::string(where) + ": state has " + std::to_string(state.size())
                                        + " values, expected " + std::to_string(config.stateDim));
    }

    void requireInputs(std::span<const float> state, std::span<const float> criticExtra, const char* where) const
    {
        requireState(state, where);
        if (criticExtra.size() != config.criticExtraDim)
            throw std::invalid_argument(std::string(where) + ": critic extra input has "
                                        + std::to_string(criticExtra.size()) + " values, expected "
                                        + std::to_string(config.criticExtraDim));
    }

    float criticValue(std::span<const float> state, std::span<const float> criticExtra) const
    {
        std::copy(state.begin(), state.end(), criticInput.begin());
        std::copy(criticExtra.begin(), criticExtra.end(),
                  criticInput.begin() + static_cast<std::ptrdiff_t>(state.size()));
        float out = 0;
        criticSnapshot.forward(criticInput, std::span<float>(&out, 1));
        if (config.normalizeValues)
            return static_cast<float>(out * valueScale() + valueStatistics.mean()[0]);
        return out;
    }

    BatchStorage storageOf(std::span<const PpoTransition> batch) const
    {
        BatchStorage s;
        s.states.reserve(batch.size() * config.stateDim);
        s.criticInputs.reserve(batch.size() * (config.stateDim + config.criticExtraDim));
        for (const PpoTransition& t : batch) {
            requireInputs(t.state, t.criticExtra, "PpoAgent");
            if (t.action < 0 || static_cast<std::size_t>(t.action) >= config.actionCount)
                throw std::invalid_argument("PpoAgent: action " + std::to_string(t.action) + " is outside [0, "
                                            + std::to_string(config.actionCount) + ")");
            s.states.insert(s.states.end(), t.state.begin(), t.state.end());
            s.criticInputs.insert(s.criticInputs.end(), t.state.begin(), t.state.end());
            s.criticInputs.insert(s.criticInputs.end(), t.criticExtra.begin(), t.criticExtra.end());
            s.actions.push_back(t.action);
            s.oldLogProbabilities.push_back(t.logProbability);
        }
        return s;
    }

    BatchTensors tensorsOf(BatchStorage& s, std::span<const float> advantages, std::span<const float> returns) const
    {
        const auto n = static_cast<std::int64_t>(s.actions.size());
        return {detail::viewOf(s.states, {n, static_cast<std::int64_t>(config.stateDim)}),
                detail::viewOf(s.criticInputs, {n, static_cast<std::int64_t>(config.stateDim + config.criticExtraDim)}),
                torch::from_blob(s.actions.data(), {n}, torch::kLong),
                detail::viewOf(s.oldLogProbabilities, {n}),
                detail::viewOf(advantages, {n}),
                detail::viewOf(returns, {n})};
    }

    //! Schulman et al. 2017, Eq. 9, with the policy and the critic in separate networks.
    LossTensors loss(const BatchTensors& b)
    {
        LossTensors out;
        const torch::Tensor logProbabilities = torch::log_softmax(actor->forward(b.states), 1);
        const torch::Tensor logProbability = logProbabilities.gather(1, b.actions.unsqueeze(1)).squeeze(1);
        const torch::Tensor logRatio = logProbability - b.oldLogProbabilities;
        const torch::Tensor ratio = logRatio.exp();
        const torch::Tensor clipped = ratio.clamp(1.0 - config.clip, 1.0 + config.clip);
        out.policyLoss = -torch::min(ratio * b.advantages, clipped * b.advantages).mean();
        out.valueLoss = (critic->forward(b.criticInputs).squeeze(1) - b.returns).pow(2).mean();
        out.entropy = -(logProbabilities.exp() * logProbabilities).sum(1).mean();
        out.total = out.policyLoss + config.criticLossCoefficient * out.valueLoss
                    - config.entropyCoefficient * out.entropy;
        torch::NoGradGuard noGrad;
        out.approxKl = ((ratio - 1.0) - logRatio).mean();
        out.clipFraction = ((ratio - 1.0).abs() > config.clip).to(torch::kFloat).mean();
        return out;
    }

    void resetOptimizers()
    {
        actorOptimizer = makeOptimizer(actor, config.actorLearningRate);
        criticOptimizer = makeOptimizer(critic, config.criticLearningRate);
    }
};

PpoAgent::PpoAgent(const PpoConfig& config) : m_impl(std::make_unique<Impl>())
{
    if (config.stateDim == 0 || config.actionCount == 0)
        throw std::invalid_argument("PpoAgent: stateDim and actionCount must be positive");
    if (config.hiddenLayers > 0 && config.hiddenUnits == 0)
        throw std::invalid_argument("PpoAgent: hiddenUnits must be positive when there are hidden layers");
    if (config.epochs == 0 || config.minibatchSize == 0)
        throw std::invalid_argument("PpoAgent: epochs and minibatchSize must be positive");
    Impl& d = *m_impl;
    d.config = config;
    d.actor = makeMlp(config.stateDim, config, config.actionCount);
    d.critic = makeMlp(config.stateDim + config.criticExtraDim, config, 1);
    d.generator = detail::privateGenerator(config.seed);
    detail::initialiseSequential(d.actor, d.generator, {-1.0, 0.01});
    detail::initialiseSequential(d.critic, d.generator, {-1.0, 1.0});
    d.resetOptimizers();
    d.logits.assign(config.actionCount, 0.0f);
    d.criticInput.assign(config.stateDim + config.criticExtraDim, 0.0f);
    d.refreshSnapshots();
}

PpoAgent::~PpoAgent() = default;
PpoAgent::PpoAgent(PpoAgent&&) noexcept = default;
PpoAgent& PpoAgent::operator=(PpoAgent&&) noexcept = default;

PpoDecision PpoAgent::act(std::span<const float> state, std::span<const float> criticExtra, bool explore)
{
    Impl& d = *m_impl;
    d.requireInputs(state, criticExtra, "PpoAgent::act");
    d.actorSnapshot.forward(state, d.logits);
    const std::vector<float>& logits = d.logits;
    std::size_t best = 0;
    for (std::size_t a = 1; a < logits.size(); ++a) {
        if (logits[a] > logits[best])
            best = a;
    }
    const double top = logits[best];
    double sum = 0;
    for (float l : logits)
        sum += std::exp(l - top);
    std::size_t action = best;
    if (explore) {
        // Inverse CDF over the unnormalised weights; the last action with weight takes the
        // rounding remainder.
        const double target = d.uniform() * sum;
        double cumulative = 0;
        for (std::size_t a = 0; a < logits.size(); ++a) {
            const double weight = std::exp(logits[a] - top);
            if (weight <= 0)
                continue;
            action = a;
            cumulative += weight;
            if (target < cumulative)
                break;
        }
    }
    PpoDecision decision;
    decision.action = static_cast<std::int32_t>(action);
    decision.logProbability = static_cast<float>(logits[action] - top - std::log(sum));
    decision.value = d.criticValue(state, criticExtra);
    return decision;
}

std::vector<float> PpoAgent::probabilities(std::span<const float> state) const
{
    const Impl& d = *m_impl;
    d.requireState(state, "PpoAgent::probabilities");
    d.actorSnapshot.forward(state, d.logits);
    const double top = *std::max_element(d.logits.begin(), d.logits.end());
    double sum = 0;
    for (float l : d.logits)
        sum += std::exp(l - top);
    std::vector<float> out(d.logits.size());
    for (std::size_t a = 0; a < out.size(); ++a)
        out[a] = static_cast<float>(std::exp(d.logits[a] - top) / sum);
    return out;
}

float PpoAgent::value(std::span<const float> state, std::span<const float> criticExtra) const
{
    const Impl& d = *m_impl;
    d.requireInputs(state, criticExtra, "PpoAgent::value");
    return d.criticValue(state, criticExtra);
}

PpoUpdateStats PpoAgent::update(std::span<const PpoTransition> trajectory, float bootstrapValue)
{
    Impl& d = *m_impl;
    if (trajectory.empty())
        throw std::invalid_argument("PpoAgent::update: empty trajectory");
    BatchStorage storage = d.storageOf(trajectory);
    std::vector<float> rewards, values;
    std::vector<std::uint8_t> dones;
    for (const PpoTransition& t : trajectory) {
        rewards.push_back(t.reward);
        values.push_back(t.value);
        dones.push_back(t.done ? 1 : 0);
    }
    std::vector<float> advantages
        = generalizedAdvantages(rewards, values, dones, bootstrapValue, d.config.gamma, d.config.gaeLambda);
    const std::vector<float> returns = valueTargets(advantages, values);
    normalizeAdvantages(advantages);
    std::vector<float> criticTargets = returns;
    if (d.config.normalizeValues) { // the critic learns the returns in the units of their spread
        for (float r : returns)
            d.valueStatistics.update(std::span<const float>(&r, 1));
        const double mean = d.valueStatistics.mean()[0], scale = d.valueScale();
        for (float& r : criticTargets)
            r = static_cast<float>((r - mean) / scale);
    }
    const BatchTensors all = d.tensorsOf(storage, advantages, criticTargets);

    const std::size_t n = trajectory.size();
    std::vector<std::int64_t> order(n);
    torch::Tensor sums = torch::zeros({5}, torch::kDouble);
    PpoUpdateStats stats;
    stats.explainedVariance = explainedVariance(values, returns);
    for (std::size_t epoch = 0; epoch < d.config.epochs && !stats.stoppedEarly; ++epoch) {
        std::iota(order.begin(), order.end(), std::int64_t{0});
        for (std::size_t i = n; i > 1; --i) // Fisher–Yates
            std::swap(order[i - 1], order[d.index(i)]);
        for (std::size_t start = 0; start < n; start += d.config.minibatchSize) {
            const auto count = static_cast<std::int64_t>(std::min(d.config.minibatchSize, n - start));
            const torch::Tensor index = torch::from_blob(order.data() + start, {count}, torch::kLong);
            const LossTensors loss = d.loss(all.select(index));
            if (d.config.targetKl > 0 && loss.approxKl.item<double>() > 1.5 * d.config.targetKl) {
                stats.stoppedEarly = true;
                break;
            }
            d.actorOptimizer->zero_grad();
            d.criticOptimizer->zero_grad();
            loss.total.backward();
            if (d.config.maxGradientNorm > 0) {
                torch::nn::utils::clip_grad_norm_(d.actor->parameters(), d.config.maxGradientNorm);
                torch::nn::utils::clip_grad_norm_(d.critic->parameters(), d.config.maxGradientNorm);
            }
            detail::stepAdam(*d.actorOptimizer);
            detail::stepAdam(*d.criticOptimizer);
            sums += torch::stack({loss.policyLoss.detach(), loss.valueLoss.detach(), loss.entropy.detach(),
                                  loss.approxKl, loss.clipFraction})
                        .to(torch::kDouble);
            ++stats.minibatches;
        }
    }
    sums /= static_cast<double>(std::max<std::size_t>(stats.minibatches, 1));
    const double* mean = sums.data_ptr<double>();
    stats.policyLoss = mean[0];
    stats.valueLoss = mean[1];
    stats.entropy = mean[2];
    stats.approxKl = mean[3];
    stats.clipFraction = mean[4];
    ++d.updates;
    d.refreshSnapshots();
    return stats;
}

PpoLossTerms PpoAgent::lossTerms(std::span<const PpoTransition> batch, std::span<const float> advantages,
                                 std::span<const float> returns) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    if (batch.empty() || advantages.size() != batch.size() || returns.size() != batch.size())
        throw std::invalid_argument("PpoAgent::lossTerms: empty batch, or advantages or returns of another size");
    BatchStorage storage = d.storageOf(batch);
    torch::NoGradGuard noGrad;
    const LossTensors loss = d.loss(d.tensorsOf(storage, advantages, returns));
    PpoLossTerms out;
    out.total = loss.total.item<double>();
    out.policyLoss = loss.policyLoss.item<double>();
    out.valueLoss = loss.valueLoss.item<double>();
    out.entropy = loss.entropy.item<double>();
    out.approxKl = loss.approxKl.item<double>();
    out.clipFraction = loss.clipFraction.item<double>();
    return out;
}

void PpoAgent::copyParametersFrom(const PpoAgent& other)
{
    if (&other == this)
        return;
    Impl& d = *m_impl;
    const Impl& source = *other.m_impl;
    if (dimsOf(source.config) != dimsOf(d.config))
        throw std::invalid_argument("PpoAgent::copyParametersFrom: the source has " + dimsText(dimsOf(source.config))
                                    + "; this agent has " + dimsText(dimsOf(d.config)));
    {
        torch::NoGradGuard noGrad;
        const auto copy = [](const torch::nn::Sequential& to, const torch::nn::Sequential& from) {
            const auto target = to->parameters();
            const auto values = from->parameters();
            for (std::size_t i = 0; i < target.size(); ++i)
                target[i].copy_(values[i]);
        };
        copy(d.actor, source.actor);
        copy(d.critic, source.critic);
    }
    // A normalised critic's outputs mean nothing without the statistics they were trained against.
    if (d.config.normalizeValues && source.config.normalizeValues)
        d.valueStatistics = source.valueStatistics;
    d.resetOptimizers();
    d.refreshSnapshots();
}

const PpoConfig& PpoAgent::config() const
{
    return m_impl->config;
}

std::size_t PpoAgent::updates() const
{
    return m_impl->updates;
}

std::vector<std::uint8_t> PpoAgent::fingerprint() const
{
    const Impl& d = *m_impl;
    std::vector<std::uint8_t> out;
    const auto append = [&out](const torch::Tensor& tensor) {
        const torch::Tensor flat = tensor.contiguous();
        const auto* bytes = static_cast<const std::uint8_t*>(flat.data_ptr());
        out.insert(out.end(), bytes, bytes + flat.numel() * static_cast<std::int64_t>(flat.element_size()));
    };
    for (const torch::Tensor& parameter : d.actor->parameters())
        append(parameter);
    for (const torch::Tensor& parameter : d.critic->parameters())
        append(parameter);
    append(d.generator.get_state());
    const auto updates = static_cast<std::uint64_t>(d.updates);
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&updates);
    out.insert(out.end(), bytes, bytes + sizeof updates);
    return out;
}

std::string PpoAgent::saveBytes() const
{
    const Impl& d = *m_impl;
    detail::CheckpointWriter out(dimsOf(d.config));
    out.module("actor", *d.actor);
    out.module("critic", *d.critic);
    out.optimizer("actor_optimizer", *d.actorOptimizer);
    out.optimizer("critic_optimizer", *d.criticOptimizer);
    out.tensor("generator", d.generator.get_state());
    out.tensor("updates", torch::tensor(static_cast<std::int64_t>(d.updates), torch::kLong));
    if (d.config.normalizeValues) {
        const std::string statistics = d.valueStatistics.saveBytes();
        out.tensor("value_statistics",
                   torch::from_blob(const_cast<char*>(statistics.data()), {static_cast<std::int64_t>(statistics.size())},
                                    torch::kUInt8)
                       .clone());
    }
    return out.bytes();
}

void PpoAgent::loadBytes(std::string_view bytes)
{
    Impl& d = *m_impl;
    detail::CheckpointReader in(bytes, "PpoAgent::loadBytes", dimsOf(d.config), kDimNames);
    in.module("actor", *d.actor);
    in.module("critic", *d.critic);
    in.optimizer("actor_optimizer", *d.actorOptimizer);
    in.optimizer("critic_optimizer", *d.criticOptimizer);
    d.generator.set_state(in.tensor("generator"));
    d.updates = static_cast<std::size_t>(in.tensor("updates").item<std::int64_t>());
    if (d.config.normalizeValues) {
        const torch::Tensor statistics = in.tensor("value_statistics").contiguous();
        d.valueStatistics.loadBytes(std::string_view(static_cast<const char*>(statistics.data_ptr()),
                                                     static_cast<std::size_t>(statistics.numel())));
    }
    d.refreshSnapshots();
}

} // namespace orrery::learn
