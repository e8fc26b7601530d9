#include "learn/deterministic_torch.h"

#include "learn/torch_support.h"

#include <ATen/CPUGeneratorImpl.h>

#include <dlfcn.h>

namespace orrery::learn {

at::Generator detail::privateGenerator(std::uint64_t seed)
{
    return at::detail::createCPUGenerator(seed);
}

void makeTorchDeterministic(std::uint64_t seed)
{
    torch::manual_seed(seed);
    at::set_num_threads(1);
    at::globalContext().setDeterministicAlgorithms(true, /*warn_only=*/false);
    // LibTorch's matrix products go to the system BLAS. OpenBLAS (orrery.sh installs its pthread
    // build: the single-threaded build shares scratch buffers between calling threads, so agents
    // trained side by side corrupted each other's products) runs one thread per call here, as
    // the learners parallelise across runs instead; the reference BLAS has no such function.
    using SetThreads = void (*)(int);
    if (auto setThreads = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
        setThreads(1);
}

bool cudaAvailable()
{
    return torch::cuda::is_available();
}

} // namespace orrery::learn
