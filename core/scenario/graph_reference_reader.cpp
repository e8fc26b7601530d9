#include "scenario/graph_reference_reader.h"

#include "model/joined_words.h"
#include "model/did_you_mean.h"
#include "scenario/scenario_load_options.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace orrery::scenario {

namespace {

namespace fs = std::filesystem;

//! A built-in name is a plain name; anything with a slash, dot or backslash is a path.
bool isResourceName(const std::string& text)
{
    return std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

//! The file `graph:` names, or nullopt after reporting why there is none.
std::optional<fs::path> resolveGraph(const std::string& reference, const YamlNode& node, const std::string& path,
                                     ParseContext& context)
{
    const ScenarioLoadOptions options = context.loadOptions() ? *context.loadOptions() : ScenarioLoadOptions::defaults();
    if (isResourceName(reference)) {
        if (auto found = findResource(options.resourcePath, "graphs", reference))
            return found;
        const std::vector<std::string> builtins = listResources(options.resourcePath, "graphs");
        std::vector<std::string> searched;
        for (const auto& directory : options.resourcePath)
            searched.push_back((directory / "graphs").string());
        std::string message = "no built-in service graph '" + reference + "'" + model::didYouMean(reference, builtins);
        message += searched.empty() ? std::string("; no resource directories are configured (set ORRERY_RESOURCE_PATH)")
                                    : "; looked for " + reference + ".yaml in " + model::joinedWords(searched);
        message += "; expected " + (builtins.empty() ? std::string("a built-in graph name") : "one of: " + model::joinedWords(builtins))
            + ", or a path to a ServiceGraph file such as graphs/my-app.yaml";
        context.error(node, path, message);
        return std::nullopt;
    }
    fs::path file(reference);
    if (file.is_relative()) {
        const fs::path base = options.baseDirectory.empty() ? fs::path(context.fileName()).parent_path() : options.baseDirectory;
        file = (base / file).lexically_normal();
    }
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) {
        context.error(node, path,
                      "cannot open service graph file '" + reference + "' (looked at " + file.string() + "): "
                          + (fs::exists(file, ec) ? "not a regular file" : "no such file")
                          + "; expected a path relative to the scenario file's directory, or a built-in graph name such as socialnetwork");
        return std::nullopt;
    }
    return file;
}

} // namespace

std::shared_ptr<const model::ServiceGraph> readGraphReference(const YamlNode& node, const std::string& path,
                                                              ParseContext& context, ServiceGraphCache& graphs,
                                                              std::string& graphReference, std::string& graphFile)
{
    const auto reference = readString(node, path, context, "a built-in graph name such as socialnetwork, or a path to a ServiceGraph file");
    if (!reference)
        return nullptr;
    graphReference = *reference;
    const auto file = resolveGraph(*reference, node, path, context);
    if (!file)
        return nullptr;
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(*file, ec);
    graphFile = (ec ? *file : canonical).string();
    auto [entry, loadedNow] = graphs.try_emplace(graphFile);
    if (loadedNow) {
        entry->second = loadServiceGraphFile(graphFile);
        for (const auto& diagnostic : entry->second.diagnostics)
            context.error(diagnostic.location, diagnostic.fieldPath, diagnostic.message);
    }
    if (!entry->second.ok()) {
        const std::size_t count = entry->second.diagnostics.size();
        context.error(node, path,
                      "service graph '" + *reference + "'" + (graphFile == *reference ? "" : " (" + graphFile + ")")
                          + " is not valid: " + std::to_string(count)
                          + (count == 1 ? " problem" : " problems") + ", reported in that file; expected a valid ServiceGraph file");
        return nullptr;
    }
    return entry->second.graph;
}

} // namespace orrery::scenario
