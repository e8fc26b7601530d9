#include "model/container_restart_backoff.h"

#include <algorithm>

namespace orrery::model {

sim::SimTime ContainerRestartBackoff::delayAfterKill(sim::SimTime startedAt, sim::SimTime killedAt,
                                                     std::uint32_t& restarts) const
{
    if (killedAt - startedAt >= resetAfter)
        restarts = 0;
    sim::SimTime backoff = 0;
    if (restarts > 0) {
        backoff = initial;
        for (std::uint32_t i = 1; i < restarts && backoff < cap; ++i)
            backoff *= 2;
    }
    ++restarts;
    return std::min(backoff, cap) + startup;
}

} // namespace orrery::model
