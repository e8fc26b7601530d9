#include "policy/plugin_registry.h"

#include "model/joined_words.h"
#include "model/did_you_mean.h"
#include "model/installation_layout.h"
#include "policy/param_schema.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <system_error>

namespace orrery::policy {
namespace {

namespace fs = std::filesystem;

std::string canonicalOrSelf(const fs::path& path)
{
    std::error_code error;
    const fs::path canonical = fs::canonical(path, error);
    return error ? path.lexically_normal().string() : canonical.string();
}

bool contains(const std::vector<std::string>& values, const std::string& value)
{
    return std::find(values.begin(), values.end(), value) != values.end();
}

std::string withoutTrailingNewline(std::string text)
{
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text;
}

} // namespace

void PluginRegistry::registerStatic(const OrreryPluginDescriptor* descriptor, std::string origin)
{
    if (descriptor == nullptr)
        throw PluginError("registerStatic: null descriptor (" + origin + ")");
    if (const std::string problem = descriptorProblem(*descriptor); !problem.empty())
        throw PluginError("cannot register " + origin + " plugin: " + problem);
    add(*descriptor, std::move(origin));
}

std::vector<PluginWarning> PluginRegistry::loadDirectory(const std::string& dir)
{
    std::vector<PluginWarning> warnings;
    std::error_code error;
    if (!fs::is_directory(dir, error)) {
        warnings.push_back({dir, "not a directory, or it cannot be read"});
        return warnings;
    }

    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
        std::error_code typeError;
        if (it->path().extension() == ".so" && it->is_regular_file(typeError))
            files.push_back(it->path());
    }
    if (error)
        warnings.push_back({dir, "cannot list the directory: " + error.message()});
    std::sort(files.begin(), files.end());

    for (const auto& file : files) {
        const std::string path = file.string();
        const std::string canonical = canonicalOrSelf(file);
        if (contains(m_loadedFiles, canonical))
            continue;

        std::string dlError;
        LoadedLibrary library = LoadedLibrary::open(path, &dlError);
        if (!library.isOpen()) {
            warnings.push_back({path, "cannot be loaded: " + dlError});
            continue;
        }
        void* symbol = library.symbol("orrery_plugin", &dlError);
        if (symbol == nullptr) {
            warnings.push_back({path, "does not export orrery_plugin (not an Orrery plugin?)"});
            continue;
        }
        // POSIX guarantees a data pointer from dlsym converts to a function pointer.
        const auto entry = reinterpret_cast<OrreryPluginEntryPoint>(symbol);
        const OrreryPluginDescriptor* descriptor = entry();
        if (descriptor == nullptr) {
            warnings.push_back({path, "orrery_plugin() returned null"});
            continue;
        }
        if (const std::string problem = descriptorProblem(*descriptor); !problem.empty()) {
            warnings.push_back({path, problem});
            continue;
        }
        // Reserve first so that nothing can throw between registering and keeping the library.
        m_libraries.reserve(m_libraries.size() + 1);
        m_loadedFiles.reserve(m_loadedFiles.size() + 1);
        add(*descriptor, path); // throws on a duplicate id; `library` then closes
        m_libraries.push_back(std::move(library));
        m_loadedFiles.push_back(canonical);
    }
    return warnings;
}

std::vector<std::string> PluginRegistry::defaultLocations(const std::string& executableDir)
{
    // A build folder keeps plugins in <bin>/plugins, an installation in its private plugin folder.
    std::vector<std::string> dirs{
        (fs::path(executableDir) / "plugins").string(),
        (fs::path(executableDir) / model::installation_layout::kPluginDirFromExecutable).lexically_normal().string()};
    // The user's own plugins (the XDG base directory for user data), installed without root.
    if (const char* dataHome = std::getenv("XDG_DATA_HOME"); dataHome != nullptr && *dataHome == '/')
        dirs.push_back((fs::path(dataHome) / "orrery" / "plugins").string());
    else if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
        dirs.push_back((fs::path(home) / ".local" / "share" / "orrery" / "plugins").string());
    if (const char* path = std::getenv("ORRERY_PLUGIN_PATH")) {
        std::string_view rest(path);
        while (!rest.empty()) {
            const std::size_t colon = rest.find(':');
            const std::string_view entry = rest.substr(0, colon);
            if (!entry.empty())
                dirs.emplace_back(entry);
            rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        }
    }
    return dirs;
}

std::vector<PluginWarning> PluginRegistry::loadDefaultLocations(const std::string& executableDir)
{
    std::vector<PluginWarning> warnings;
    for (const auto& dir : defaultLocations(executableDir)) {
        std::error_code error;
        if (!fs::is_directory(dir, error))
            continue;
        const std::string canonical = canonicalOrSelf(dir);
        if (contains(m_loadedDirs, canonical))
            continue;
        m_loadedDirs.push_back(canonical);
        auto found = loadDirectory(dir);
        warnings.insert(warnings.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    }
    return warnings;
}

const PluginInfo* PluginRegistry::find(std::string_view id) const
{
    const auto it = std::lower_bound(m_plugins.begin(), m_plugins.end(), id,
                                     [](const PluginInfo& info, std::string_view key) { return info.id < key; });
    return it != m_plugins.end() && it->id == id ? &*it : nullptr;
}

std::vector<std::string> PluginRegistry::ids() const
{
    std::vector<std::string> out;
    out.reserve(m_plugins.size());
    for (const auto& info : m_plugins)
        out.push_back(info.id);
    return out;
}

model::Diagnostics PluginRegistry::validate(const model::PolicyChoice& choice, std::uint32_t kind) const
{
    const std::string pluginField = choice.fieldPath.empty() ? std::string("plugin") : choice.fieldPath + ".plugin";
    const PluginInfo* info = find(choice.plugin);
    if (info == nullptr) {
        const std::vector<std::string> known = ids();
        std::string message = "unknown plugin '" + choice.plugin + "'" + model::didYouMean(choice.plugin, known);
        message += known.empty() ? "; no plugins are registered" : "; available plugins: " + model::joinedWords(known);
        return {{choice.location, pluginField, message}};
    }
    if ((info->kinds & kind) == 0) {
        return {{choice.location, pluginField,
                 "plugin '" + info->id + "' does not provide a " + kindsToString(kind) + " policy (it provides: "
                     + kindsToString(info->kinds) + ")"}};
    }
    return validateParams(*info->descriptor, choice);
}

namespace {

//! What the four create* have in common: the factory's call with its errors named after the
//! plugin, and ownership handed to a pointer whose deleter returns the policy to its library.
//! `what` is the policy's kind in words ("placement", "batch placement").
template <typename Ptr, typename Create, typename Destroy>
Ptr createFromFactory(const PluginInfo& info, PolicyContext& context, const char* what, Create create, Destroy destroy)
{
    const std::string who = "plugin '" + info.id + "' (" + info.origin + ")";
    typename Ptr::pointer policy = nullptr;
    try {
        policy = create(&context);
    } catch (const std::exception& error) {
        throw PluginError(who + " failed to create its " + what + " policy: " + error.what());
    }
    if (policy == nullptr)
        throw PluginError(who + " returned no " + what + " policy");
    return Ptr(policy, typename Ptr::deleter_type{destroy});
}

} // namespace

const PluginInfo& PluginRegistry::checkedPlugin(const model::PolicyChoice& choice, std::uint32_t kind,
                                                PolicyContext& context) const
{
    if (const model::Diagnostics diagnostics = validate(choice, kind); !diagnostics.empty())
        throw PluginError(withoutTrailingNewline(model::formatAll(diagnostics)));
    const PluginInfo& info = *find(choice.plugin);
    context.params = resolveParams(*info.descriptor, choice);
    return info;
}

PlacementPolicyPtr PluginRegistry::createPlacement(const model::PolicyChoice& choice, PolicyContext& context) const
{
    const PluginInfo& info = checkedPlugin(choice, ORRERY_KIND_PLACEMENT, context);
    return createFromFactory<PlacementPolicyPtr>(info, context, "placement", info.descriptor->createPlacement,
                                                 info.descriptor->destroyPlacement);
}

ControlPolicyPtr PluginRegistry::createControl(const model::PolicyChoice& choice, PolicyContext& context) const
{
    const PluginInfo& info = checkedPlugin(choice, ORRERY_KIND_CONTROL, context);
    return createFromFactory<ControlPolicyPtr>(info, context, "control", info.descriptor->createControl,
                                               info.descriptor->destroyControl);
}

BatchPlacementPolicyPtr PluginRegistry::createBatchPlacement(const model::PolicyChoice& choice, PolicyContext& context) const
{
    const PluginInfo& info = checkedPlugin(choice, ORRERY_KIND_BATCH_PLACEMENT, context);
    const auto [create, destroy] = batchPlacementFactoriesOf(*info.descriptor);
    return createFromFactory<BatchPlacementPolicyPtr>(info, context, "batch placement", create, destroy);
}

QueuePolicyPtr PluginRegistry::createQueue(const model::PolicyChoice& choice, PolicyContext& context) const
{
    const PluginInfo& info = checkedPlugin(choice, ORRERY_KIND_QUEUE, context);
    const auto [create, destroy] = queueFactoriesOf(*info.descriptor);
    return createFromFactory<QueuePolicyPtr>(info, context, "queue", create, destroy);
}

ControlPolicyPtr PluginRegistry::createControl(std::string_view id,
                                               const std::vector<std::pair<std::string, std::string>>& params) const
{
    model::PolicyChoice choice;
    choice.plugin = std::string(id);
    choice.fieldPath = "control";
    for (const auto& [name, value] : params)
        choice.params.push_back({name, value, {}});
    PolicyContext context;
    return createControl(choice, context);
}

bool PluginRegistry::isTrainable(std::string_view id) const
{
    const PluginInfo* info = find(id);
    return info != nullptr && (info->descriptor->trainPlacement != nullptr || trainControlOf(*info->descriptor) != nullptr);
}

bool PluginRegistry::isTrainableControl(std::string_view id) const
{
    const PluginInfo* info = find(id);
    return info != nullptr && trainControlOf(*info->descriptor) != nullptr;
}

TrainingResult PluginRegistry::trainControl(const model::PolicyChoice& choice, Environment& environment,
                                            const ControlTrainingConfig& config, ControlTrainingProgress& progress,
                                            PolicyContext& context) const
{
    if (const model::Diagnostics diagnostics = validate(choice, ORRERY_KIND_CONTROL); !diagnostics.empty())
        throw PluginError(withoutTrailingNewline(model::formatAll(diagnostics)));
    const PluginInfo& info = *find(choice.plugin);
    const auto train = trainControlOf(*info.descriptor);
    if (train == nullptr)
        throw PluginError("plugin '" + info.id + "' does not learn: it has no control training");
    context.params = resolveParams(*info.descriptor, choice);
    TrainingResult result;
    bool ok = false;
    try {
        ok = train(&environment, &config, &context, &progress, &result);
    } catch (const std::exception& error) {
        throw PluginError("plugin '" + info.id + "' failed to train: " + error.what());
    }
    if (!ok || !result.error.empty())
        throw PluginError("plugin '" + info.id + "' failed to train: "
                          + (result.error.empty() ? std::string("no reason given") : result.error));
    return result;
}

TrainingResult PluginRegistry::trainPlacement(const model::PolicyChoice& choice, const PlacementTrainingSet& data,
                                              PolicyContext& context) const
{
    if (const model::Diagnostics diagnostics = validate(choice, ORRERY_KIND_PLACEMENT); !diagnostics.empty())
        throw PluginError(withoutTrailingNewline(model::formatAll(diagnostics)));
    const PluginInfo& info = *find(choice.plugin);
    if (info.descriptor->trainPlacement == nullptr)
        throw PluginError("plugin '" + info.id + "' does not learn: it has nothing to train");
    context.params = resolveParams(*info.descriptor, choice);
    TrainingResult result;
    bool ok = false;
    try {
        ok = info.descriptor->trainPlacement(&data, &context, &result);
    } catch (const std::exception& error) {
        throw PluginError("plugin '" + info.id + "' failed to train: " + error.what());
    }
    if (!ok || !result.error.empty())
        throw PluginError("plugin '" + info.id + "' failed to train: "
                          + (result.error.empty() ? std::string("no reason given") : result.error));
    return result;
}

void PluginRegistry::add(const OrreryPluginDescriptor& descriptor, std::string origin)
{
    PluginInfo info;
    info.id = descriptor.id;
    info.displayName = descriptor.displayName;
    info.version = descriptor.version;
    info.compatVersion = descriptor.compatVersion;
    info.description = descriptor.description != nullptr ? descriptor.description : "";
    info.kinds = descriptor.kinds;
    info.origin = std::move(origin);
    info.descriptor = &descriptor;

    if (const PluginInfo* existing = find(info.id)) {
        throw PluginError("duplicate plugin id '" + info.id + "': provided by both " + existing->origin + " and "
                          + info.origin);
    }
    const auto position = std::lower_bound(m_plugins.begin(), m_plugins.end(), info.id,
                                           [](const PluginInfo& p, const std::string& key) { return p.id < key; });
    m_plugins.insert(position, std::move(info));
}

} // namespace orrery::policy
