#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::scenario {

//! Where the files a scenario refers to are found. A built-in resource such as
//! `graph: socialnetwork` is looked up as `<dir>/graphs/socialnetwork.yaml` in each directory of
//! `resourcePath` in turn; a relative path such as `graph: graphs/app.yaml` is taken relative to
//! `baseDirectory`. core knows nothing of executables: the application adds its installed
//! resource directory (`<executable dir>/../share/orrery/resources`) with defaultResourcePath().
struct ScenarioLoadOptions {
    std::vector<std::filesystem::path> resourcePath;
    //! Directory relative references are resolved against; empty = the scenario file's directory.
    std::filesystem::path baseDirectory;

    //! ORRERY_RESOURCE_PATH, then the source tree's resources/ (defaultResourcePath()).
    static ScenarioLoadOptions defaults();
};

//! The resource search path: the directories in the environment variable ORRERY_RESOURCE_PATH
//! (separated by ':'), then `installedResources` when given (the application passes
//! `<executable dir>/../share/orrery/resources`), then the source tree's resources/ directory
//! the library was built from, so a build run in place needs no installation.
std::vector<std::filesystem::path> defaultResourcePath(const std::filesystem::path& installedResources = {});

//! Finds `<dir>/<category>/<name>.yaml` in the search path (first match), or nullopt.
std::optional<std::filesystem::path> findResource(const std::vector<std::filesystem::path>& resourcePath,
                                                  std::string_view category, std::string_view name);

//! The names of the `.yaml` files in `<dir>/<category>/` over the search path, sorted and
//! without duplicates (for "did you mean" and listings).
std::vector<std::string> listResources(const std::vector<std::filesystem::path>& resourcePath, std::string_view category);

} // namespace orrery::scenario
