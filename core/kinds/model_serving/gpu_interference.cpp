#include "kinds/model_serving/gpu_interference.h"

#include <algorithm>

namespace orrery::kinds::model_serving {

double GpuInterference::speed(std::span<const Active> active, std::size_t self) const
{
    double slowdown = 0;
    for (std::size_t j = 0; j < active.size(); ++j) {
        if (j != self)
            slowdown += (active[j].model == active[self].model ? sameModel : otherModel) * active[j].share;
    }
    return 1.0 / (1.0 + slowdown);
}

double GpuInterference::utilization(std::span<const Active> active)
{
    double sum = 0;
    for (const Active& one : active)
        sum += one.share;
    return std::min(1.0, sum);
}

} // namespace orrery::kinds::model_serving
