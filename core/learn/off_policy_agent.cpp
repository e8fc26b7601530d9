#include "learn/off_policy_agent.h"

#include "learn/adam_step.h"
#include "learn/checkpoint_archive.h"
#include "learn/dense_network_pass.h"
#include "learn/torch_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace orrery::learn {
namespace {

using detail::copyInto;
using detail::defaultInitBound;
using detail::initialiseLinear;
using detail::linearsOf;
using detail::softUpdate;

constexpr double kLogStdMin = -20; // SB3's LOG_STD_MIN / LOG_STD_MAX (sac/policies.py)
constexpr double kLogStdMax = 2;
constexpr double kSdeMeanClip = 2; // SB3's clip_mean for gSDE
constexpr double kSquashEpsilon = 1e-6;
constexpr double kSdeEpsilon = 1e-6;

//! Linear + ReLU per hidden width; ends with the last hidden ReLU.
torch::nn::Sequential makeTrunk(std::size_t inputs, const std::vector<std::size_t>& hidden)
{
    torch::nn::Sequential net;
    auto width = static_cast<std::int64_t>(inputs);
    for (std::size_t h : hidden) {
        net->push_back(torch::nn::Linear(width, static_cast<std::int64_t>(h)));
        net->push_back(torch::nn::ReLU());
        width = static_cast<std::int64_t>(h);
    }
    return net;
}

std::int64_t lastWidth(std::size_t inputs, const std::vector<std::size_t>& hidden)
{
    return static_cast<std::int64_t>(hidden.empty() ? inputs : hidden.back());
}

//! The actor of every algorithm: a ReLU trunk, the mean head (TD3/DDPG: the pre-tanh action) and,
//! for SAC, a log-std head or gSDE's log-std matrix.
struct ActorImpl : torch::nn::Module {
    torch::nn::Sequential trunk;
    torch::nn::Linear mean{nullptr};
    torch::nn::Linear logStd{nullptr};
    torch::Tensor sdeLogStd;

    ActorImpl(const OffPolicyConfig& c)
    {
        trunk = register_module("trunk", makeTrunk(c.stateDim, c.actorHidden));
        const std::int64_t width = lastWidth(c.stateDim, c.actorHidden);
        const auto actions = static_cast<std::int64_t>(c.actionDim);
        mean = register_module("mean", torch::nn::Linear(width, actions));
        if (c.algorithm == OffPolicyAlgorithm::Sac) {
            if (c.stateDependentExploration)
                sdeLogStd = register_parameter("sde_log_std", torch::full({width, actions}, c.sdeLogStdInit));
            else
                logStd = register_module("log_std", torch::nn::Linear(width, actions));
        }
    }
};
TORCH_MODULE(Actor);

struct CriticImpl : torch::nn::Module {
    torch::nn::Sequential net;
    CriticImpl(const OffPolicyConfig& c)
    {
        net = makeTrunk(c.stateDim + c.actionDim, c.criticHidden);
        net->push_back(torch::nn::Linear(lastWidth(c.stateDim + c.actionDim, c.criticHidden), 1));
        net = register_module("net", net);
    }
    torch::Tensor forward(const torch::Tensor& s, const torch::Tensor& a) { return net->forward(torch::cat({s, a}, 1)); }
};
TORCH_MODULE(Critic);

//! A policy sample: the squashed action, its log-probability (SAC) and the pre-tanh value.
struct PolicySample {
    torch::Tensor action;
    torch::Tensor logProbability;
    torch::Tensor preTanh;
};

std::vector<std::int64_t> dimsOf(const OffPolicyConfig& c)
{
    std::vector<std::int64_t> dims = {static_cast<std::int64_t>(c.algorithm),
                                      static_cast<std::int64_t>(c.stateDim),
                                      static_cast<std::int64_t>(c.actionDim),
                                      c.stateDependentExploration ? 1 : 0,
                                      static_cast<std::int64_t>(c.actorHidden.size()),
                                      static_cast<std::int64_t>(c.criticHidden.size())};
    for (std::size_t h : c.actorHidden)
        dims.push_back(static_cast<std::int64_t>(h));
    for (std::size_t h : c.criticHidden)
        dims.push_back(static_cast<std::int64_t>(h));
    return dims;
}

constexpr const char* kDimNames[] = {"algorithm (0 DDPG, 1 TD3, 2 SAC)", "state", "action", "gSDE",
                                     "actor hidden layers", "critic hidden layers"};

} // namespace

struct OffPolicyAgent::Impl {
    OffPolicyConfig config;
    Actor actor{nullptr};
    Actor actorTarget{nullptr}; // DDPG and TD3
    std::vector<Critic> critics;
    std::vector<Critic> criticTargets;
    std::unique_ptr<torch::optim::Adam> actorOptimizer;
    std::unique_ptr<torch::optim::Adam> criticOptimizer;
    std::unique_ptr<torch::optim::Adam> entropyOptimizer;
    torch::Tensor logEntropyCoefficient; // SAC: log α
    torch::Tensor explorationMatrix;     // gSDE: latent × actions, drawn by resetNoise()
    at::Generator generator;
    std::size_t updates = 0;
    // The plain backend's passes and scratch (reused: no allocation per update once grown).
    bool plain = false;
    detail::DenseNetworkPass actorPass;
    std::vector<detail::DenseNetworkPass> criticPasses;
    std::vector<float> nextActions, criticInputs, targets, firstQ, outputGradient, inputGradient, actorActions;

    [[nodiscard]] bool sac() const { return config.algorithm == OffPolicyAlgorithm::Sac; }
    [[nodiscard]] bool sde() const { return sac() && config.stateDependentExploration; }

    [[nodiscard]] double targetEntropy() const
    {
        return std::isnan(config.targetEntropy) ? -static_cast<double>(config.actionDim) : config.targetEntropy;
    }

    [[nodiscard]] torch::Tensor entropyCoefficient() const
    {
        return logEntropyCoefficient.detach().exp();
    }

    //! The mean head's output (pre-tanh); gSDE clips it to ±2 as SB3 does.
    torch::Tensor meanOf(Actor& net, const torch::Tensor& latent) const
    {
        torch::Tensor mean = net->mean->forward(latent);
        if (sde())
            mean = torch::hardtanh(mean, -kSdeMeanClip, kSdeMeanClip);
        return mean;
    }

    //! The deterministic action tanh(mean).
    torch::Tensor deterministic(Actor& net, const torch::Tensor& state) const
    {
        return torch::tanh(meanOf(net, net->trunk->forward(state)));
    }

    //! SAC's reparameterised sample and log π(a|s) of the tanh-squashed Gaussian. With gSDE the
    //! noise is latent · matrix and the variance latent² · exp(logStd)², the latent not detached
    //! (SB3's SAC actor builds its gSDE distribution with learn_features=True, so the trunk learns
    //! features that carry exploration too), and log π is taken at atanh of the squashed action
    //! clamped to ±(1 − float ε), as SB3's gSDE log_prob does through TanhBijector.inverse.
    PolicySample sample(const torch::Tensor& state, const torch::Tensor& matrix)
    {
        const torch::Tensor latent = actor->trunk->forward(state);
        const torch::Tensor mean = meanOf(actor, latent);
        if (sde()) {
            const torch::Tensor variance = torch::mm(latent.pow(2), actor->sdeLogStd.exp().pow(2));
            const torch::Tensor std = (variance + kSdeEpsilon).sqrt();
            const torch::Tensor u = mean + torch::mm(latent, matrix);
            const torch::Tensor action = torch::tanh(u);
            const double edge = 1.0 - std::numeric_limits<float>::epsilon();
            const torch::Tensor gaussianAction = torch::atanh(action.clamp(-edge, edge));
            const torch::Tensor gaussian = (-(gaussianAction - mean).pow(2) / (2 * std.pow(2)) - std.log()
                                            - 0.5 * std::log(2 * std::numbers::pi))
                                               .sum(1, true);
            const torch::Tensor squash
                = torch::log(1 - torch::tanh(gaussianAction).pow(2) + kSquashEpsilon).sum(1, true);
            return {action, gaussian - squash, u};
        }
        const torch::Tensor std = torch::clamp(actor->logStd->forward(latent), kLogStdMin, kLogStdMax).exp();
        const torch::Tensor noise = std * torch::randn(mean.sizes(), generator);
        const torch::Tensor u = mean + noise;
        const torch::Tensor action = torch::tanh(u);
        const torch::Tensor gaussian
            = (-noise.pow(2) / (2 * std.pow(2)) - std.log() - 0.5 * std::log(2 * std::numbers::pi)).sum(1, true);
        const torch::Tensor squash = torch::log(1 - action.pow(2) + kSquashEpsilon).sum(1, true);
        return {action, gaussian - squash, u};
    }

    //! gSDE's weights ~ N(0, exp(logStd)), reparameterised so the log-std gets gradients.
    torch::Tensor drawExplorationMatrix()
    {
        const torch::Tensor stdMatrix = actor->sdeLogStd.exp();
        return stdMatrix * torch::randn(stdMatrix.sizes(), generator);
    }

    torch::Tensor minimumQ(std::vector<Critic>& nets, const torch::Tensor& s, const torch::Tensor& a)
    {
        torch::Tensor q = nets.front()->forward(s, a);
        for (std::size_t i = 1; i < nets.size(); ++i)
            q = torch::min(q, nets[i]->forward(s, a));
        return q;
    }

    //! The dense layers of a network as plain views; with `gradients`, gradient buffers are
    //! created (zero) where missing so the optimizer finds them in p.grad().
    static std::vector<detail::DenseLayerView> denseLayers(const std::vector<torch::nn::LinearImpl*>& linears, bool gradients)
    {
        std::vector<detail::DenseLayerView> layers;
        for (torch::nn::LinearImpl* linear : linears) {
            detail::DenseLayerView view;
            view.weight = linear->weight.data_ptr<float>();
            view.bias = linear->bias.data_ptr<float>();
            view.inputs = static_cast<std::size_t>(linear->weight.size(1));
            view.outputs = static_cast<std::size_t>(linear->weight.size(0));
            if (gradients) {
                for (torch::Tensor* p : {&linear->weight, &linear->bias}) {
                    if (!p->grad().defined())
                        p->mutable_grad() = torch::zeros_like(*p);
                }
                view.weightGradient = linear->weight.mutable_grad().data_ptr<float>();
                view.biasGradient = linear->bias.mutable_grad().data_ptr<float>();
            }
            layers.push_back(view);
        }
        return layers;
    }
    static std::vector<torch::nn::LinearImpl*> linears(Actor& net)
    {
        std::vector<torch::nn::LinearImpl*> out;
        for (const auto& linear : detail::linearsOf(net->trunk))
            out.push_back(linear.get());
        out.push_back(net->mean.get());
        return out;
    }
    static std::vector<torch::nn::LinearImpl*> linears(Critic& net)
    {
        std::vector<torch::nn::LinearImpl*> out;
        for (const auto& linear : detail::linearsOf(net->net))
            out.push_back(linear.get());
        return out;
    }
    static void zeroGradients(const std::vector<detail::DenseLayerView>& layers)
    {
        for (const detail::DenseLayerView& layer : layers) {
            std::fill(layer.weightGradient, layer.weightGradient + layer.inputs * layer.outputs, 0.0f);
            std::fill(layer.biasGradient, layer.biasGradient + layer.outputs, 0.0f);
        }
    }

    std::vector<torch::Tensor> criticParameters() const
    {
        std::vector<torch::Tensor> out;
        for (const Critic& c : critics)
            for (const torch::Tensor& p : c->parameters())
                out.push_back(p);
        return out;
    }

    void requireState(std::span<const float> state) const
    {
        if (state.size() != config.stateDim)
            throw std::invalid_argument("OffPolicyAgent: state has " + std::to_string(state.size()) + " values, expected "
                                        + std::to_string(config.stateDim));
    }

    static std::vector<float> toVector(const torch::Tensor& t)
    {
        const torch::Tensor c = t.contiguous();
        return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
    }
};

OffPolicyAgent::OffPolicyAgent(const OffPolicyConfig& config) : m_impl(std::make_unique<Impl>())
{
    if (config.stateDim == 0 || config.actionDim == 0)
        throw std::invalid_argument("OffPolicyAgent: stateDim and actionDim must be positive");
    if (config.policyDelay == 0)
        throw std::invalid_argument("OffPolicyAgent: policyDelay must be at least 1");
    Impl& d = *m_impl;
    d.config = config;
    d.generator = detail::privateGenerator(config.seed);
    torch::NoGradGuard noGrad;

    d.actor = Actor(config);
    const auto initialiseModule = [&](torch::nn::Module& module, const std::vector<torch::nn::Linear>& finals) {
        for (const auto& child : module.modules(/*include_self=*/false)) {
            if (auto linear = std::dynamic_pointer_cast<torch::nn::LinearImpl>(child)) {
                bool isFinal = false;
                for (const auto& f : finals)
                    isFinal = isFinal || f.get() == linear.get();
                const double bound = isFinal && config.finalLayerInit > 0 ? config.finalLayerInit : defaultInitBound(*linear);
                initialiseLinear(*linear, d.generator, bound);
            }
        }
    };
    std::vector<torch::nn::Linear> actorFinals = {d.actor->mean};
    if (d.actor->logStd)
        actorFinals.push_back(d.actor->logStd);
    initialiseModule(*d.actor, actorFinals);

    const std::size_t criticCount = config.algorithm == OffPolicyAlgorithm::Ddpg ? 1 : 2;
    for (std::size_t i = 0; i < criticCount; ++i) {
        Critic critic(config);
        const auto linears = linearsOf(critic->net);
        std::vector<torch::nn::Linear> finals = {torch::nn::Linear(linears.back())};
        initialiseModule(*critic, finals);
        Critic target(config);
        copyInto(*target, *critic);
        d.critics.push_back(critic);
        d.criticTargets.push_back(target);
    }
    if (!d.sac()) {
        d.actorTarget = Actor(config);
        copyInto(*d.actorTarget, *d.actor);
    }
    d.actorOptimizer = std::make_unique<torch::optim::Adam>(d.actor->parameters(),
                                                            torch::optim::AdamOptions(config.actorLearningRate));
    d.criticOptimizer = std::make_unique<torch::optim::Adam>(d.criticParameters(),
                                                             torch::optim::AdamOptions(config.criticLearningRate));
    d.logEntropyCoefficient = torch::tensor({std::log(config.initialEntropyCoefficient)}, torch::kFloat);
    if (d.sac() && config.learnEntropyCoefficient) {
        d.logEntropyCoefficient.set_requires_grad(true);
        d.entropyOptimizer = std::make_unique<torch::optim::Adam>(
            std::vector<torch::Tensor>{d.logEntropyCoefficient}, torch::optim::AdamOptions(config.entropyLearningRate));
    }
    if (d.sde())
        d.explorationMatrix = d.drawExplorationMatrix().detach();
    const auto small = [](const std::vector<std::size_t>& hidden) {
        return std::all_of(hidden.begin(), hidden.end(), [](std::size_t units) { return units <= 64; });
    };
    if (config.backend == OffPolicyBackend::Plain && d.sac())
        throw std::invalid_argument("OffPolicyAgent: the plain backend covers DDPG and TD3, not SAC");
    d.plain = config.backend == OffPolicyBackend::Plain
        || (config.backend == OffPolicyBackend::Automatic && !d.sac() && small(config.actorHidden) && small(config.criticHidden));
    d.criticPasses.resize(d.critics.size());
}

OffPolicyAgent::~OffPolicyAgent() = default;
OffPolicyAgent::OffPolicyAgent(OffPolicyAgent&&) noexcept = default;
OffPolicyAgent& OffPolicyAgent::operator=(OffPolicyAgent&&) noexcept = default;

std::vector<float> OffPolicyAgent::act(std::span<const float> state, bool explore)
{
    Impl& d = *m_impl;
    d.requireState(state);
    torch::NoGradGuard noGrad;
    const torch::Tensor s = detail::viewOf(state, {1, static_cast<std::int64_t>(state.size())});
    if (!explore)
        return Impl::toVector(d.deterministic(d.actor, s));
    if (d.sac())
        return Impl::toVector(d.sample(s, d.explorationMatrix).action);
    const torch::Tensor noisy
        = d.deterministic(d.actor, s)
          + d.config.explorationNoise * torch::randn({1, static_cast<std::int64_t>(d.config.actionDim)}, d.generator);
    return Impl::toVector(noisy.clamp(-1.0, 1.0));
}

std::vector<float> OffPolicyAgent::randomAction()
{
    Impl& d = *m_impl;
    torch::NoGradGuard noGrad;
    const torch::Tensor u = torch::rand({static_cast<std::int64_t>(d.config.actionDim)}, d.generator) * 2 - 1;
    return Impl::toVector(u);
}

void OffPolicyAgent::resetNoise()
{
    Impl& d = *m_impl;
    if (!d.sde())
        return;
    torch::NoGradGuard noGrad;
    d.explorationMatrix = d.drawExplorationMatrix();
}

float OffPolicyAgent::value(std::span<const float> state, std::span<const float> action) const
{
    Impl& d = *m_impl; // modules' forward() is non-const
    d.requireState(state);
    if (action.size() != d.config.actionDim)
        throw std::invalid_argument("OffPolicyAgent::value: action has the wrong size");
    torch::NoGradGuard noGrad;
    return d
        .minimumQ(d.critics, detail::viewOf(state, {1, static_cast<std::int64_t>(state.size())}),
                  detail::viewOf(action, {1, static_cast<std::int64_t>(action.size())}))
        .item<float>();
}

namespace {

//! TD3's target policy smoothing in place, a ← clamp(a + clamp(σε, ±c), ±1), on `count` floats
//! and the same number of standard normal draws.
void smoothTargetActions(float* actions, const float* noise, std::size_t count, const OffPolicyConfig& c)
{
    const auto sigma = static_cast<float>(c.targetNoise);
    const auto clip = static_cast<float>(c.targetNoiseClip);
    for (std::size_t i = 0; i < count; ++i)
        actions[i] = std::clamp(actions[i] + std::clamp(noise[i] * sigma, -clip, clip), -1.0f, 1.0f);
}

//! The statistics of one step read from the batch's floats (both backends): Q₁ and the targets
//! (n each), and the deterministic policy's actions on the batch (n × actionDim).
void fillDiagnostics(OffPolicyUpdateStats& stats, const float* q, const float* targets, std::size_t n, const float* actions,
                     std::size_t actionDim)
{
    double sum = 0;
    double absError = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sum += q[i];
        absError += std::abs(static_cast<double>(q[i]) - targets[i]);
    }
    stats.qMean = sum / static_cast<double>(n);
    double squares = 0;
    for (std::size_t i = 0; i < n; ++i)
        squares += (q[i] - stats.qMean) * (q[i] - stats.qMean);
    stats.qStd = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0; // unbiased, as Tensor::std
    stats.tdError = absError / static_cast<double>(n);
    stats.boundFraction.assign(actionDim, 0.0);
    stats.actionMean.assign(actionDim, 0.0);
    for (std::size_t j = 0; j < n * actionDim; ++j) {
        stats.boundFraction[j % actionDim] += std::abs(actions[j]) > 0.9f ? 1.0 : 0.0;
        stats.actionMean[j % actionDim] += actions[j];
    }
    for (double& fraction : stats.boundFraction)
        fraction /= static_cast<double>(n);
    for (double& mean : stats.actionMean)
        mean /= static_cast<double>(n);
}

//! One DDPG/TD3 gradient step without autograd (OffPolicyBackend::Plain): the same losses,
//! order of steps and random draws as OffPolicyAgent::update's LibTorch path, the passes in
//! plain loops (core/learn/dense_network_pass.h) and the gradients written where Adam reads them.
template <typename Impl, typename EndPhase>
void plainStep(Impl& d, const ReplayBatch& batch, double cloning, OffPolicyUpdateStats& stats, const EndPhase& endPhase)
{
    const OffPolicyConfig& c = d.config;
    const std::size_t n = batch.size;
    const std::size_t stateDim = c.stateDim;
    const std::size_t actionDim = c.actionDim;
    const std::size_t width = stateDim + actionDim;
    torch::NoGradGuard noGrad;
    const auto join = [&](const float* states, const float* actions, std::vector<float>& out) {
        out.resize(n * width);
        for (std::size_t i = 0; i < n; ++i) {
            std::copy(states + i * stateDim, states + (i + 1) * stateDim, out.begin() + static_cast<std::ptrdiff_t>(i * width));
            std::copy(actions + i * actionDim, actions + (i + 1) * actionDim,
                      out.begin() + static_cast<std::ptrdiff_t>(i * width + stateDim));
        }
    };

    // The target r + γ(1 − done)·min_i Q'_i(s', clamp(μ'(s') + clamp(σε, ±c), ±1)).
    const std::vector<detail::DenseLayerView> actorTarget = Impl::denseLayers(Impl::linears(d.actorTarget), false);
    d.actorPass.forward(actorTarget, batch.nextStates.data(), n);
    d.nextActions.assign(d.actorPass.output(), d.actorPass.output() + n * actionDim);
    for (float& a : d.nextActions)
        a = std::tanh(a);
    if (c.algorithm == OffPolicyAlgorithm::Td3 && c.targetNoise > 0) {
        const torch::Tensor noise = torch::randn({static_cast<std::int64_t>(n), static_cast<std::int64_t>(actionDim)}, d.generator);
        smoothTargetActions(d.nextActions.data(), noise.data_ptr<float>(), d.nextActions.size(), c);
    }
    join(batch.nextStates.data(), d.nextActions.data(), d.criticInputs);
    d.targets.assign(n, 0.0f);
    for (std::size_t k = 0; k < d.criticTargets.size(); ++k) {
        d.criticPasses[0].forward(Impl::denseLayers(Impl::linears(d.criticTargets[k]), false), d.criticInputs.data(), n);
        const float* q = d.criticPasses[0].output();
        for (std::size_t i = 0; i < n; ++i)
            d.targets[i] = k == 0 ? q[i] : std::min(d.targets[i], q[i]);
    }
    const auto discount = static_cast<float>(c.discount);
    for (std::size_t i = 0; i < n; ++i)
        d.targets[i] = batch.rewards[i] + discount * (1.0f - batch.dones[i]) * d.targets[i];
    endPhase(UpdatePhase::Target);

    // Critics: mean squared error to the target, summed over the critics.
    join(batch.states.data(), batch.actions.data(), d.criticInputs);
    std::vector<std::vector<detail::DenseLayerView>> critics;
    double criticLoss = 0;
    for (std::size_t k = 0; k < d.critics.size(); ++k) {
        critics.push_back(Impl::denseLayers(Impl::linears(d.critics[k]), true));
        d.criticPasses[k].forward(critics.back(), d.criticInputs.data(), n);
        const float* q = d.criticPasses[k].output();
        if (k == 0)
            d.firstQ.assign(q, q + n);
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i)
            sum += static_cast<double>(q[i] - d.targets[i]) * (q[i] - d.targets[i]);
        criticLoss += sum / static_cast<double>(n);
    }
    endPhase(UpdatePhase::CriticForward);
    d.outputGradient.resize(n);
    for (std::size_t k = 0; k < d.critics.size(); ++k) {
        Impl::zeroGradients(critics[k]);
        const float* q = d.criticPasses[k].output();
        const float scale = 2.0f / static_cast<float>(n);
        for (std::size_t i = 0; i < n; ++i)
            d.outputGradient[i] = scale * (q[i] - d.targets[i]);
        d.criticPasses[k].backward(critics[k], d.outputGradient.data(), true, nullptr);
    }
    endPhase(UpdatePhase::CriticBackward);
    detail::stepAdam(*d.criticOptimizer);
    endPhase(UpdatePhase::CriticOptimizer);
    stats.criticLoss = criticLoss;

    const std::size_t delay = c.algorithm == OffPolicyAlgorithm::Td3 ? c.policyDelay : 1;
    bool haveActions = false;
    if (d.updates % delay == 0) {
        // Actor: −λ·mean Q₁(s, tanh(u)) + penalty · mean(u²) [+ mean (tanh(u) − a)² with
        // behaviour cloning, λ = cloning / mean |Q₁|; else λ = 1], u the pre-tanh output.
        const std::vector<detail::DenseLayerView> actor = Impl::denseLayers(Impl::linears(d.actor), true);
        d.actorPass.forward(actor, batch.states.data(), n);
        const float* u = d.actorPass.output();
        d.actorActions.resize(n * actionDim);
        for (std::size_t j = 0; j < n * actionDim; ++j)
            d.actorActions[j] = std::tanh(u[j]);
        join(batch.states.data(), d.actorActions.data(), d.criticInputs);
        const std::vector<detail::DenseLayerView> critic = Impl::denseLayers(Impl::linears(d.critics.front()), false);
        d.criticPasses[0].forward(critic, d.criticInputs.data(), n);
        const float* q = d.criticPasses[0].output();
        double meanQ = 0;
        double meanSquare = 0;
        for (std::size_t i = 0; i < n; ++i)
            meanQ += q[i];
        for (std::size_t j = 0; j < n * actionDim; ++j)
            meanSquare += static_cast<double>(u[j]) * u[j];
        meanQ /= static_cast<double>(n);
        meanSquare /= static_cast<double>(n * actionDim);
        double lambda = 1;
        double cloned = 0;
        if (cloning > 0) {
            double meanAbsQ = 0;
            for (std::size_t i = 0; i < n; ++i)
                meanAbsQ += std::abs(q[i]);
            lambda = cloning / std::max(meanAbsQ / static_cast<double>(n), 1e-12);
            for (std::size_t j = 0; j < n * actionDim; ++j)
                cloned += static_cast<double>(d.actorActions[j] - batch.actions[j]) * (d.actorActions[j] - batch.actions[j]);
            cloned /= static_cast<double>(n * actionDim);
        }
        stats.actorLoss = -lambda * meanQ + c.preTanhPenalty * meanSquare + cloned;
        d.outputGradient.assign(n, static_cast<float>(-lambda / static_cast<double>(n)));
        d.inputGradient.resize(n * width);
        d.criticPasses[0].backward(critic, d.outputGradient.data(), false, d.inputGradient.data());
        // ∂/∂u = ∂/∂a · (1 − tanh²u) + penalty · 2u / (n · actions).
        std::vector<float>& actionGradient = d.nextActions; // scratch: the target actions are used up
        actionGradient.resize(n * actionDim);
        const auto penalty = static_cast<float>(2.0 * c.preTanhPenalty / static_cast<double>(n * actionDim));
        const auto cloningWeight = cloning > 0 ? static_cast<float>(2.0 / static_cast<double>(n * actionDim)) : 0.0f;
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t k = 0; k < actionDim; ++k) {
                const std::size_t j = i * actionDim + k;
                const float a = d.actorActions[j];
                const float towardsBatch = cloningWeight * (a - batch.actions[j]);
                actionGradient[j] = (d.inputGradient[i * width + stateDim + k] + towardsBatch) * (1.0f - a * a) + penalty * u[j];
            }
        }
        Impl::zeroGradients(actor);
        d.actorPass.backward(actor, actionGradient.data(), true, nullptr);
        endPhase(UpdatePhase::Actor);
        detail::stepAdam(*d.actorOptimizer);
        stats.actorUpdated = true;
        haveActions = true;
        endPhase(UpdatePhase::ActorOptimizer);
        detail::softUpdate(*d.actorTarget, *d.actor, c.softUpdate);
        for (std::size_t k = 0; k < d.critics.size(); ++k)
            detail::softUpdate(*d.criticTargets[k], *d.critics[k], c.softUpdate);
        endPhase(UpdatePhase::TargetUpdate);
    }

    if (!haveActions) { // TD3's delayed step: the (unchanged) actor on this batch
        d.actorPass.forward(Impl::denseLayers(Impl::linears(d.actor), false), batch.states.data(), n);
        d.actorActions.assign(d.actorPass.output(), d.actorPass.output() + n * actionDim);
        for (float& a : d.actorActions)
            a = std::tanh(a);
    }
    fillDiagnostics(stats, d.firstQ.data(), d.targets.data(), n, d.actorActions.data(), actionDim);
    endPhase(UpdatePhase::Diagnostics);
}

} // namespace

OffPolicyUpdateStats OffPolicyAgent::update(const ReplayBatch& batch)
{
    return step(batch, 0);
}

OffPolicyUpdateStats OffPolicyAgent::updateWithBehaviourCloning(const ReplayBatch& batch, double alpha)
{
    return step(batch, std::max(0.0, alpha));
}

OffPolicyUpdateStats OffPolicyAgent::step(const ReplayBatch& batch, double cloning)
{
    Impl& d = *m_impl;
    const OffPolicyConfig& c = d.config;
    if (batch.size == 0 || batch.stateDim != c.stateDim || batch.actionDim != c.actionDim)
        throw std::invalid_argument("OffPolicyAgent::update: empty batch or dimensions that differ from the agent's");
    const auto [s, a, r, next, terminated] = detail::viewsOf(batch);
    const auto n = static_cast<std::int64_t>(batch.size);
    ++d.updates;
    OffPolicyUpdateStats stats;
    auto lap = std::chrono::steady_clock::now();
    const auto endPhase = [&](UpdatePhase phase) {
        const auto now = std::chrono::steady_clock::now();
        stats.phaseSeconds[static_cast<std::size_t>(phase)] += std::chrono::duration<double>(now - lap).count();
        lap = now;
    };
    if (d.plain) {
        plainStep(d, batch, cloning, stats, endPhase);
        return stats;
    }

    // SAC: the policy sample on s, then α's step (SB3's order).
    PolicySample policy;
    torch::Tensor alpha = torch::zeros({1});
    torch::Tensor trainMatrix;
    if (d.sac()) {
        if (d.sde())
            trainMatrix = d.drawExplorationMatrix(); // SB3 redraws before every gradient step
        policy = d.sample(s, trainMatrix);
        alpha = d.entropyCoefficient();
        if (d.entropyOptimizer) {
            const torch::Tensor alphaLoss
                = -(d.logEntropyCoefficient * (policy.logProbability.detach() + d.targetEntropy())).mean();
            d.entropyOptimizer->zero_grad();
            alphaLoss.backward();
            detail::stepAdam(*d.entropyOptimizer);
        }
        stats.entropyCoefficient = alpha.item<double>();
        stats.entropy = -policy.logProbability.detach().mean().item<double>();
        endPhase(UpdatePhase::Actor);
    }

    torch::Tensor target;
    {
        torch::NoGradGuard noGrad;
        torch::Tensor nextQ;
        if (d.sac()) {
            const PolicySample nextPolicy = d.sample(next, d.sde() ? trainMatrix.detach() : torch::Tensor());
            nextQ = d.minimumQ(d.criticTargets, next, nextPolicy.action) - alpha * nextPolicy.logProbability;
        } else {
            torch::Tensor nextAction = d.deterministic(d.actorTarget, next);
            if (c.algorithm == OffPolicyAlgorithm::Td3 && c.targetNoise > 0) {
                const torch::Tensor noise = torch::randn(nextAction.sizes(), d.generator);
                nextAction = nextAction.contiguous();
                smoothTargetActions(nextAction.data_ptr<float>(), noise.data_ptr<float>(),
                                    static_cast<std::size_t>(nextAction.numel()), c);
            }
            nextQ = d.minimumQ(d.criticTargets, next, nextAction);
        }
        target = r + c.discount * (1.0 - terminated) * nextQ;
    }
    endPhase(UpdatePhase::Target);

    torch::Tensor criticLoss = torch::zeros({});
    torch::Tensor q1;
    for (std::size_t i = 0; i < d.critics.size(); ++i) {
        const torch::Tensor q = d.critics[i]->forward(s, a);
        if (i == 0)
            q1 = q.detach();
        criticLoss = criticLoss + torch::mse_loss(q, target);
    }
    if (d.sac())
        criticLoss = 0.5 * criticLoss; // SB3's SAC halves the sum
    endPhase(UpdatePhase::CriticForward);
    d.criticOptimizer->zero_grad();
    criticLoss.backward();
    endPhase(UpdatePhase::CriticBackward);
    detail::stepAdam(*d.criticOptimizer);
    endPhase(UpdatePhase::CriticOptimizer);

    const std::size_t delay = c.algorithm == OffPolicyAlgorithm::Td3 ? c.policyDelay : 1;
    torch::Tensor deterministicActions;
    if (d.updates % delay == 0) {
        torch::Tensor actorLoss;
        torch::Tensor preTanh;
        torch::Tensor policyAction;
        torch::Tensor qPi;
        if (d.sac()) {
            qPi = d.minimumQ(d.critics, s, policy.action);
            actorLoss = (alpha * policy.logProbability - qPi).mean();
            preTanh = policy.preTanh;
            policyAction = policy.action;
        } else {
            preTanh = d.meanOf(d.actor, d.actor->trunk->forward(s));
            policyAction = torch::tanh(preTanh);
            qPi = d.critics.front()->forward(s, policyAction);
            actorLoss = -qPi.mean();
        }
        if (cloning > 0) { // TD3+BC: λ·loss + mean (π(s) − a)², λ = α / mean |Q| (a constant)
            const double lambda = cloning / std::max(qPi.detach().abs().mean().item<double>(), 1e-12);
            actorLoss = lambda * actorLoss + (policyAction - a).pow(2).mean();
        }
        if (c.preTanhPenalty > 0)
            actorLoss = actorLoss + c.preTanhPenalty * preTanh.pow(2).mean();
        d.actorOptimizer->zero_grad();
        actorLoss.backward();
        endPhase(UpdatePhase::Actor);
        detail::stepAdam(*d.actorOptimizer);
        stats.actorLoss = actorLoss.item<double>();
        stats.actorUpdated = true;
        endPhase(UpdatePhase::ActorOptimizer);
        if (!d.sac())
            softUpdate(*d.actorTarget, *d.actor, c.softUpdate);
        // The deterministic actions of this batch, before the step, for the saturation figure
        // (DDPG and TD3: tanh of the pre-tanh outputs just computed; no second forward).
        if (!d.sac())
            deterministicActions = torch::tanh(preTanh.detach());
    }
    // SAC moves its critic targets every step; TD3 and DDPG with the actor.
    if (d.sac() || stats.actorUpdated)
        for (std::size_t i = 0; i < d.critics.size(); ++i)
            softUpdate(*d.criticTargets[i], *d.critics[i], c.softUpdate);
    endPhase(UpdatePhase::TargetUpdate);

    {
        // Read straight from the batch's float tensors: a handful of .item() and reductions
        // dispatched through LibTorch cost more than the update's optimizer steps.
        torch::NoGradGuard noGrad;
        stats.criticLoss = criticLoss.item<double>();
        const torch::Tensor qs = q1.contiguous();
        const torch::Tensor targets = target.contiguous();
        // Saturation of the deterministic policy on this batch: from the actor step's forward
        // when there was one; on TD3's delayed steps (actor unchanged since) from one forward.
        if (!deterministicActions.defined())
            deterministicActions = d.deterministic(d.actor, s);
        const torch::Tensor actions = deterministicActions.contiguous();
        fillDiagnostics(stats, qs.data_ptr<float>(), targets.data_ptr<float>(), static_cast<std::size_t>(n),
                        actions.data_ptr<float>(), c.actionDim);
    }
    endPhase(UpdatePhase::Diagnostics);
    return stats;
}

const OffPolicyConfig& OffPolicyAgent::config() const
{
    return m_impl->config;
}

std::size_t OffPolicyAgent::updates() const
{
    return m_impl->updates;
}

OffPolicyBackend OffPolicyAgent::backend() const
{
    return m_impl->plain ? OffPolicyBackend::Plain : OffPolicyBackend::LibTorch;
}

double OffPolicyAgent::entropyCoefficient() const
{
    return m_impl->sac() ? m_impl->entropyCoefficient().item<double>() : 0.0;
}

std::string OffPolicyAgent::saveBytes() const
{
    const Impl& d = *m_impl;
    detail::CheckpointWriter out(dimsOf(d.config));
    out.module("actor", *d.actor);
    if (d.actorTarget)
        out.module("actor_target", *d.actorTarget);
    for (std::size_t i = 0; i < d.critics.size(); ++i) {
        out.module(("critic" + std::to_string(i)).c_str(), *d.critics[i]);
        out.module(("critic_target" + std::to_string(i)).c_str(), *d.criticTargets[i]);
    }
    out.optimizer("actor_optimizer", *d.actorOptimizer);
    out.optimizer("critic_optimizer", *d.criticOptimizer);
    if (d.entropyOptimizer)
        out.optimizer("entropy_optimizer", *d.entropyOptimizer);
    out.tensor("log_entropy_coefficient", d.logEntropyCoefficient.detach());
    if (d.sde())
        out.tensor("exploration_matrix", d.explorationMatrix);
    out.tensor("generator", d.generator.get_state());
    out.tensor("updates", torch::tensor(static_cast<std::int64_t>(d.updates), torch::kLong));
    return out.bytes();
}

void OffPolicyAgent::loadBytes(std::string_view bytes)
{
    Impl& d = *m_impl;
    detail::CheckpointReader in(bytes, "OffPolicyAgent::loadBytes", dimsOf(d.config), kDimNames);
    in.module("actor", *d.actor);
    if (d.actorTarget)
        in.module("actor_target", *d.actorTarget);
    for (std::size_t i = 0; i < d.critics.size(); ++i) {
        in.module(("critic" + std::to_string(i)).c_str(), *d.critics[i]);
        in.module(("critic_target" + std::to_string(i)).c_str(), *d.criticTargets[i]);
    }
    in.optimizer("actor_optimizer", *d.actorOptimizer);
    in.optimizer("critic_optimizer", *d.criticOptimizer);
    if (d.entropyOptimizer)
        in.optimizer("entropy_optimizer", *d.entropyOptimizer);
    {
        torch::NoGradGuard noGrad;
        d.logEntropyCoefficient.copy_(in.tensor("log_entropy_coefficient"));
    }
    if (d.sde())
        d.explorationMatrix = in.tensor("exploration_matrix").clone();
    d.generator.set_state(in.tensor("generator"));
    d.updates = static_cast<std::size_t>(in.tensor("updates").item<std::int64_t>());
}

} // namespace orrery::learn
