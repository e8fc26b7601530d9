#pragma once

namespace orrery::kinds::functions {

//! Registers `kind: Functions` with the scenario reader and the simulation (idempotent).
void registerFunctionsKind();

} // namespace orrery::kinds::functions
