#include "kinds/training_jobs/water_fill.h"

#include <algorithm>
#include <numeric>

namespace orrery::kinds::training_jobs {

std::vector<double> waterFill(double capacity, std::span<const double> caps)
{
    std::vector<double> grants(caps.size(), 0.0);
    std::vector<std::size_t> order(caps.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return caps[a] < caps[b]; });
    double left = std::max(0.0, capacity);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const double share = left / static_cast<double>(order.size() - k);
        const double grant = std::min(std::max(0.0, caps[order[k]]), share);
        grants[order[k]] = grant;
        left -= grant;
    }
    return grants;
}

} // namespace orrery::kinds::training_jobs
