#pragma once
#include "gym/environment.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace orrery::learn {

//! A policy as the evaluation sees it: observation in, the environment's action out.
using PolicyFunction = std::function<std::vector<float>(std::span<const float> observation)>;

//! One deterministic evaluation: the undiscounted return of each episode on the fixed seeds
//! firstSeed, firstSeed + 1, …, the same for every model compared, so evaluations differ only
//! by the policy (never by the training noise or a new anomaly per episode).
struct PolicyEvaluation {
    std::uint64_t step = 0; //!< environment steps of training when it was taken
    std::vector<double> returns;
    double meanReturn = 0;
    double minReturn = 0;
    double stdReturn = 0; //!< population standard deviation
};

//! Runs `episodes` episodes of `policy` in `environment` from reset(firstSeed + i) until
//! terminated or truncated, and summarises their returns.
[[nodiscard]] PolicyEvaluation evaluatePolicy(gym::Environment& environment, const PolicyFunction& policy,
                                              std::uint64_t firstSeed, std::size_t episodes);

} // namespace orrery::learn
