// `orrery experiment merge --project P [--experiment ID|NAME] SHARD.orrery…`: copies the cells that
// `orrery cell run` wrote into shards into the project (docs/experiment-format.md, "Running cells
// elsewhere"). The comparison is computed by `orrery experiment FILE --project P` as for a local run.
#include "cli/commands.h"

#include "cli/command_line.h"
#include "experiment/experiment_cells.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/shard_merger.h"
#include "store/store_error.h"

#include <algorithm>
#include <fstream>
#include <string_view>
#include <iostream>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery experiment merge --project FILE.orrery [--experiment ID|NAME] SHARD.orrery...";

//! The experiment shards merge into: --experiment (an id, or the newest of that name), else the
//! project's newest experiment, else (nullopt) the first shard's.
std::optional<store::ExperimentId> targetExperiment(store::Project& project, const std::optional<std::string>& wanted)
{
    const std::vector<store::ExperimentRecord> all = store::ExperimentStore(project).listExperiments();
    if (!wanted)
        return all.empty() ? std::nullopt : std::optional(all.back().id);
    for (auto it = all.rbegin(); it != all.rend(); ++it) {
        if (it->name == *wanted || std::to_string(it->id) == *wanted)
            return it->id;
    }
    throw UsageError{"option --experiment: " + project.path() + " holds no experiment with id or name '" + *wanted + "'"};
}

std::string cellList(const std::vector<store::ExperimentCell>& cells)
{
    std::string text;
    for (const store::ExperimentCell& cell : cells)
        text += (text.empty() ? "" : ", ") + experiment::cellId(cell);
    return text;
}

//! Why `path` cannot be a shard at all (missing, or not an SQLite file: a wrong argument), or ""
//! when it may be. Checked for every shard before the project is opened, so such input writes
//! nothing; a damaged or half-written SQLite shard is the merger's to judge (it skips those).
std::string notAShard(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return path + ": cannot open the shard";
    constexpr std::string_view kMagic = "SQLite format 3";  // the first bytes of every SQLite file
    char header[kMagic.size()] = {};
    in.read(header, sizeof header);
    if (in.gcount() > 0 && (in.gcount() != sizeof header || std::string_view(header, sizeof header) != kMagic))
        return path + ": not a shard: expected a project file that orrery cell run wrote (an SQLite database)";
    return {};
}

} // namespace

int runExperimentMergeCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"project", "experiment"}, {});
    const auto projectPath = line.value("project");
    if (!projectPath || line.positionals().empty())
        throw UsageError{kUsage};

    for (const std::string& shard : line.positionals()) {
        if (const std::string problem = notAShard(shard); !problem.empty()) {
            std::cerr << "error: " << problem << "; nothing merged\n";
            return kExitBadInput;
        }
    }

    int exitCode = kExitOk;
    std::size_t merged = 0;
    try {
        store::Project project = store::Project::open(*projectPath);
        store::ShardMerger merger(project, targetExperiment(project, line.value("experiment")));
        for (const std::string& shard : line.positionals()) {
            const store::ShardMergeResult result = merger.merge(shard);
            using Status = store::ShardMergeResult::Status;
            switch (result.status) {
            case Status::Merged:
                merged += result.merged.size();
                std::cout << "merged " << shard << ": " << cellList(result.merged);
                if (result.alreadyComplete > 0)
                    std::cout << " (" << result.alreadyComplete << " cells already complete)";
                std::cout << '\n';
                if (!result.incomplete.empty()) {
                    std::cerr << "warning: " << shard << ": cells " << cellList(result.incomplete)
                              << " have no completed run; they stay pending\n";
                }
                break;
            case Status::AlreadyMerged:
                std::cout << "already merged " << shard << ": nothing to copy\n";
                break;
            case Status::Incomplete:
                std::cerr << "skipped " << shard << ": " << result.message;
                if (!result.incomplete.empty())
                    std::cerr << "; cell " << cellList(result.incomplete) << " stays pending";
                std::cerr << '\n';
                exitCode = std::max(exitCode, static_cast<int>(kExitRunFailed));
                break;
            case Status::Refused:
                std::cerr << "error: " << shard << ": " << result.message << "; not merged\n";
                exitCode = kExitBadInput;
                break;
            }
        }
        if (const auto target = merger.target()) {
            const auto complete = store::ExperimentStore(project).completedCells(target->id).size();
            std::cout << "experiment " << target->name << " (id " << target->id << " in " << *projectPath << "): "
                      << merged << " cells merged now, " << complete << " of " << target->cellCount
                      << " cells complete\n";
        }
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    }
    return exitCode;
}

} // namespace orrery::app
