#include "ops/slurm_batch_script.h"

#include <algorithm>
#include <sstream>
#include <utility>

namespace orrery::app {

SlurmBatchScript::SlurmBatchScript(SlurmBatchSettings settings)
    : m_settings(std::move(settings))
{
    m_settings.cellsPerTask = std::max<std::size_t>(1, m_settings.cellsPerTask);
}

std::size_t SlurmBatchScript::taskCount() const
{
    return (m_settings.cellCount + m_settings.cellsPerTask - 1) / m_settings.cellsPerTask;
}

std::string SlurmBatchScript::arraySpec() const
{
    const std::size_t tasks = taskCount();
    // Appended piece by piece: GCC 12's -Wrestrict misfires on "0-" + std::to_string(…).
    std::string spec = "0";
    if (tasks > 1)
        spec.append("-").append(std::to_string(tasks - 1));
    if (m_settings.arrayMax > 0 && m_settings.arrayMax < tasks)
        spec.append("%").append(std::to_string(m_settings.arrayMax));
    return spec;
}

std::size_t SlurmBatchScript::firstCellOf(std::size_t task) const
{
    return std::min(task * m_settings.cellsPerTask, m_settings.cellCount);
}

std::size_t SlurmBatchScript::cellCountOf(std::size_t task) const
{
    const std::size_t first = firstCellOf(task);
    return std::min(m_settings.cellsPerTask, m_settings.cellCount - first);
}

std::size_t SlurmBatchScript::cellsPerTaskFor(std::size_t cellCount, std::size_t maxTasks)
{
    maxTasks = std::max<std::size_t>(1, maxTasks);
    return std::max<std::size_t>(1, (cellCount + maxTasks - 1) / maxTasks);
}

std::string SlurmBatchScript::shellQuoted(const std::string& text)
{
    std::string quoted = "'";
    for (const char c : text) {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted += c;
    }
    return quoted + "'";
}

std::string SlurmBatchScript::text() const
{
    const SlurmBatchSettings& s = m_settings;
    std::ostringstream script;
    script << "#!/bin/bash\n"
           << "# Written by `orrery experiment --backend slurm` (docs/distributed.md): array task T runs\n"
           << "# lines T*" << s.cellsPerTask << "+1 .. (T+1)*" << s.cellsPerTask
           << " of the cell file, each cell into its own shard.\n"
           << "#SBATCH --job-name=" << s.jobName << '\n'
           << "#SBATCH --array=" << arraySpec() << '\n'
           << "#SBATCH --ntasks=1\n"
           << "#SBATCH --cpus-per-task=1\n";
    if (!s.partition.empty())
        script << "#SBATCH --partition=" << s.partition << '\n';
    if (!s.timeLimit.empty())
        script << "#SBATCH --time=" << s.timeLimit << '\n';
    script << "set -u\n"
           << "orrery=" << shellQuoted(s.orrery) << '\n'
           << "experiment=" << shellQuoted(s.experimentFile) << '\n'
           << "cells=" << shellQuoted(s.cellFile) << '\n'
           << "shards=" << shellQuoted(s.shardDir) << '\n'
           << "per_task=" << s.cellsPerTask << '\n'
           << "first=$((SLURM_ARRAY_TASK_ID * per_task + 1))\n"
           << "last=$((first + per_task - 1))\n"
           << "status=0\n"
           << "while IFS= read -r cell; do\n"
           << "  [ -n \"$cell\" ] || continue\n"
           << "  \"$orrery\" cell run \"$experiment\" --cell \"$cell\" --out \"$shards/$cell.orrery\" --quiet";
    if (!s.modelsFrom.empty())
        script << " --models-from " << shellQuoted(s.modelsFrom);
    script << " || status=$?\n"
           << "done < <(sed -n \"${first},${last}p\" \"$cells\")\n"
           << "exit \"$status\"\n";
    return script.str();
}

} // namespace orrery::app
