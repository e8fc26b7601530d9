#pragma once
#include <cstdint>

namespace orrery::autoscaling {

//! Kubernetes' HPA replica formula for a resource-utilization metric (pkg/controller/podautoscaler
//! replica_calculator.go), before stabilization, rate limits and min/max:
//! desired = ⌈ready × utilization / target⌉, unchanged when |ratio − 1| ≤ tolerance.
//! `unready` pods (started but not ready: Observation::pendingReplicas) count as using nothing
//! when the ready pods ask for a scale-up, and the scale is abandoned if that flips its direction
//! or lands within the tolerance. Returns the current replica count (ready + unready) when it
//! keeps the scale; 0 when nothing is used (the caller clamps to minReplicas).
std::int32_t hpaReplicas(std::int32_t ready, std::int32_t unready, double utilization, double targetUtilization,
                         double tolerance);

} // namespace orrery::autoscaling
