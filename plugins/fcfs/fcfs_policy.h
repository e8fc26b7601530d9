#pragma once
#include "policy/policy_context.h"
#include "policy/queue_policy.h"

namespace orrery::plugins {

//! First come, first served: a request's priority is its arrival time in seconds. The default
//! scheduler of AlpaServe and Orca, μ-Serve's scheduling baseline (seed 001 §6.4.3).
class FcfsPolicy : public policy::QueuePolicy {
public:
    explicit FcfsPolicy(const policy::PolicyContext& context);

    double priority(const policy::QueuedRequest& request) override;
};

} // namespace orrery::plugins
