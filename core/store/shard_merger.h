#pragma once
#include "store/experiment_cell.h"
#include "store/experiment_record.h"
#include "store/ids.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace orrery::store {

class Project;

//! What merging one shard did (ShardMerger::merge).
struct ShardMergeResult {
    enum class Status {
        Merged,        //!< the shard's completed cells that the project lacked were copied
        AlreadyMerged, //!< every completed cell of the shard is already complete in the project; nothing written
        Incomplete,    //!< half-written (unreadable, damaged, or no completed run): skipped, its cells stay pending
        Refused,       //!< another experiment or schema version, or not an Orrery project: nothing written
    };
    Status status = Status::Refused;
    std::string message;                      //!< why, for Incomplete and Refused
    std::vector<ExperimentCell> merged;       //!< cells whose run was copied
    std::vector<ExperimentCell> incomplete;   //!< cells the shard attempted without completing them
    std::size_t alreadyComplete = 0;          //!< completed cells of the shard the project already had
};

//! Merges shards into a project (docs/experiment-format.md, "Running cells elsewhere").
//!
//! A shard is an ordinary project file, written by `orrery cell run`, holding one experiment and
//! the runs of some of its cells. Merging copies each completed cell's earliest completed run —
//! its scenario row, the runs row, run_metrics, series and series_chunks, run_names, run_traces,
//! run_annotations, run_models (model_id NULL: the shard's models table is not copied; the digest
//! names the bytes) — into the project under new ids, and links it to the project's experiment
//! in experiment_runs, so ExperimentStore::completedCells counts it and `orrery experiment` on
//! the project compares it like a local run. Values are copied by SQL, so they stay bit-identical.
//!
//! One transaction per shard (the shard ATTACHed to the project's connection). A cell that is
//! already complete in the project is not copied again, so merging a shard twice changes nothing.
//! The shard is only read.
class ShardMerger {
public:
    //! Merges into the experiment `target` of `project`, or, with nullopt, into the experiment of
    //! the first shard that can be merged (found in the project by name and definition hash, or
    //! created there from the shard's row).
    ShardMerger(Project& project, std::optional<ExperimentId> target);

    //! Merges one shard. Problems with the shard are reported in the result; StoreError only
    //! when the project cannot be read or written.
    ShardMergeResult merge(const std::string& shardPath);

    //! The experiment merged into, once known.
    [[nodiscard]] std::optional<ExperimentRecord> target() const;

private:
    //! The shard's checks that need only the shard (opened read-only): Incomplete or Refused, or
    //! nullopt when it can be attached. Fills `experiment` with the shard's experiment row.
    std::optional<ShardMergeResult> inspect(const std::string& shardPath, ExperimentRecord& experiment,
                                            std::vector<ExperimentCellRun>& completed,
                                            std::vector<ExperimentCell>& incomplete, std::string& lastStatus) const;
    //! Copies the shard's run `shardRun` (attached as `shard`) and links it to the target; returns the new run id.
    RunId copyRun(RunId shardRun);

    Project& m_project;
    std::optional<ExperimentId> m_target;
};

} // namespace orrery::store
