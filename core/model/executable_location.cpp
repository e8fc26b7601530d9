#include "model/executable_location.h"

#include <system_error>

namespace orrery::model {

std::filesystem::path executableDirectory()
{
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        return std::filesystem::current_path(error);
    return self.parent_path();
}

std::filesystem::path besideExecutable(const std::filesystem::path& relative)
{
    return (executableDirectory() / relative).lexically_normal();
}

} // namespace orrery::model
