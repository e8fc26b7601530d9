#pragma once
#include "env/workload_generator.h"
#include "model/scenario.h"

#include <cstdint>
#include <memory>

namespace orrery::env {

//! The generator for one workload of a scenario, by its kind. The spec must outlive it.
//! nullptr for a registered kind without a generator (its KindRuntime drives it, as
//! Microservices' simulator does).
std::unique_ptr<WorkloadGenerator> makeWorkloadGenerator(const model::WorkloadSpec& spec, std::uint64_t seed);

} // namespace orrery::env
