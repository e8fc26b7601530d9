#include "ssjf_policy.h"

#include "sim/sim_time.h"

#include <stdexcept>

namespace orrery::plugins {

namespace {

OutputLengthPredictor::Options optionsFrom(const policy::ParamSet& params)
{
    OutputLengthPredictor::Options options;
    options.window = static_cast<std::size_t>(params.getInt("window"));
    options.priorWeight = params.getDouble("priorWeight");
    options.cacheCapacity = static_cast<std::size_t>(params.getInt("cacheCapacity"));
    return options;
}

} // namespace

SsjfPolicy::SsjfPolicy(const policy::PolicyContext& context)
    : m_predictor(optionsFrom(context.params))
    , m_agingTokensPerSecond(context.params.getDouble("agingTokensPerSecond"))
{
    if (context.params.getString("predictor") == "torch") {
#ifdef ORRERY_SSJF_WITH_TORCH
        TorchLengthTable::Options options;
        options.window = static_cast<std::size_t>(context.params.getInt("window"));
        options.retrainEvery = static_cast<std::size_t>(context.params.getInt("retrainEvery"));
        options.epochs = static_cast<std::size_t>(context.params.getInt("epochs"));
        m_torch.emplace(options);
#else
        throw std::invalid_argument("predictor: torch needs an Orrery built with LibTorch (ORRERY_WITH_TORCH=ON)");
#endif
    }
}

std::size_t SsjfPolicy::torchRetrains() const
{
#ifdef ORRERY_SSJF_WITH_TORCH
    return m_torch ? m_torch->retrains() : 0;
#else
    return 0;
#endif
}

std::optional<double> SsjfPolicy::estimate(const policy::QueuedRequest& request) const
{
#ifdef ORRERY_SSJF_WITH_TORCH
    // Until its first training (and for a model it has not seen) the online estimate stands in.
    if (m_torch) {
        if (const std::optional<double> tokens = m_torch->predictedTokens(request.service, request.inputTokens))
            return tokens;
    }
#endif
    return m_predictor.predictedTokens(request.service, request.inputTokens, 0);
}

double SsjfPolicy::priority(const policy::QueuedRequest& request)
{
    // Exact for a repeated input; unknown model: 0, like every other unknown one, so they keep
    // their order of arrival.
    const std::optional<std::uint32_t> cached = m_predictor.cached(request.service, request.inputHash);
    const double tokens = cached ? static_cast<double>(*cached) : estimate(request).value_or(0.0);
    if (m_agingTokensPerSecond <= 0)
        return tokens;
    // Aging: a request arriving Δt later counts as agingTokensPerSecond·Δt tokens longer.
    return tokens + m_agingTokensPerSecond * (static_cast<double>(request.arrivedAt) / static_cast<double>(sim::kSecond));
}

void SsjfPolicy::completed(const policy::QueuedRequest& request)
{
    m_predictor.learn(request.service, request.inputTokens, request.inputHash, request.outputTokens);
#ifdef ORRERY_SSJF_WITH_TORCH
    if (m_torch)
        m_torch->learn(request.service, request.inputTokens, request.outputTokens);
#endif
}

} // namespace orrery::plugins
