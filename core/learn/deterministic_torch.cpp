#include "learn/deterministic_torch.h"

#include "learn/torch_support.h"

#include <ATen/CPUGeneratorImpl.h>

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
}

bool cudaAvailable()
{
    return torch::cuda::is_available();
}

} // namespace orrery::learn
