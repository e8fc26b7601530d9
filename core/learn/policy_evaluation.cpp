#include "learn/policy_evaluation.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace orrery::learn {

PolicyEvaluation evaluatePolicy(gym::Environment& environment, const PolicyFunction& policy, std::uint64_t firstSeed,
                                std::size_t episodes)
{
    PolicyEvaluation out;
    for (std::size_t i = 0; i < episodes; ++i) {
        std::vector<float> observation = environment.reset(firstSeed + i);
        double total = 0;
        for (;;) {
            gym::StepResult step = environment.step(policy(observation));
            total += step.reward;
            if (step.episodeOver())
                break;
            observation = std::move(step.observation);
        }
        out.returns.push_back(total);
    }
    if (!out.returns.empty()) {
        const double n = static_cast<double>(out.returns.size());
        out.meanReturn = std::accumulate(out.returns.begin(), out.returns.end(), 0.0) / n;
        out.minReturn = *std::min_element(out.returns.begin(), out.returns.end());
        double squares = 0;
        for (double r : out.returns)
            squares += (r - out.meanReturn) * (r - out.meanReturn);
        out.stdReturn = std::sqrt(squares / n);
    }
    return out;
}

} // namespace orrery::learn
