#pragma once
#include "store/migration.h"

#include <cstdint>
#include <span>

namespace orrery::store {

class Database;

//! `PRAGMA application_id` of every Orrery project: "ORRY" in ASCII, so `file(1)` and a hex
//! dump both tell an Orrery project from any other SQLite database.
inline constexpr std::int32_t kApplicationId = 0x4F525259;

//! The schema's history, oldest first; the last step's version is the current schema version.
std::span<const Migration> schemaMigrations();

//! The schema version this build writes (and the newest it can open).
int currentSchemaVersion();

//! Applies every step of `steps` newer than the file's `PRAGMA user_version`, in order, each in
//! its own IMMEDIATE transaction which also records the step in the `migrations` table and
//! sets `user_version`, so a failure leaves the file at the last completed version. The
//! version is re-read inside each transaction, so two processes upgrading the same file at
//! once apply every step exactly once. Returns how many steps were applied.
int applyMigrations(Database& db, std::span<const Migration> steps);

} // namespace orrery::store
