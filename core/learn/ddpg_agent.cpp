#include "learn/ddpg_agent.h"

#include "learn/adam_step.h"
#include "learn/checkpoint_archive.h"

#include "learn/actor_snapshot.h"
#include "learn/gaussian_noise.h"
#include "learn/ornstein_uhlenbeck_noise.h"
#include "learn/torch_support.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace orrery::learn {
namespace {

using detail::copyInto;
using detail::linearsOf;
using detail::softUpdate;


torch::nn::Sequential makeMlp(std::size_t inputs, std::size_t hidden1, std::size_t hidden2, std::size_t outputs,
                              bool tanhOutput)
{
    const auto in = static_cast<std::int64_t>(inputs);
    const auto h1 = static_cast<std::int64_t>(hidden1);
    const auto h2 = static_cast<std::int64_t>(hidden2);
    const auto out = static_cast<std::int64_t>(outputs);
    torch::nn::Sequential net(torch::nn::Linear(in, h1), torch::nn::ReLU(), torch::nn::Linear(h1, h2),
                              torch::nn::ReLU(), torch::nn::Linear(h2, out));
    if (tanhOutput)
        net->push_back(torch::nn::Tanh());
    return net;
}

std::unique_ptr<ExplorationNoise> makeNoise(const DdpgConfig& c)
{
    // A stream of its own, distinct from the weight initialisation's.
    const std::uint64_t seed = c.seed ^ 0x9E3779B97F4A7C15ull;
    if (c.noise == NoiseKind::Gaussian)
        return std::make_unique<GaussianNoise>(c.actionDim, c.noiseMu, c.noiseSigma, c.epsilon, c.epsilonDecay, seed);
    return std::make_unique<OrnsteinUhlenbeckNoise>(c.actionDim, c.noiseMu, c.noiseSigma, c.noiseTheta, c.noiseDt,
                                                    c.epsilon, c.epsilonDecay, seed);
}

std::vector<std::int64_t> dimsOf(const DdpgConfig& c)
{
    return {static_cast<std::int64_t>(c.stateDim),     static_cast<std::int64_t>(c.actionDim),
            static_cast<std::int64_t>(c.actorHidden1), static_cast<std::int64_t>(c.actorHidden2),
            static_cast<std::int64_t>(c.criticHidden1), static_cast<std::int64_t>(c.criticHidden2)};
}

constexpr const char* kDimNames[] = {"state", "action", "actor hidden", "actor hidden", "critic hidden", "critic hidden"};

} // namespace

struct DdpgAgent::Impl {
    DdpgConfig config;
    torch::nn::Sequential actor;
    torch::nn::Sequential critic;
    torch::nn::Sequential actorTarget;
    torch::nn::Sequential criticTarget;
    std::unique_ptr<torch::optim::Adam> actorOptimizer;
    std::unique_ptr<torch::optim::Adam> criticOptimizer;
    std::unique_ptr<ExplorationNoise> noise;
    ActorSnapshot snapshot;
    bool snapshotStale = true;
    std::size_t updates = 0;

    void refreshSnapshot()
    {
        std::vector<ActorSnapshot::Layer> layers;
        for (const auto& linear : linearsOf(actor)) {
            const torch::Tensor w = linear->weight.detach().contiguous();
            const torch::Tensor b = linear->bias.detach().contiguous();
            ActorSnapshot::Layer layer;
            layer.outputs = static_cast<std::size_t>(w.size(0));
            layer.inputs = static_cast<std::size_t>(w.size(1));
            layer.weights.assign(w.data_ptr<float>(), w.data_ptr<float>() + w.numel());
            layer.bias.assign(b.data_ptr<float>(), b.data_ptr<float>() + b.numel());
            layers.push_back(std::move(layer));
        }
        snapshot.setLayers(std::move(layers));
        snapshotStale = false;
    }

    void requireState(std::span<const float> state) const
    {
        if (state.size() != config.stateDim)
            throw std::invalid_argument("DdpgAgent: state has " + std::to_string(state.size())
                                        + " values, expected " + std::to_string(config.stateDim));
    }
};

DdpgAgent::DdpgAgent(const DdpgConfig& config) : m_impl(std::make_unique<Impl>())
{
    if (config.stateDim == 0 || config.actionDim == 0)
        throw std::invalid_argument("DdpgAgent: stateDim and actionDim must be positive");
    Impl& d = *m_impl;
    d.config = config;
    const std::size_t criticInputs = config.stateDim + config.actionDim;
    d.actor = makeMlp(config.stateDim, config.actorHidden1, config.actorHidden2, config.actionDim, true);
    d.critic = makeMlp(criticInputs, config.criticHidden1, config.criticHidden2, 1, false);
    d.actorTarget = makeMlp(config.stateDim, config.actorHidden1, config.actorHidden2, config.actionDim, true);
    d.criticTarget = makeMlp(criticInputs, config.criticHidden1, config.criticHidden2, 1, false);
    at::Generator generator = detail::privateGenerator(config.seed);
    detail::initialiseSequential(d.actor, generator, {config.finalLayerInit, 1.0});
    detail::initialiseSequential(d.critic, generator, {config.finalLayerInit, 1.0});
    copyInto(*d.actorTarget, *d.actor);
    copyInto(*d.criticTarget, *d.critic);
    d.actorOptimizer = std::make_unique<torch::optim::Adam>(d.actor->parameters(),
                                                            torch::optim::AdamOptions(config.actorLearningRate));
    d.criticOptimizer = std::make_unique<torch::optim::Adam>(d.critic->parameters(),
                                                             torch::optim::AdamOptions(config.criticLearningRate));
    d.noise = makeNoise(config);
}

DdpgAgent::~DdpgAgent() = default;
DdpgAgent::DdpgAgent(DdpgAgent&&) noexcept = default;
DdpgAgent& DdpgAgent::operator=(DdpgAgent&&) noexcept = default;

std::vector<float> DdpgAgent::act(std::span<const float> state, bool explore)
{
    Impl& d = *m_impl;
    d.requireState(state);
    if (d.snapshotStale)
        d.refreshSnapshot();
    std::vector<float> action(d.config.actionDim);
    d.snapshot.forward(state, action);
    if (explore) {
        const std::vector<float> noise = d.noise->sample();
        for (std::size_t i = 0; i < action.size(); ++i)
            action[i] = std::clamp(action[i] + noise[i], -1.0f, 1.0f);
    }
    return action;
}

std::vector<float> DdpgAgent::actWithTorch(std::span<const float> state) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    d.requireState(state);
    torch::InferenceMode inference;
    const torch::Tensor out
        = d.actor->forward(detail::viewOf(state, {1, static_cast<std::int64_t>(state.size())})).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

float DdpgAgent::value(std::span<const float> state, std::span<const float> action) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    d.requireState(state);
    if (action.size() != d.config.actionDim)
        throw std::invalid_argument("DdpgAgent::value: action has the wrong size");
    torch::NoGradGuard noGrad;
    const torch::Tensor input = torch::cat({detail::viewOf(state, {1, static_cast<std::int64_t>(state.size())}),
                                            detail::viewOf(action, {1, static_cast<std::int64_t>(action.size())})},
                                           1);
    return d.critic->forward(input).item<float>();
}

DdpgUpdateStats DdpgAgent::update(const ReplayBatch& batch)
{
    return updateWithBehaviourCloning(batch, 0.0);
}

DdpgUpdateStats DdpgAgent::updateWithBehaviourCloning(const ReplayBatch& batch, double alpha)
{
    Impl& d = *m_impl;
    if (batch.size == 0 || batch.stateDim != d.config.stateDim || batch.actionDim != d.config.actionDim)
        throw std::invalid_argument("DdpgAgent::update: empty batch or dimensions that differ from the agent's");
    const auto [s, a, r, next, done] = detail::viewsOf(batch);

    torch::Tensor target;
    {
        torch::NoGradGuard noGrad;
        const torch::Tensor nextQ = d.criticTarget->forward(torch::cat({next, d.actorTarget->forward(next)}, 1));
        target = r + d.config.discount * (1.0 - done) * nextQ;
    }
    const torch::Tensor criticLoss = torch::mse_loss(d.critic->forward(torch::cat({s, a}, 1)), target);
    d.criticOptimizer->zero_grad();
    criticLoss.backward();
    detail::stepAdam(*d.criticOptimizer);

    const torch::Tensor policyAction = d.actor->forward(s);
    const torch::Tensor q = d.critic->forward(torch::cat({s, policyAction}, 1));
    torch::Tensor actorLoss;
    if (alpha > 0) {
        const torch::Tensor lambda = alpha / (q.abs().mean().detach() + 1e-6);
        actorLoss = -lambda * q.mean() + torch::mse_loss(policyAction, a);
    } else {
        actorLoss = -q.mean();
    }
    d.actorOptimizer->zero_grad();
    actorLoss.backward();
    detail::stepAdam(*d.actorOptimizer);

    softUpdate(*d.actorTarget, *d.actor, d.config.softUpdate);
    softUpdate(*d.criticTarget, *d.critic, d.config.softUpdate);
    d.snapshotStale = true;
    ++d.updates;
    return {criticLoss.item<double>(), actorLoss.item<double>()};
}

void DdpgAgent::resetNoise()
{
    m_impl->noise->reset();
}

double DdpgAgent::epsilon() const
{
    return m_impl->noise->epsilon();
}

const DdpgConfig& DdpgAgent::config() const
{
    return m_impl->config;
}

std::size_t DdpgAgent::updates() const
{
    return m_impl->updates;
}

std::string DdpgAgent::saveBytes() const
{
    const Impl& d = *m_impl;
    detail::CheckpointWriter out(dimsOf(d.config));
    out.module("actor", *d.actor);
    out.module("critic", *d.critic);
    out.module("actor_target", *d.actorTarget);
    out.module("critic_target", *d.criticTarget);
    out.optimizer("actor_optimizer", *d.actorOptimizer);
    out.optimizer("critic_optimizer", *d.criticOptimizer);
    out.tensor("epsilon", torch::tensor(d.noise->epsilon(), torch::kDouble));
    out.tensor("updates", torch::tensor(static_cast<std::int64_t>(d.updates), torch::kLong));
    return out.bytes();
}

void DdpgAgent::loadBytes(std::string_view bytes)
{
    Impl& d = *m_impl;
    detail::CheckpointReader in(bytes, "DdpgAgent::loadBytes", dimsOf(d.config), kDimNames);
    in.module("actor", *d.actor);
    in.module("critic", *d.critic);
    in.module("actor_target", *d.actorTarget);
    in.module("critic_target", *d.criticTarget);
    in.optimizer("actor_optimizer", *d.actorOptimizer);
    in.optimizer("critic_optimizer", *d.criticOptimizer);
    d.noise->setEpsilon(in.tensor("epsilon").item<double>());
    d.updates = static_cast<std::size_t>(in.tensor("updates").item<std::int64_t>());
    d.snapshotStale = true;
}

} // namespace orrery::learn
