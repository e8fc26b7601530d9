#pragma once
#include "policy/control_action.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::kinds::microservices {

class MicroserviceSimulator;

//! Checks control actions against a microservice application's current state (seed 001 §3.2.5;
//! docs/model.md, "Control"): unknown targets, NaN and limits outside (0, node capacity] are
//! Rejected; a limit that would oversubscribe a replica's node becomes a scale-out (+1 replica on
//! a node with room, Converted); scale-in stops at one replica and scale-out at what fits.
class ActionValidator {
public:
    explicit ActionValidator(const MicroserviceSimulator& app);

    [[nodiscard]] policy::ActionOutcome validate(const policy::ControlAction& action) const;

    //! Index of the service named `target`.
    [[nodiscard]] std::optional<std::size_t> serviceOf(std::string_view target) const;
    //! A node with room for one more replica of `service` at its current limits (the one with
    //! the most free CPU; lowest index on ties), if any.
    [[nodiscard]] std::optional<std::uint32_t> nodeForReplica(std::size_t service) const;
    //! The largest value a limit may take: the resource's capacity on the largest node.
    [[nodiscard]] double upperBound(policy::ControlResource resource) const;

    //! Table 3.5's mean latency of applying `action` (scale-out: a warm container start).
    [[nodiscard]] static sim::SimTime actuationLatency(const policy::ControlAction& action);

private:
    [[nodiscard]] bool fitsOnNode(std::uint32_t node, std::size_t service, policy::ControlResource resource, double value,
                                  int extraReplicas) const;

    const MicroserviceSimulator& m_app;
};

} // namespace orrery::kinds::microservices
