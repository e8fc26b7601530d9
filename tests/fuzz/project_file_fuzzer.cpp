// libFuzzer harness: a project file of arbitrary bytes → Project::open (core/store) and every
// read the CLI and GUI make, through a per-process temporary file; the invariant is
// projectFileProblem (project_file_invariant.h).
#include "project_file_invariant.h"

#include <filesystem>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::string path =
        (std::filesystem::temp_directory_path() / ("orrery-fuzz-project-" + std::to_string(::getpid()) + ".orrery"))
            .string();
    orrery::fuzz::check("project_file", orrery::fuzz::projectFileProblem(orrery::fuzz::asText(data, size), path));
    return 0;
}
