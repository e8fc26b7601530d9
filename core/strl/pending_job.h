#pragma once
#include "strl/expression.h"

#include <string>

namespace orrery::strl {

//! One job waiting to be placed, with the STRL expression of what it wants.
struct PendingJob {
    std::string name;
    Expression expression;
};

} // namespace orrery::strl
