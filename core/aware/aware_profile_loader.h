#pragma once
#include "aware/aware_profile.h"
#include "model/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::aware {

//! Profile files larger than this are refused before parsing.
inline constexpr std::size_t kMaxAwareProfileFileBytes = 256 * 1024;

//! What loading an AWARE profile gives: the profile when the file is valid, and every problem
//! found, in file order ("file:line:column: error: field.path: message" through Diagnostic::format).
struct AwareProfileLoadResult {
    std::optional<AwareProfile> profile; //!< set exactly when diagnostics is empty
    model::Diagnostics diagnostics;

    [[nodiscard]] bool ok() const { return profile.has_value(); }
};

//! Reads an AwareProfile YAML file. Never throws.
AwareProfileLoadResult loadAwareProfileFile(const std::string& path);
//! The same for text in memory; `fileNameForMessages` names it in diagnostics.
AwareProfileLoadResult parseAwareProfile(std::string_view text, const std::string& fileNameForMessages);

} // namespace orrery::aware
