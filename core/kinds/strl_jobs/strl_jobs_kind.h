#pragma once

namespace orrery::kinds::strl_jobs {

//! The kind as scenarios write it and runs record it (model::KindSpec::kind).
inline constexpr const char* kStrlJobsKind = "strl-jobs";

//! Registers `kind: strl-jobs` with the scenario reader and the simulation (idempotent).
void registerStrlJobsKind();

} // namespace orrery::kinds::strl_jobs
