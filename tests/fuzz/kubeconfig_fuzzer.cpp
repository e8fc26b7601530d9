// libFuzzer harness: kubeconfig bytes → KubeConfigLoader::parseFile (core/live) through a
// per-process temporary file (the loader reads files, as kubectl does); the invariant is
// kubeconfigProblem (kubeconfig_invariant.h).
#include "kubeconfig_invariant.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path =
        (std::filesystem::temp_directory_path() / ("orrery-fuzz-kubeconfig-" + std::to_string(::getpid()) + ".yaml"))
            .string();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    orrery::fuzz::check("kubeconfig", orrery::fuzz::kubeconfigProblem(path));
    return 0;
}
