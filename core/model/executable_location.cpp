#include "model/executable_location.h"

#include "model/installation_layout.h"

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

std::filesystem::path installedDataDirectory()
{
    return besideExecutable(installation_layout::kDataDirFromExecutable);
}

} // namespace orrery::model
