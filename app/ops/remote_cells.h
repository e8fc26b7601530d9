#pragma once
// What the remote experiment backends (Slurm, Kubernetes) share about cells, shards and the
// messages they keep (docs/distributed.md).
#include "experiment/experiment.h"
#include "store/ids.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace orrery::store {
class Project;
class ShardMerger;
} // namespace orrery::store

namespace orrery::app {

//! The stored experiment with `experiment`'s name and definition, if the project has it.
std::optional<store::ExperimentId> experimentIn(store::Project& project, const experiment::Experiment& experiment);

//! Every cell id of `spec`, in `orrery cell list` order.
std::vector<std::string> allCellIds(const experiment::ExperimentSpec& spec);

//! The cells of experiment `id` with a completed run in `project` (none while it lacks the experiment).
std::set<std::string> completedCellsIn(store::Project& project, const std::optional<store::ExperimentId>& id);

//! Merges the shard at `shard` with `merger`: nullopt when its cells are in the project now
//! (merged, or merged before; `merged` grows by the cells merged now), else why not.
std::optional<std::string> mergeShardFile(store::ShardMerger& merger, const std::filesystem::path& shard, std::size_t& merged);

//! Deletes a shard project and its SQLite side files (-wal, -shm, -journal); missing files are fine.
void removeShard(const std::filesystem::path& shard);

//! A message on one line for logs and the tab-separated status table: its lines trimmed and
//! joined with "; ", tabs as spaces.
std::string oneLine(const std::string& text);

} // namespace orrery::app
