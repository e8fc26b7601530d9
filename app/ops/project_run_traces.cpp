#include "ops/project_run_traces.h"

#include "store/project.h"

#include <filesystem>

namespace orrery::app {

std::optional<trace::TraceSet> projectRunTraces(const std::string& path, std::uint64_t runId, std::string& error)
{
    // Project::open would create a missing file; readers of traces only read.
    if (!std::filesystem::exists(path)) {
        error = path + ": no such project file";
        return std::nullopt;
    }
    store::Project project = store::Project::open(path);
    const auto id = static_cast<store::RunId>(runId);
    if (!project.run(id)) {
        error = path + ": no run " + std::to_string(runId);
        return std::nullopt;
    }
    if (project.spanCount(id) == 0) {
        error = path + ": run " + std::to_string(runId)
            + " recorded no spans (only scenarios with request types produce traces)";
        return std::nullopt;
    }
    return project.loadTraces(id);
}

} // namespace orrery::app
