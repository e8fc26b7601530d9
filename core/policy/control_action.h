#pragma once
#include "policy/control_resource.h"

#include <cstdint>
#include <string>

namespace orrery::policy {

//! One change a control policy asks for. Vertical: set a per-instance limit (scale up/down).
//! Horizontal: set the number of instances (scale out/in). Environments validate each action and
//! may reject it with a reason or turn it into another (a limit that would oversubscribe a node
//! becomes a scale-out, seed 001 §3.2.5); they apply it after the actuation latency (Table 3.5).
struct ControlAction {
    enum class Kind : std::uint8_t { SetLimit, SetReplicas };
    Kind kind = Kind::SetLimit;
    std::string target;                     //!< TargetObservation::name
    ControlResource resource = ControlResource::Cpu; //!< for SetLimit
    double value = 0;                       //!< the new limit (SetLimit) or replica count (SetReplicas)

    static ControlAction setLimit(std::string target, ControlResource resource, double value)
    {
        return {Kind::SetLimit, std::move(target), resource, value};
    }
    static ControlAction setReplicas(std::string target, std::int32_t replicas)
    {
        return {Kind::SetReplicas, std::move(target), ControlResource::Cpu, static_cast<double>(replicas)};
    }
};

//! What became of an action: applied (possibly converted), or rejected with a reason.
struct ActionOutcome {
    enum class Status : std::uint8_t { Applied, Converted, Rejected };
    Status status = Status::Applied;
    ControlAction requested;
    ControlAction applied;                  //!< equals `requested` unless Converted
    std::string reason;                     //!< why it was converted or rejected
};

} // namespace orrery::policy
