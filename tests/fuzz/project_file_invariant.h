#pragma once
// What must hold for Project::open (core/store) on a file of any bytes
// (tests/fuzz/project_file_fuzzer.cpp and the replay of tests/fixtures/fuzz-regressions/project_file/
// in tst_project_fuzz).
#include "fuzz_check.h"
#include "store/project.h"
#include "store/schema.h"
#include "store/store_error.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iterator>
#include <set>

namespace orrery::fuzz {

//! Reads past this many rows of each list are not followed further (the fuzz inputs are at most
//! 64 KB, so this only bounds the time one input takes).
inline constexpr std::size_t kProjectReadCap = 16;
//! Opening and reading back one input may take no longer than this (libFuzzer's -timeout is the
//! hard stop; this names the input).
inline constexpr std::chrono::seconds kProjectTimeBudget{10};

inline std::string readWholeFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

//! Removes the file and SQLite's companions (-wal, -shm, -journal).
inline void removeProjectFiles(const std::string& path)
{
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::remove((path + suffix).c_str());
}

//! "" when `error` is a clear StoreError of `path`: it names the file and says what is wrong.
inline std::string storeErrorProblem(const store::StoreError& error, const std::string& path)
{
    const std::string message = error.what();
    if (error.path() != path || !message.starts_with(path))
        return "an error that does not name the project file: " + message;
    if (error.detail().empty())
        return "an error without a message: " + message;
    return {};
}

//! Calls `read`; a StoreError naming the file is an acceptable outcome of reading a damaged file,
//! anything else that escapes is the problem.
template <typename Read>
std::string readBack(const std::string& path, const char* what, Read&& read)
{
    try {
        return read();
    } catch (const store::StoreError& error) {
        if (std::string problem = storeErrorProblem(error, path); !problem.empty())
            return std::string(what) + ": " + problem;
    } catch (const std::exception& error) {
        return std::string(what) + ": undocumented exception: " + error.what();
    } catch (...) {
        return std::string(what) + ": a non-std exception";
    }
    return {};
}

//! What an opened project must answer: the current schema version, SQLite's defensive flag on,
//! and every read either an answer or a StoreError naming the file; in a file that passes
//! `PRAGMA integrity_check`, each answer is consistent with the listing it came from.
inline std::string openedProjectProblem(const store::Project& project, const std::string& path)
{
    int defensive = 0;
    sqlite3_db_config(project.database().handle(), SQLITE_DBCONFIG_DEFENSIVE, -1, &defensive);
    if (defensive != 1)
        return "the project was opened without SQLITE_DBCONFIG_DEFENSIVE";
    if (std::string problem = readBack(path, "schemaVersion", [&] {
            return project.schemaVersion() == store::currentSchemaVersion()
                       ? std::string()
                       : "opened at schema version " + std::to_string(project.schemaVersion());
        });
        !problem.empty())
        return problem;
    // A damaged b-tree can answer a scan and a lookup by key differently, and SQLite only notices
    // when asked to check: the listings are compared with the lookups only for an intact file.
    bool intact = false;
    if (std::string problem = readBack(path, "integrityCheck", [&] {
            const std::string check = project.integrityCheck();
            intact = check == "ok";
            return check.empty() ? "an empty integrity_check answer" : std::string();
        });
        !problem.empty())
        return problem;
    if (std::string problem = readBack(path, "runs", [&] {
            const std::vector<store::RunSummary> runs = project.listRuns();
            std::set<store::RunId> ids;
            for (std::size_t i = 0; i < runs.size() && i < kProjectReadCap; ++i) {
                const store::RunSummary& listed = runs[i];
                if (!ids.insert(listed.id).second && intact)
                    return "run " + std::to_string(listed.id) + " is listed twice";
                const auto one = project.run(listed.id);
                if (intact && (!one || one->id != listed.id || one->scenarioName != listed.scenarioName ||
                    one->status != listed.status || one->seed != listed.seed))
                    return "run " + std::to_string(listed.id) + " reads back unlike its listing";
                if (!project.scenarioText(listed.id) && intact)
                    return "run " + std::to_string(listed.id) + " has no scenario text";
                (void)project.metrics(listed.id);
                const auto series = project.series(listed.id);
                for (std::size_t s = 0; s < series.size() && s < kProjectReadCap; ++s)
                    (void)project.samples(series[s].id);
                if (project.traceCount(listed.id) < 0 || project.spanCount(listed.id) < 0)
                    return "run " + std::to_string(listed.id) + " has a negative trace or span count";
                (void)project.loadTraces(listed.id, 0, kProjectReadCap);
                (void)project.annotations(listed.id);
                (void)project.runModels(listed.id);
            }
            return std::string();
        });
        !problem.empty())
        return problem;
    if (std::string problem = readBack(path, "models", [&] {
            const auto models = project.listModels();
            for (std::size_t i = 0; i < models.size() && i < kProjectReadCap; ++i) {
                const auto model = project.model(models[i].id);
                if (intact && (!model || model->plugin != models[i].plugin ||
                    static_cast<std::int64_t>(model->bytes.size()) != models[i].byteCount))
                    return "model " + std::to_string(models[i].id) + " reads back unlike its listing";
            }
            return std::string();
        });
        !problem.empty())
        return problem;
    if (std::string problem = readBack(path, "trajectories", [&] {
            const auto trajectories = project.trajectories();
            for (std::size_t i = 0; i < trajectories.size() && i < kProjectReadCap; ++i) {
                if (!project.trajectory(trajectories[i].id) && intact)
                    return "trajectory " + std::to_string(trajectories[i].id) + " is listed but cannot be read";
                (void)project.readTrajectory(trajectories[i].id);
            }
            return std::string();
        });
        !problem.empty())
        return problem;
    return {};
}

//! "" when Project::open on a file holding `bytes` (written to `path`, which is replaced) keeps
//! its promises: it opens and reads back consistently (openedProjectProblem), or throws a
//! StoreError that names the file. A file it refuses as "not an Orrery project", "damaged" or
//! "newer" is left byte for byte as it was, as Project::open documents. All within
//! kProjectTimeBudget. The files are removed afterwards.
inline std::string projectFileProblem(std::string_view bytes, const std::string& path)
{
    removeProjectFiles(path);
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    const auto started = std::chrono::steady_clock::now();
    std::string problem;
    try {
        const store::Project project = store::Project::open(path);
        problem = openedProjectProblem(project, path);
    } catch (const store::StoreError& error) {
        problem = storeErrorProblem(error, path);
        const std::string& detail = error.detail();
        const bool untouchedPromised = detail.starts_with("not an Orrery project") ||
                                       detail.starts_with("damaged Orrery project") ||
                                       detail.starts_with("the project has schema version");
        if (problem.empty() && untouchedPromised && readWholeFile(path) != bytes)
            problem = "a refused file was modified: " + std::string(error.what());
    } catch (const std::exception& error) {
        problem = std::string("undocumented exception: ") + error.what();
    } catch (...) {
        problem = "a non-std exception";
    }
    const auto took = std::chrono::steady_clock::now() - started;
    if (problem.empty() && took > kProjectTimeBudget)
        problem = "open and read back took " +
                  std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(took).count()) + " ms";
    removeProjectFiles(path);
    return problem;
}

} // namespace orrery::fuzz
