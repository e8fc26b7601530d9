#include "model/executable_location.h"

#include "model/installation_layout.h"

#include <system_error>

namespace orrery::model {
namespace {

std::filesystem::path& hostOverride()
{
    static std::filesystem::path directory;
    return directory;
}

} // namespace

void setExecutableDirectory(std::filesystem::path directory) { hostOverride() = std::move(directory); }

std::filesystem::path executableDirectory()
{
    if (!hostOverride().empty())
        return hostOverride();
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
