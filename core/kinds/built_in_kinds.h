#pragma once

namespace orrery::kinds {

//! Registers every workload kind that lives under core/kinds/ with the scenario reader and the
//! simulation. Idempotent and thread-safe; call it before reading scenarios.
void registerBuiltInKinds();

} // namespace orrery::kinds
