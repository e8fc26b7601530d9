#include "module_location.h"

#include "model/executable_location.h"

#include <dlfcn.h>

namespace orrery::python {

std::filesystem::path moduleDirectory()
{
    Dl_info info{};
    if (dladdr(reinterpret_cast<const void*>(&moduleDirectory), &info) == 0 || !info.dli_fname)
        return std::filesystem::current_path();
    return std::filesystem::weakly_canonical(info.dli_fname).parent_path();
}

std::filesystem::path adoptOrreryLayout()
{
    const std::filesystem::path bin = (moduleDirectory() / "../../../../bin").lexically_normal();
    model::setExecutableDirectory(bin);
    return bin;
}

} // namespace orrery::python
