#pragma once
#include "kinds/functions/function_profile.h"
#include "model/diagnostic.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <filesystem>
#include <string>
#include <vector>

namespace orrery::kinds::functions {

//! Reads one profile mapping (the schema of resources/profiles/functions.yaml) into `profile`;
//! false after reporting problems to `context`.
bool readFunctionProfile(const scenario::YamlNode& node, const std::string& path, scenario::ParseContext& context,
                         FunctionProfile& profile);

//! The profiles of a `profiles:` sequence (duplicates reported).
std::vector<FunctionProfile> readFunctionProfiles(const scenario::YamlNode& node, const std::string& path,
                                                  scenario::ParseContext& context);

//! What loading the built-in catalog gave: the profiles, or diagnostics naming file:line.
struct FunctionCatalogLoad {
    std::vector<FunctionProfile> profiles;
    model::Diagnostics diagnostics;
};

//! Reads a profiles file such as resources/profiles/functions.yaml.
FunctionCatalogLoad loadFunctionCatalog(const std::filesystem::path& file);

} // namespace orrery::kinds::functions
