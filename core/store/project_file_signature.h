#pragma once
#include <filesystem>

namespace orrery::store {

//! Whether `path` starts like an Orrery project: the SQLite 3 header ("SQLite format 3\0" at
//! byte 0) with Orrery's application id (kApplicationId, big-endian at byte 68), the same two
//! checks the shared-mime-info type application/x-orrery-project makes
//! (packaging/linux/org.orrery.Orrery.mime.xml). Reads 72 bytes and never opens the database,
//! so it is safe on any file; false for anything unreadable or shorter.
[[nodiscard]] bool hasProjectSignature(const std::filesystem::path& path);

} // namespace orrery::store
