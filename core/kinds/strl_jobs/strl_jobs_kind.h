#pragma once

namespace orrery::kinds::strl_jobs {

//! Registers `kind: strl-jobs` with the scenario reader and the simulation (idempotent).
void registerStrlJobsKind();

} // namespace orrery::kinds::strl_jobs
