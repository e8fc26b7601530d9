#pragma once

namespace orrery::kinds::job_streams {

//! The kind as scenarios write it and runs record it (model::KindSpec::kind).
inline constexpr const char* kJobStreamsKind = "JobStreams";

//! Registers `kind: JobStreams` with the scenario reader and the simulation (idempotent).
void registerJobStreamsKind();

} // namespace orrery::kinds::job_streams
