#pragma once
#include <filesystem>

namespace orrery::model {

//! The directory of the running executable (Linux: /proc/self/exe), or the current directory
//! when that link cannot be read. Everything Orrery installs is found relative to it
//! (installation_layout.h), so an installed tree works under any prefix and after a move.
[[nodiscard]] std::filesystem::path executableDirectory();

//! For a host that is not Orrery's executable (the Python module, python/): the directory Orrery's
//! executable is in, or would be in, so executableDirectory() and everything found relative to it
//! answer for Orrery rather than for the host. Call before any other thread uses this file.
void setExecutableDirectory(std::filesystem::path directory);

//! `<executable dir>/<relative>`, lexically normalised ("bin/../share/orrery" → "share/orrery").
[[nodiscard]] std::filesystem::path besideExecutable(const std::filesystem::path& relative);

//! `<executable dir>/../share/orrery`: Orrery's data (resources/, translations/) in a build folder
//! or an installation (installation_layout.h).
[[nodiscard]] std::filesystem::path installedDataDirectory();

} // namespace orrery::model
