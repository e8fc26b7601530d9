#include "learn/ppo_math.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::learn {

std::vector<float> generalizedAdvantages(std::span<const float> rewards, std::span<const float> values,
                                         std::span<const std::uint8_t> dones, float bootstrapValue, double gamma,
                                         double lambda)
{
    if (values.size() != rewards.size() || dones.size() != rewards.size())
        throw std::invalid_argument("generalizedAdvantages: rewards, values and dones differ in size");
    std::vector<float> advantages(rewards.size());
    double nextValue = bootstrapValue;
    double nextAdvantage = 0;
    for (std::size_t t = rewards.size(); t-- > 0;) {
        const double notDone = dones[t] != 0 ? 0.0 : 1.0;
        const double delta = rewards[t] + gamma * notDone * nextValue - values[t];
        nextAdvantage = delta + gamma * lambda * notDone * nextAdvantage;
        nextValue = values[t];
        advantages[t] = static_cast<float>(nextAdvantage);
    }
    return advantages;
}

std::vector<float> valueTargets(std::span<const float> advantages, std::span<const float> values)
{
    if (values.size() != advantages.size())
        throw std::invalid_argument("valueTargets: advantages and values differ in size");
    std::vector<float> targets(advantages.size());
    for (std::size_t t = 0; t < targets.size(); ++t)
        targets[t] = advantages[t] + values[t];
    return targets;
}

void normalizeAdvantages(std::span<float> advantages)
{
    if (advantages.size() < 2)
        return;
    const auto n = static_cast<double>(advantages.size());
    double mean = 0;
    for (float a : advantages)
        mean += a;
    mean /= n;
    double squares = 0;
    for (float a : advantages)
        squares += (a - mean) * (a - mean);
    const double scale = 1.0 / (std::sqrt(squares / (n - 1)) + 1e-8);
    for (float& a : advantages)
        a = static_cast<float>((a - mean) * scale);
}

double clippedSurrogate(double ratio, double advantage, double clip)
{
    return std::min(ratio * advantage, std::clamp(ratio, 1.0 - clip, 1.0 + clip) * advantage);
}

double categoricalEntropy(std::span<const float> probabilities)
{
    double entropy = 0;
    for (float p : probabilities) {
        if (p > 0)
            entropy -= static_cast<double>(p) * std::log(static_cast<double>(p));
    }
    return entropy;
}

double explainedVariance(std::span<const float> predictions, std::span<const float> targets)
{
    const std::size_t n = targets.size();
    if (n == 0 || predictions.size() != n)
        return 0;
    double meanTarget = 0, meanResidual = 0;
    for (std::size_t i = 0; i < n; ++i) {
        meanTarget += targets[i];
        meanResidual += static_cast<double>(targets[i]) - predictions[i];
    }
    meanTarget /= static_cast<double>(n);
    meanResidual /= static_cast<double>(n);
    double varTarget = 0, varResidual = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double residual = static_cast<double>(targets[i]) - predictions[i];
        varTarget += (targets[i] - meanTarget) * (targets[i] - meanTarget);
        varResidual += (residual - meanResidual) * (residual - meanResidual);
    }
    return varTarget == 0 ? 0.0 : 1.0 - varResidual / varTarget;
}

} // namespace orrery::learn
