#pragma once

namespace orrery::kinds::training_jobs {

//! The kind as scenarios write it and runs record it (model::KindSpec::kind).
inline constexpr const char* kTrainingJobsKind = "training-jobs";

//! Registers `kind: training-jobs` with the scenario reader and the simulation (idempotent).
void registerTrainingJobsKind();

} // namespace orrery::kinds::training_jobs
