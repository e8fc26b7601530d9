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
//! `baseDirectory`.
struct ScenarioLoadOptions {
    std::vector<std::filesystem::path> resourcePath;
    //! Directory relative references are resolved against; empty = the scenario file's directory.
    std::filesystem::path baseDirectory;

    //! The search path of defaultResourcePath().
    static ScenarioLoadOptions defaults();
};

//! `<executable dir>/../share/orrery/resources`: where a build folder copies resources/ and where
//! an installation puts them (model/installation_layout.h).
std::filesystem::path installedResourceDirectory();

//! The resource search path: the directories in the environment variable ORRERY_RESOURCE_PATH
//! (separated by ':'), then `installedResources`, then — only when `installedResources` is empty
//! or no directory — the source tree's resources/ the library was built from, so a test binary
//! run in place finds them and an installed Orrery never reads the checkout.
std::vector<std::filesystem::path> defaultResourcePath(const std::filesystem::path& installedResources
                                                       = installedResourceDirectory());

//! Finds `<dir>/<category>/<name>.yaml` in the search path (first match), or nullopt.
std::optional<std::filesystem::path> findResource(const std::vector<std::filesystem::path>& resourcePath,
                                                  std::string_view category, std::string_view name);

//! The names of the `.yaml` files in `<dir>/<category>/` over the search path, sorted and
//! without duplicates (for "did you mean" and listings).
std::vector<std::string> listResources(const std::vector<std::filesystem::path>& resourcePath, std::string_view category);

} // namespace orrery::scenario
