#pragma once
#include <filesystem>

namespace orrery::model {

//! The directory of the running executable (Linux: /proc/self/exe), or the current directory
//! when that link cannot be read. Everything Orrery installs is found relative to it
//! (installation_layout.h), so an installed tree works under any prefix and after a move.
[[nodiscard]] std::filesystem::path executableDirectory();

//! `<executable dir>/<relative>`, lexically normalised ("bin/../share/orrery" → "share/orrery").
[[nodiscard]] std::filesystem::path besideExecutable(const std::filesystem::path& relative);

//! `<executable dir>/../share/orrery`: Orrery's data (resources/, translations/) in a build folder
//! or an installation (installation_layout.h).
[[nodiscard]] std::filesystem::path installedDataDirectory();

} // namespace orrery::model
