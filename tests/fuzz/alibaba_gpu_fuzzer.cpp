// libFuzzer harness: bytes → readAlibabaGpuNodes / readAlibabaGpuPods (core/fleet) through a
// per-process temporary file (the readers read files, as `orrery import alibaba-gpu` does); the
// first byte picks the reader. The invariant is alibabaGpuProblem (alibaba_gpu_invariant.h).
#include "alibaba_gpu_invariant.h"

#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path =
        (std::filesystem::temp_directory_path() / ("orrery-fuzz-alibaba-" + std::to_string(::getpid()) + ".csv")).string();
    orrery::fuzz::check("alibaba_gpu", orrery::fuzz::alibabaGpuProblem(orrery::fuzz::asText(data, size), path));
    return 0;
}
