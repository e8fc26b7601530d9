#include "ops/remote_cells.h"

#include "experiment/experiment_cells.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/shard_merger.h"

#include <sstream>

namespace orrery::app {

std::optional<store::ExperimentId> experimentIn(store::Project& project, const experiment::Experiment& experiment)
{
    const std::string sha = store::ExperimentStore::definitionHash(experiment.spec.sourceText, experiment.scenario.sourceText);
    for (const store::ExperimentRecord& record : store::ExperimentStore(project).listExperiments()) {
        if (record.name == experiment.spec.name && record.definitionSha256 == sha)
            return record.id;
    }
    return std::nullopt;
}

std::vector<std::string> allCellIds(const experiment::ExperimentSpec& spec)
{
    std::vector<std::string> ids;
    for (const experiment::CellIndex& cell : experiment::experimentCells(spec))
        ids.push_back(experiment::cellId(experiment::cellKey(spec, cell)));
    return ids;
}

std::set<std::string> completedCellsIn(store::Project& project, const std::optional<store::ExperimentId>& id)
{
    std::set<std::string> done;
    if (!id)
        return done;
    for (const store::ExperimentCellRun& run : store::ExperimentStore(project).completedCells(*id))
        done.insert(experiment::cellId(run.cell));
    return done;
}

std::optional<std::string> mergeShardFile(store::ShardMerger& merger, const std::filesystem::path& shard, std::size_t& merged)
{
    const store::ShardMergeResult result = merger.merge(shard.string());
    using Status = store::ShardMergeResult::Status;
    if (result.status != Status::Merged && result.status != Status::AlreadyMerged)
        return result.message;
    merged += result.merged.size();
    return std::nullopt;
}

void removeShard(const std::filesystem::path& shard)
{
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(shard.string() + suffix, ignored);
}

std::string oneLine(const std::string& text)
{
    std::string line;
    std::istringstream lines(text);
    for (std::string part; std::getline(lines, part);) {
        for (char& c : part) {
            if (c == '\t' || c == '\r')
                c = ' ';
        }
        const std::size_t first = part.find_first_not_of(' ');
        if (first == std::string::npos)
            continue;
        part = part.substr(first, part.find_last_not_of(' ') - first + 1);
        line += (line.empty() ? "" : "; ") + part;
    }
    return line;
}

} // namespace orrery::app
