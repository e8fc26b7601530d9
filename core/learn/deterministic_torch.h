#pragma once
#include <cstdint>

namespace orrery::learn {

//! Puts LibTorch in the state every Orrery learner runs in: seeded from the run's seed, one
//! intra-op thread (the experiment runner parallelises across runs instead), and deterministic
//! kernels, so training is bit-for-bit repeatable for a seed (docs/architecture.md §2).
//! Call on the thread that trains, before building models.
void makeTorchDeterministic(std::uint64_t seed);

//! Whether this LibTorch build can use a CUDA device (the Debian package is CPU-only).
bool cudaAvailable();

} // namespace orrery::learn
