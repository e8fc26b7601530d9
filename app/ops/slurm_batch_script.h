#pragma once
#include <cstddef>
#include <string>

namespace orrery::app {

//! What the batch script of one Slurm submission runs (SlurmBatchScript).
struct SlurmBatchSettings {
    std::string jobName;         //!< --job-name
    std::string orrery;          //!< absolute path of the orrery executable the tasks run
    std::string experimentFile;  //!< absolute path of EXPERIMENT.yaml
    std::string cellFile;        //!< absolute path of the submission's cell ids, one a line
    std::string shardDir;        //!< absolute; shards are written as SHARD_DIR/CELL_ID.orrery
    std::string modelsFrom;      //!< --models-from for `orrery cell run`; empty: none
    std::string partition;       //!< --partition; empty: Slurm's default partition
    std::string timeLimit;       //!< --time, per task; empty: the partition's default
    std::size_t cellCount = 0;   //!< lines of cellFile
    std::size_t cellsPerTask = 1;
    std::size_t arrayMax = 0;    //!< tasks running at once (--array=…%N); 0: no limit
};

//! The batch script of one job array: task T runs lines T·k+1 … (T+1)·k of the cell file with
//! `orrery cell run`, each cell into its own shard, and exits non-zero when one of them failed.
//! Every path is quoted for the shell, so any name works.
class SlurmBatchScript {
public:
    explicit SlurmBatchScript(SlurmBatchSettings settings);

    //! Array tasks needed: ⌈cellCount / cellsPerTask⌉.
    [[nodiscard]] std::size_t taskCount() const;
    //! The --array value: "0-5", "0-99%8"; "0" for one task.
    [[nodiscard]] std::string arraySpec() const;
    //! The script's text (#!/bin/bash, #SBATCH lines, the loop over the task's cells).
    [[nodiscard]] std::string text() const;
    //! The cells of task `task`: the 0-based lines [first, first + count) of the cell file.
    [[nodiscard]] std::size_t firstCellOf(std::size_t task) const;
    [[nodiscard]] std::size_t cellCountOf(std::size_t task) const;

    //! Cells per task so that `cellCount` cells need at most `maxTasks` array tasks.
    static std::size_t cellsPerTaskFor(std::size_t cellCount, std::size_t maxTasks);
    //! `text` as one word for bash: single-quoted, a quote written '\''.
    static std::string shellQuoted(const std::string& text);

private:
    SlurmBatchSettings m_settings;
};

} // namespace orrery::app
