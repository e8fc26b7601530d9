#pragma once

namespace orrery::kinds::model_serving {

//! The kind as scenarios write it and runs record it (model::KindSpec::kind).
inline constexpr const char* kModelServingKind = "model-serving";

//! Registers `kind: model-serving` with the scenario reader and the simulation (idempotent).
void registerModelServingKind();

} // namespace orrery::kinds::model_serving
