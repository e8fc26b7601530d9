#pragma once

namespace orrery::kinds::microservices {

//! Registers `kind: Microservices` with the scenario reader, the simulation and the trainers
//! (idempotent).
void registerMicroservicesKind();

} // namespace orrery::kinds::microservices
