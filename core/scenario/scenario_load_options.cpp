#include "scenario/scenario_load_options.h"

#include "model/executable_location.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#ifndef ORRERY_SOURCE_RESOURCE_DIR
#error "ORRERY_SOURCE_RESOURCE_DIR must name the source tree's resources/ directory (core/scenario/CMakeLists.txt)"
#endif

namespace orrery::scenario {

namespace {

constexpr char kResourcePathVariable[] = "ORRERY_RESOURCE_PATH";

void appendUnique(std::vector<std::filesystem::path>& path, std::filesystem::path directory)
{
    if (directory.empty())
        return;
    directory = directory.lexically_normal();
    if (std::find(path.begin(), path.end(), directory) == path.end())
        path.push_back(std::move(directory));
}

} // namespace

ScenarioLoadOptions ScenarioLoadOptions::defaults()
{
    ScenarioLoadOptions options;
    options.resourcePath = defaultResourcePath();
    return options;
}

std::vector<std::filesystem::path> defaultResourcePath(const std::filesystem::path& installedResources)
{
    std::vector<std::filesystem::path> path;
    if (const char* variable = std::getenv(kResourcePathVariable)) {
        const std::string_view list(variable);
        std::size_t start = 0;
        while (start <= list.size()) {
            const std::size_t end = std::min(list.find(':', start), list.size());
            appendUnique(path, std::filesystem::path(list.substr(start, end - start)));
            start = end + 1;
        }
    }
    appendUnique(path, installedResources);
    // The source tree only for a build run in place without the copied resources (tests): where
    // an installation's resources exist they alone answer, so an installed Orrery never depends
    // on the checkout it was built from.
    std::error_code ec;
    if (installedResources.empty() || !std::filesystem::is_directory(installedResources, ec))
        appendUnique(path, std::filesystem::path(ORRERY_SOURCE_RESOURCE_DIR));
    return path;
}

std::filesystem::path installedResourceDirectory()
{
    return model::installedDataDirectory() / "resources";
}

std::optional<std::filesystem::path> findResource(const std::vector<std::filesystem::path>& resourcePath,
                                                  std::string_view category, std::string_view name)
{
    for (const auto& directory : resourcePath) {
        const std::filesystem::path candidate = directory / category / (std::string(name) + ".yaml");
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec))
            return candidate;
    }
    return std::nullopt;
}

std::vector<std::string> listResources(const std::vector<std::filesystem::path>& resourcePath, std::string_view category)
{
    std::vector<std::string> names;
    for (const auto& directory : resourcePath) {
        std::error_code ec;
        for (std::filesystem::directory_iterator it(directory / category, ec), end; !ec && it != end; it.increment(ec)) {
            const auto& file = it->path();
            if (file.extension() == ".yaml" && it->is_regular_file(ec))
                names.push_back(file.stem().string());
        }
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

} // namespace orrery::scenario
