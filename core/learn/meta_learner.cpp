#include "learn/meta_learner.h"

#include "learn/checkpoint_archive.h"
#include "learn/seeded_random.h"
#include "learn/torch_support.h"
#include "learn/trajectory_selection.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace orrery::learn {
namespace {

std::int64_t i64(std::size_t value)
{
    return static_cast<std::int64_t>(value);
}

std::vector<std::int64_t> dimsOf(const MetaLearnerConfig& c)
{
    // bundleSize is left out: it shapes no weight, so a checkpoint serves any M.
    return {i64(c.stateDim),  i64(c.actionDim),    i64(c.rnnHidden), i64(c.rnnLayers),
            i64(c.fcHidden), i64(c.embeddingDim), i64(c.headHidden)};
}

constexpr const char* kDimNames[] = {"state", "action", "GRU hidden", "GRU layers", "FC hidden", "embedding", "head hidden"};

//! PyTorch's default initialisation of a GRU, drawn from `generator`: U(±1/√hidden) for every
//! weight and bias (a Linear's: detail::initialiseLinear).
void initialiseGru(torch::nn::GRU& gru, std::size_t hidden, at::Generator& generator)
{
    torch::NoGradGuard noGrad;
    const double bound = 1.0 / std::sqrt(static_cast<double>(hidden));
    for (auto& parameter : gru->parameters())
        parameter.uniform_(-bound, bound, generator);
}

//! One training environment's episodes, split into what may serve as context and as targets.
struct Draw {
    std::vector<const EpisodeTrajectory*> context;
    std::vector<const EpisodeTrajectory*> targets; //!< episodes of ≥ 2 steps
};

} // namespace

struct MetaLearner::Impl {
    MetaLearnerConfig config;
    torch::nn::GRU gru{nullptr};
    torch::nn::Linear fc1{nullptr};
    torch::nn::Linear fc2{nullptr};
    torch::nn::Linear head1{nullptr};
    torch::nn::Linear head2{nullptr};
    torch::nn::Linear head3{nullptr};
    std::size_t trainingSteps = 0;

    void requireEpisode(const EpisodeTrajectory& episode, const char* where) const
    {
        if (episode.stateDim != config.stateDim || episode.actionDim != config.actionDim)
            throw std::invalid_argument(std::string(where) + ": an episode has state and action dimensions "
                                        + std::to_string(episode.stateDim) + " and " + std::to_string(episode.actionDim)
                                        + ", the learner " + std::to_string(config.stateDim) + " and "
                                        + std::to_string(config.actionDim));
        if (episode.size() == 0 || episode.states.size() != episode.size() * episode.stateDim
            || episode.actions.size() != episode.size() * episode.actionDim)
            throw std::invalid_argument(std::string(where) + ": an episode is empty or its columns disagree in length");
    }

    //! Embeddings [bundles.size(), embeddingDim] of bundles of episodes (each bundle non-empty).
    //! Every episode is one zero-padded, packed sequence of the GRU with a zero initial state.
    torch::Tensor encode(const std::vector<std::vector<const EpisodeTrajectory*>>& bundles)
    {
        const std::size_t d = config.transitionDim();
        std::size_t sequences = 0, longest = 0;
        for (const auto& bundle : bundles) {
            sequences += bundle.size();
            for (const EpisodeTrajectory* episode : bundle)
                longest = std::max(longest, episode->size());
        }
        std::vector<float> input(sequences * longest * d, 0.0f);
        std::vector<std::int64_t> lengths;
        lengths.reserve(sequences);
        // pool[b][n] = 1/|bundle b| for the sequences n of bundle b: the bundle mean.
        std::vector<float> pool(bundles.size() * sequences, 0.0f);
        std::size_t n = 0;
        for (std::size_t b = 0; b < bundles.size(); ++b) {
            for (const EpisodeTrajectory* episode : bundles[b]) {
                float* row = input.data() + n * longest * d;
                for (std::size_t t = 0; t < episode->size(); ++t, row += d) {
                    const auto s = episode->state(t);
                    const auto a = episode->action(t);
                    std::copy(s.begin(), s.end(), row);
                    std::copy(a.begin(), a.end(), row + s.size());
                    row[d - 1] = episode->rewards[t];
                }
                lengths.push_back(i64(episode->size()));
                pool[b * sequences + n] = 1.0f / static_cast<float>(bundles[b].size());
                ++n;
            }
        }
        // Copies, not views: autograd keeps the inputs of pack and mm for the backward pass, after
        // these vectors are gone.
        const torch::Tensor padded = detail::viewOf(input, {i64(sequences), i64(longest), i64(d)}).clone();
        const torch::Tensor lengthTensor = torch::tensor(lengths, torch::kLong);
        const auto packed = torch::nn::utils::rnn::pack_padded_sequence(padded, lengthTensor, /*batch_first=*/true,
                                                                         /*enforce_sorted=*/false);
        // h_n: [layers × 2, sequences, hidden] in the sequences' own order; the last two rows are
        // the top layer's forward and backward final states.
        const torch::Tensor finalStates = std::get<1>(gru->forward_with_packed_input(packed));
        const std::int64_t layers = finalStates.size(0);
        const torch::Tensor perSequence = torch::cat({finalStates[layers - 2], finalStates[layers - 1]}, 1);
        const torch::Tensor pooled
            = detail::viewOf(pool, {i64(bundles.size()), i64(sequences)}).clone().mm(perSequence);
        return fc2->forward(torch::relu(fc1->forward(pooled)));
    }

    torch::Tensor predict(const torch::Tensor& embeddings, const torch::Tensor& states, const torch::Tensor& actions)
    {
        const torch::Tensor input = torch::cat({embeddings, states, actions}, 1);
        return head3->forward(torch::relu(head2->forward(torch::relu(head1->forward(input)))));
    }

    std::vector<torch::Tensor> parameters() const
    {
        std::vector<torch::Tensor> out;
        for (const torch::nn::Module* module :
             {static_cast<const torch::nn::Module*>(gru.get()), static_cast<const torch::nn::Module*>(fc1.get()),
              static_cast<const torch::nn::Module*>(fc2.get()), static_cast<const torch::nn::Module*>(head1.get()),
              static_cast<const torch::nn::Module*>(head2.get()), static_cast<const torch::nn::Module*>(head3.get())}) {
            for (const torch::Tensor& parameter : module->parameters())
                out.push_back(parameter);
        }
        return out;
    }
};

MetaLearner::MetaLearner(const MetaLearnerConfig& config) : m_impl(std::make_unique<Impl>())
{
    if (config.stateDim == 0 || config.actionDim == 0 || config.rnnHidden == 0 || config.rnnLayers == 0
        || config.fcHidden == 0 || config.embeddingDim == 0 || config.bundleSize == 0 || config.headHidden == 0)
        throw std::invalid_argument("MetaLearner: every dimension and the bundle size must be positive");
    Impl& d = *m_impl;
    d.config = config;
    const std::int64_t hidden = i64(config.rnnHidden);
    d.gru = torch::nn::GRU(torch::nn::GRUOptions(i64(config.transitionDim()), hidden)
                               .num_layers(i64(config.rnnLayers))
                               .bidirectional(true)
                               .batch_first(true));
    d.fc1 = torch::nn::Linear(2 * hidden, i64(config.fcHidden));
    d.fc2 = torch::nn::Linear(i64(config.fcHidden), i64(config.embeddingDim));
    const std::int64_t headInputs = i64(config.embeddingDim + config.stateDim + config.actionDim);
    d.head1 = torch::nn::Linear(headInputs, i64(config.headHidden));
    d.head2 = torch::nn::Linear(i64(config.headHidden), i64(config.headHidden));
    d.head3 = torch::nn::Linear(i64(config.headHidden), i64(1 + config.stateDim));
    at::Generator generator = detail::privateGenerator(config.seed);
    initialiseGru(d.gru, config.rnnHidden, generator);
    for (torch::nn::Linear* linear : {&d.fc1, &d.fc2, &d.head1, &d.head2, &d.head3})
        detail::initialiseLinear(**linear, generator);
}

MetaLearner::~MetaLearner() = default;
MetaLearner::MetaLearner(MetaLearner&&) noexcept = default;
MetaLearner& MetaLearner::operator=(MetaLearner&&) noexcept = default;

std::vector<float> MetaLearner::embed(std::span<const EpisodeTrajectory> bundle) const
{
    Impl& d = *m_impl; // the modules' forward() is non-const
    if (bundle.empty() || bundle.size() > d.config.bundleSize)
        throw std::invalid_argument("MetaLearner::embed: a bundle of " + std::to_string(bundle.size())
                                    + " episodes; it takes 1 to " + std::to_string(d.config.bundleSize)
                                    + " (selectTopTrajectories picks them)");
    std::vector<const EpisodeTrajectory*> episodes;
    for (const EpisodeTrajectory& episode : bundle) {
        d.requireEpisode(episode, "MetaLearner::embed");
        episodes.push_back(&episode);
    }
    torch::InferenceMode inference;
    const torch::Tensor out = d.encode({episodes}).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

std::vector<float> MetaLearner::adaptationEmbedding(std::span<const EpisodeTrajectory> episodes) const
{
    const std::vector<EpisodeTrajectory> bundle = selectTopTrajectories(episodes, m_impl->config.bundleSize);
    return embed(bundle);
}

MetaTrainingProgress MetaLearner::train(const std::vector<EnvironmentTrajectories>& environments,
                                        const MetaTrainingConfig& config, const Progress& progress)
{
    Impl& d = *m_impl;
    if (environments.empty())
        throw std::invalid_argument("MetaLearner::train: no environments");
    if (config.targetTransitions == 0)
        throw std::invalid_argument("MetaLearner::train: targetTransitions must be positive");
    for (const EnvironmentTrajectories& environment : environments) {
        bool usable = false;
        for (const EpisodeTrajectory& episode : environment.episodes) {
            d.requireEpisode(episode, "MetaLearner::train");
            usable = usable || episode.size() >= 2;
        }
        if (!usable)
            throw std::invalid_argument("MetaLearner::train: environment '" + environment.name
                                        + "' has no episode of two or more steps");
    }

    SeededRandom random(config.seed);
    torch::optim::Adam optimizer(d.parameters(), torch::optim::AdamOptions(config.learningRate));
    const std::size_t stateDim = d.config.stateDim;
    const std::size_t actionDim = d.config.actionDim;
    const std::size_t perStep = config.environmentsPerStep == 0
                                    ? environments.size()
                                    : std::min(config.environmentsPerStep, environments.size());
    std::vector<std::size_t> environmentOrder(environments.size());
    MetaTrainingProgress last;
    last.steps = config.steps;

    for (std::size_t step = 0; step < config.steps; ++step) {
        // Environments of this step: a partial Fisher–Yates shuffle.
        std::iota(environmentOrder.begin(), environmentOrder.end(), std::size_t{0});
        for (std::size_t i = 0; i < perStep; ++i)
            std::swap(environmentOrder[i], environmentOrder[i + random.index(environments.size() - i)]);

        std::vector<std::vector<const EpisodeTrajectory*>> bundles;
        std::vector<std::int64_t> owner;   // the bundle each target transition belongs to
        std::vector<float> states, actions, targets;
        for (std::size_t k = 0; k < perStep; ++k) {
            const auto& episodes = environments[environmentOrder[k]].episodes;
            std::vector<std::size_t> order(episodes.size());
            std::iota(order.begin(), order.end(), std::size_t{0});
            for (std::size_t i = 0; i + 1 < order.size(); ++i)
                std::swap(order[i], order[i + random.index(order.size() - i)]);
            // Context: up to M episodes, leaving at least one for the targets when asked to.
            const std::size_t reserve = config.disjointTargets && order.size() > 1 ? 1 : 0;
            const std::size_t contextSize = std::min(d.config.bundleSize, order.size() - reserve);
            Draw draw;
            for (std::size_t i = 0; i < order.size(); ++i) {
                const EpisodeTrajectory* episode = &episodes[order[i]];
                if (i < contextSize)
                    draw.context.push_back(episode);
                if ((i >= contextSize || !config.disjointTargets) && episode->size() >= 2)
                    draw.targets.push_back(episode);
            }
            if (draw.targets.empty()) // every held-out episode is a single step: use the context's
                for (const EpisodeTrajectory* episode : draw.context)
                    if (episode->size() >= 2)
                        draw.targets.push_back(episode);
            for (std::size_t j = 0; j < config.targetTransitions; ++j) {
                const EpisodeTrajectory& episode = *draw.targets[random.index(draw.targets.size())];
                const std::size_t t = random.index(episode.size() - 1);
                const auto s = episode.state(t);
                const auto a = episode.action(t);
                const auto next = episode.state(t + 1);
                states.insert(states.end(), s.begin(), s.end());
                actions.insert(actions.end(), a.begin(), a.end());
                targets.push_back(episode.rewards[t]);
                targets.insert(targets.end(), next.begin(), next.end());
                owner.push_back(i64(bundles.size()));
            }
            bundles.push_back(std::move(draw.context));
        }

        const std::int64_t rows = i64(owner.size());
        const torch::Tensor embeddings = d.encode(bundles).index_select(0, torch::tensor(owner, torch::kLong));
        const torch::Tensor predicted = d.predict(embeddings, detail::viewOf(states, {rows, i64(stateDim)}),
                                                  detail::viewOf(actions, {rows, i64(actionDim)}));
        const torch::Tensor squared = (predicted - detail::viewOf(targets, {rows, i64(1 + stateDim)})).pow(2);
        const torch::Tensor rewardLoss = squared.select(1, 0).mean();
        const torch::Tensor stateLoss = squared.narrow(1, 1, i64(stateDim)).mean();
        const torch::Tensor loss = rewardLoss + stateLoss;
        optimizer.zero_grad();
        loss.backward();
        if (config.gradientClip > 0)
            torch::nn::utils::clip_grad_norm_(d.parameters(), config.gradientClip);
        optimizer.step();
        ++d.trainingSteps;

        last.step = step + 1;
        last.loss = loss.item<double>();
        last.rewardLoss = rewardLoss.item<double>();
        last.stateLoss = stateLoss.item<double>();
        if (progress && !progress(last))
            break;
    }
    return last;
}

std::vector<float> MetaLearner::predict(std::span<const float> embedding, std::span<const float> state,
                                        std::span<const float> action) const
{
    Impl& d = *m_impl;
    if (embedding.size() != d.config.embeddingDim || state.size() != d.config.stateDim
        || action.size() != d.config.actionDim)
        throw std::invalid_argument("MetaLearner::predict: embedding, state or action of the wrong size");
    torch::InferenceMode inference;
    const torch::Tensor out = d.predict(detail::viewOf(embedding, {1, i64(embedding.size())}),
                                        detail::viewOf(state, {1, i64(state.size())}),
                                        detail::viewOf(action, {1, i64(action.size())}))
                                  .contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

const MetaLearnerConfig& MetaLearner::config() const
{
    return m_impl->config;
}

std::size_t MetaLearner::trainingSteps() const
{
    return m_impl->trainingSteps;
}

std::string MetaLearner::saveBytes() const
{
    const Impl& d = *m_impl;
    detail::CheckpointWriter out(dimsOf(d.config));
    out.module("gru", *d.gru);
    out.module("fc1", *d.fc1);
    out.module("fc2", *d.fc2);
    out.module("head1", *d.head1);
    out.module("head2", *d.head2);
    out.module("head3", *d.head3);
    out.tensor("training_steps", torch::tensor(i64(d.trainingSteps), torch::kLong));
    return out.bytes();
}

void MetaLearner::loadBytes(std::string_view bytes)
{
    Impl& d = *m_impl;
    detail::CheckpointReader in(bytes, "MetaLearner::loadBytes", dimsOf(d.config), kDimNames);
    in.module("gru", *d.gru);
    in.module("fc1", *d.fc1);
    in.module("fc2", *d.fc2);
    in.module("head1", *d.head1);
    in.module("head2", *d.head2);
    in.module("head3", *d.head3);
    d.trainingSteps = static_cast<std::size_t>(in.tensor("training_steps").item<std::int64_t>());
}

} // namespace orrery::learn
