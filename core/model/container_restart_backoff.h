#pragma once
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::model {

//! The kubelet's restart back-off for a container that exited (here: OOM-killed). Kubernetes
//! documentation, "Pod Lifecycle": on the "Initial crash: Kubernetes attempts an immediate
//! restart"; then "the kubelet restarts them with an exponential backoff delay (10s, 20s, 40s, …),
//! that is capped at 300 seconds (5 minutes). Once a container has executed for 10 minutes
//! without any problems, the kubelet resets the restart backoff timer for that container." Each
//! restart then takes a warm container start (the image is on the node): 45.7 ms, the same
//! figure as a scale-out (kinds/microservices/action_validator.cpp, from seed 001's actuation measurements).
struct ContainerRestartBackoff {
    sim::SimTime initial = 10 * sim::kSecond;
    sim::SimTime cap = 300 * sim::kSecond;
    sim::SimTime resetAfter = 600 * sim::kSecond;
    sim::SimTime startup = 45700 * sim::kMicrosecond;

    //! How long a container killed at `killedAt`, started at `startedAt` and restarted `restarts`
    //! times since the last reset, stays down: back-off (0 for the first crash) + startup.
    //! `restarts` is updated; a run of `resetAfter` or longer before the kill resets it first.
    [[nodiscard]] sim::SimTime delayAfterKill(sim::SimTime startedAt, sim::SimTime killedAt, std::uint32_t& restarts) const;
};

} // namespace orrery::model
