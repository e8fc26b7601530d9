#pragma once
// What the remote experiment backends (Slurm, Kubernetes) share about cells, shards and the
// messages they keep (docs/distributed.md).
#include "experiment/experiment.h"
#include "store/ids.h"

#include <filesystem>
#include <optional>
#include <string>

namespace orrery::store {
class Project;
}

namespace orrery::app {

//! The stored experiment with `experiment`'s name and definition, if the project has it.
std::optional<store::ExperimentId> experimentIn(store::Project& project, const experiment::Experiment& experiment);

//! Deletes a shard project and its SQLite side files (-wal, -shm, -journal); missing files are fine.
void removeShard(const std::filesystem::path& shard);

//! A message on one line for logs and the tab-separated status table: its lines trimmed and
//! joined with "; ", tabs as spaces.
std::string oneLine(const std::string& text);

} // namespace orrery::app
