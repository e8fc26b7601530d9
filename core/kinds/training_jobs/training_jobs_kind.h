#pragma once

namespace orrery::kinds::training_jobs {

//! Registers `kind: training-jobs` with the scenario reader and the simulation (idempotent).
void registerTrainingJobsKind();

} // namespace orrery::kinds::training_jobs
