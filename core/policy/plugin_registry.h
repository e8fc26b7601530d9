#pragma once
#include "model/diagnostic.h"
#include "model/policy_choice.h"
#include "policy/batch_placement_deleter.h"
#include "policy/queue_deleter.h"
#include "policy/control_deleter.h"
#include "policy/control_training.h"
#include "policy/environment.h"
#include "policy/loaded_library.h"
#include "policy/placement_deleter.h"
#include "policy/placement_sample.h"
#include "policy/plugin_descriptor.h"
#include "policy/plugin_descriptor_check.h"
#include "policy/plugin_error.h"
#include "policy/plugin_info.h"
#include "policy/plugin_warning.h"
#include "policy/policy_context.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orrery::policy {

//! The policy plugins available to this process: built-ins registered statically and libraries
//! loaded from plugin directories (docs/architecture.md §4).
//!
//! Lifetime: loaded libraries stay open until the registry is destroyed, and every descriptor,
//! PluginInfo and policy object obtained from it points into them. Destroy all policies a
//! registry created before the registry itself.
//!
//! Threads: populate it once (registerStatic, load*), then the const members may be called from
//! any number of threads at once (the experiment runner creates one policy per simulation).
class PluginRegistry {
public:
    PluginRegistry() = default;
    PluginRegistry(const PluginRegistry&) = delete;
    PluginRegistry& operator=(const PluginRegistry&) = delete;
    PluginRegistry(PluginRegistry&&) noexcept = default;
    PluginRegistry& operator=(PluginRegistry&&) noexcept = default;
    ~PluginRegistry() = default;

    //! Registers a plugin compiled into this binary (e.g. orrery_first_fit_descriptor()).
    //! Throws PluginError for an invalid descriptor (a build bug) or an id already registered.
    void registerStatic(const OrreryPluginDescriptor* descriptor, std::string origin = "built-in");

    //! Loads every `*.so` in `dir`, in name order. A library that cannot be opened, lacks
    //! `orrery_plugin`, or returns a descriptor that descriptorProblem() rejects is skipped with
    //! a warning naming the file and the reason; a missing directory is one warning. A library
    //! file already loaded (same canonical path) is skipped silently.
    //! Throws PluginError when a library's id is already registered (naming the id and both
    //! files): two plugins answering to one name is never what the user meant.
    std::vector<PluginWarning> loadDirectory(const std::string& dir);

    //! Loads `<executableDir>/plugins` (a build folder), `<executableDir>/../lib/orrery/plugins`
    //! (an installation: model/installation_layout.h), the user's `$XDG_DATA_HOME/orrery/plugins`
    //! (`~/.local/share/orrery/plugins` when unset), then each directory of the colon-separated
    //! environment variable ORRERY_PLUGIN_PATH. Missing directories and repeated ones are ignored.
    std::vector<PluginWarning> loadDefaultLocations(const std::string& executableDir);
    //! The folders loadDefaultLocations() searches, in order (for messages naming them).
    [[nodiscard]] static std::vector<std::string> defaultLocations(const std::string& executableDir);

    //! Registered plugins, sorted by id.
    [[nodiscard]] const std::vector<PluginInfo>& plugins() const { return m_plugins; }
    [[nodiscard]] const PluginInfo* find(std::string_view id) const;
    [[nodiscard]] std::vector<std::string> ids() const;

    //! Checks a choice for decision point `kind` (an OrreryPolicyKind bit): the plugin exists
    //! (else "unknown plugin" with did-you-mean and the registered ids, at `<fieldPath>.plugin`),
    //! provides that kind, and its parameters pass validateParams.
    [[nodiscard]] model::Diagnostics validate(const model::PolicyChoice& choice, std::uint32_t kind) const;

    //! Creates the placement policy `choice` names. Fills `context.params` with the resolved
    //! parameters (defaults included) and passes `context` to the plugin's factory.
    //! Throws PluginError with the formatted diagnostics when validate() finds problems (callers
    //! wanting file:line output validate first), or when the factory fails.
    [[nodiscard]] PlacementPolicyPtr createPlacement(const model::PolicyChoice& choice, PolicyContext& context) const;

    //! Creates the control policy `choice` names (decision point "control"), as createPlacement
    //! does for placement: parameters resolved into `context.params`, PluginError on invalid
    //! choices (unknown plugin, no control kind, bad parameters) or a failing factory.
    [[nodiscard]] ControlPolicyPtr createControl(const model::PolicyChoice& choice, PolicyContext& context) const;

    //! Creates the batch placement policy `choice` names (a plugin of kind batch-placement serving
    //! decision point "placement"), as createPlacement does: parameters resolved into
    //! `context.params`, PluginError on invalid choices or a failing factory.
    [[nodiscard]] BatchPlacementPolicyPtr createBatchPlacement(const model::PolicyChoice& choice, PolicyContext& context) const;
    //! Creates the queue policy `choice` names (kind queue); throws PluginError as createPlacement.
    [[nodiscard]] QueuePolicyPtr createQueue(const model::PolicyChoice& choice, PolicyContext& context) const;

    //! Shorthand for tests and tools: the control policy of plugin `id` with parameters `params`
    //! (name → value as written in YAML) and no random stream or model.
    [[nodiscard]] ControlPolicyPtr createControl(std::string_view id,
                                                 const std::vector<std::pair<std::string, std::string>>& params = {}) const;

    //! Whether plugin `id` learns (its descriptor has trainPlacement or trainControl).
    [[nodiscard]] bool isTrainable(std::string_view id) const;
    //! Whether plugin `id` is a trainable control policy (its descriptor has trainControl).
    [[nodiscard]] bool isTrainableControl(std::string_view id) const;

    //! Trains the placement policy `choice` names on `data` (parameters resolved into
    //! context.params as for createPlacement). Throws PluginError when the choice is invalid,
    //! the plugin does not learn, or training fails.
    [[nodiscard]] TrainingResult trainPlacement(const model::PolicyChoice& choice, const PlacementTrainingSet& data,
                                                PolicyContext& context) const;

    //! Trains the control policy `choice` names by acting in `environment` (parameters resolved
    //! into context.params as for createControl). Throws PluginError when the choice is invalid,
    //! the plugin has no trainControl, or training fails (a std::exception thrown by the plugin or
    //! by a `progress` callback becomes a PluginError carrying its message).
    [[nodiscard]] TrainingResult trainControl(const model::PolicyChoice& choice, Environment& environment,
                                              const ControlTrainingConfig& config, ControlTrainingProgress& progress,
                                              PolicyContext& context) const;

private:
    //! Validates `choice` for `kind` (throws PluginError with its diagnostics), resolves its
    //! parameters into `context` and returns the plugin: the first half of every create*.
    const PluginInfo& checkedPlugin(const model::PolicyChoice& choice, std::uint32_t kind, PolicyContext& context) const;
    void add(const OrreryPluginDescriptor& descriptor, std::string origin);

    // Declared before m_plugins so the libraries are closed after the infos pointing into them.
    std::vector<LoadedLibrary> m_libraries;
    std::vector<std::string> m_loadedFiles; //!< canonical paths of m_libraries
    std::vector<std::string> m_loadedDirs;  //!< canonical paths loadDefaultLocations visited
    std::vector<PluginInfo> m_plugins;
};

} // namespace orrery::policy
