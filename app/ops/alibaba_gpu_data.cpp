#include "ops/alibaba_gpu_data.h"

#include "scenario/scenario_load_options.h"

namespace orrery::app {

std::filesystem::path alibabaGpuDataFolder(const std::string& explicitFolder, std::string& error)
{
    if (!explicitFolder.empty())
        return explicitFolder;
    for (const auto& directory : scenario::defaultResourcePath()) {
        if (std::filesystem::exists(directory / kAlibabaDataFolder / kAlibabaNodesFile))
            return directory / kAlibabaDataFolder;
    }
    error = std::string(kAlibabaDataFolder) + "/" + kAlibabaNodesFile +
            " is on no resource path (ORRERY_RESOURCE_PATH, the installed resources, the source tree); give --data DIR";
    return {};
}

} // namespace orrery::app
