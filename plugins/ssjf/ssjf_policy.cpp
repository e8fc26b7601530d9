#include "ssjf_policy.h"

#include "sim/sim_time.h"

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
}

double SsjfPolicy::priority(const policy::QueuedRequest& request)
{
    // Unknown model: 0, like every other unknown one, so they keep their order of arrival.
    const double tokens = m_predictor.predictedTokens(request.service, request.inputTokens, request.inputHash).value_or(0.0);
    if (m_agingTokensPerSecond <= 0)
        return tokens;
    // Aging: a request arriving Δt later counts as agingTokensPerSecond·Δt tokens longer.
    return tokens + m_agingTokensPerSecond * (static_cast<double>(request.arrivedAt) / static_cast<double>(sim::kSecond));
}

void SsjfPolicy::completed(const policy::QueuedRequest& request)
{
    m_predictor.learn(request.service, request.inputTokens, request.inputHash, request.outputTokens);
}

} // namespace orrery::plugins
