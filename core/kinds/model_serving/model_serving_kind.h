#pragma once

namespace orrery::kinds::model_serving {

//! Registers `kind: model-serving` with the scenario reader and the simulation (idempotent).
void registerModelServingKind();

} // namespace orrery::kinds::model_serving
