#include "ops/slurm_backend.h"

#include "ops/remote_cells.h"
#include "ops/atomic_file.h"
#include "ops/slurm_batch_script.h"
#include "ops/slurm_status_table.h"
#include "ops/text_format.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment.h"
#include "live/process_runner.h"
#include "sim/run_control.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/shard_merger.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace orrery::app {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr auto kCommandTimeout = std::chrono::seconds(60);
//! Polls a task may go unlisted by both sacct and squeue before its shards decide its fate
//! (squeue forgets finished jobs after MinJobAge; sacct may lag behind slurmdbd).
constexpr int kMissesBeforeResolving = 5;

std::string trimmed(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    while (!text.empty() && (text.front() == '\n' || text.front() == ' '))
        text.erase(text.begin());
    return text;
}

live::ProcessResult runSlurm(const std::string& program, const std::vector<std::string>& args)
{
    return live::ProcessRunner::run(program, args, live::ProcessRunner::currentEnvironment(), kCommandTimeout);
}

//! The last line of a task's log that says what went wrong: slurmstepd's "*** … CANCELLED AT …
//! DUE TO TIME LIMIT ***" or orrery's "error: …"; else its last line.
std::string logMessage(const std::string& path)
{
    std::ifstream in(path);
    std::string last;
    std::string lastError;
    for (std::string line; std::getline(in, line);) {
        line = trimmed(line);
        if (line.empty())
            continue;
        last = line;
        if (line.find("error") != std::string::npos || line.find("***") != std::string::npos)
            lastError = line;
    }
    return lastError.empty() ? last : lastError;
}

//! The state of one cell of the submission, as status.tsv shows it.
struct CellState {
    std::string id;
    std::string state = "PENDING"; //!< Slurm's task state, "MERGED", or "SUBMIT_FAILED"
    std::string jobTask;
    std::string message;
};

//! One array task as followed.
struct TaskTrack {
    SlurmTaskState state = SlurmTaskState::Pending;
    SlurmTaskStatus last;
    bool handled = false; //!< final and its shards merged
    bool unlisted = false; //!< Slurm forgot it before we saw it final: its shards decide
    int misses = 0;
};

//! What Slurm says about a finished task besides its state: exit code, reason, the log's error line.
std::string taskMessage(const SlurmTaskStatus& status, const std::string& logPath)
{
    std::string message;
    if (!status.exitCode.empty() && status.exitCode != "0:0")
        message = "exit code " + status.exitCode;
    if (!status.reason.empty())
        message += (message.empty() ? "reason " : ", reason ") + status.reason;
    if (const std::string log = logMessage(logPath); !log.empty())
        message += (message.empty() ? "" : ": ") + log;
    return message;
}

class SlurmRun {
public:
    SlurmRun(const experiment::Experiment& experiment, const std::string& experimentFile, const std::string& projectPath,
             const SlurmOptions& options, std::ostream& log, const RemoteProgressCallback& progress)
        : m_experiment(experiment)
        , m_experimentFile(experimentFile)
        , m_options(options)
        , m_log(log)
        , m_progress(progress)
        , m_project(store::Project::open(projectPath))
        , m_merger(m_project, experimentIn(m_project, experiment))
    {
        m_shardDir = fs::absolute(m_options.shardDir.empty() ? projectPath + ".shards" : m_options.shardDir);
        fs::create_directories(m_shardDir / "logs");
        m_outcome.statusFile = (m_shardDir / "status.tsv").string();
    }

    SlurmOutcome run(sim::RunControl& control)
    {
        const std::vector<std::string> missing = missingCells();
        if (missing.empty()) {
            writeStatus();
            report();
            return m_outcome;
        }
        if (!submit(missing)) {
            writeStatus();
            report();
            return m_outcome;
        }
        follow(control);
        writeStatus();
        report();
        return m_outcome;
    }

private:
    fs::path shardOf(const std::string& cell) const { return m_shardDir / (cell + ".orrery"); }

    //! Merges shards an earlier call left behind, then lists the cells still without a completed
    //! run, in `orrery cell list` order; removes their stale shards.
    std::vector<std::string> missingCells()
    {
        const experiment::ExperimentSpec& spec = m_experiment.spec;
        const std::vector<std::string> all = allCellIds(spec);
        m_outcome.totalCells = all.size();
        std::set<std::string> done = completedCellsIn(m_project, targetId());
        std::size_t recovered = 0;
        for (const std::string& cell : all) {
            if (done.contains(cell) || !fs::exists(shardOf(cell)))
                continue;
            const store::ShardMergeResult result = m_merger.merge(shardOf(cell).string());
            if (result.status == store::ShardMergeResult::Status::Merged)
                recovered += result.merged.size();
        }
        if (recovered > 0) {
            m_log << "experiment " << spec.name << ": merged " << recovered << " cells from shards in " << m_shardDir.string()
                  << " left by an earlier submission\n";
            done = completedCellsIn(m_project, targetId());
        }
        std::vector<std::string> missing;
        for (const std::string& cell : all) {
            if (done.contains(cell)) {
                ++m_outcome.alreadyComplete;
                continue;
            }
            removeShard(shardOf(cell));
            missing.push_back(cell);
            m_cells.push_back(CellState{cell, "PENDING", "", ""});
        }
        return missing;
    }

    std::optional<store::ExperimentId> targetId() const
    {
        const auto target = m_merger.target();
        return target ? std::optional(target->id) : std::nullopt;
    }

    //! Writes the cell file and the batch script and submits them. False when sbatch refused.
    bool submit(const std::vector<std::string>& cells)
    {
        int n = 1;
        while (fs::exists(m_shardDir / ("submit-" + std::to_string(n) + ".sh")))
            ++n;
        const fs::path cellFile = m_shardDir / ("cells-" + std::to_string(n) + ".txt");
        const fs::path scriptFile = m_shardDir / ("submit-" + std::to_string(n) + ".sh");
        std::string cellText;
        for (const std::string& cell : cells)
            cellText += cell + '\n';
        if (const std::string error = writeFileAtomically(cellFile.string(), cellText); !error.empty())
            throw std::runtime_error(error);

        SlurmBatchSettings settings;
        settings.jobName = "orrery-" + m_experiment.spec.name;
        settings.orrery = m_options.orrery.empty() ? fs::read_symlink("/proc/self/exe").string() : m_options.orrery;
        settings.experimentFile = fs::absolute(m_experimentFile).string();
        settings.cellFile = cellFile.string();
        settings.shardDir = m_shardDir.string();
        settings.modelsFrom = m_options.modelsFrom.empty() ? "" : fs::absolute(m_options.modelsFrom).string();
        settings.partition = m_options.partition;
        settings.timeLimit = m_options.timeLimit;
        settings.cellCount = cells.size();
        settings.cellsPerTask = m_options.cellsPerTask > 0 ? m_options.cellsPerTask
                                                           : SlurmBatchScript::cellsPerTaskFor(cells.size(), SlurmBackend::kMaxArrayTasks);
        settings.arrayMax = m_options.arrayMax;
        m_script.emplace(settings);
        if (const std::string error = writeFileAtomically(scriptFile.string(), m_script->text()); !error.empty())
            throw std::runtime_error(error);
        m_outcome.submitted = cells.size();

        const live::ProcessResult sbatch = runSlurm(
            "sbatch", {"--parsable", "--output=" + (m_shardDir / "logs" / "%A_%a.out").string(), scriptFile.string()});
        const std::string out = trimmed(sbatch.out);
        if (sbatch.exitCode != 0 || out.empty()) {
            std::string message = oneLine(sbatch.err);
            if (message.empty())
                message = sbatch.timedOut ? "sbatch did not answer" : "sbatch exited with " + std::to_string(sbatch.exitCode);
            for (CellState& cell : m_cells) {
                cell.state = "SUBMIT_FAILED";
                cell.message = message;
                m_outcome.failures.push_back({cell.id, "", cell.state, message});
            }
            m_log << "experiment " << m_experiment.spec.name << ": sbatch refused the job: " << message << '\n';
            return false;
        }
        m_outcome.jobId = out.substr(0, out.find(';')); // "JOB" or "JOB;CLUSTER"
        m_tasks.assign(m_script->taskCount(), TaskTrack{});
        m_log << "experiment " << m_experiment.spec.name << ": submitted " << cells.size()
              << (cells.size() == 1 ? " cell" : " cells") << " as slurm job "
              << m_outcome.jobId << " (array " << m_script->arraySpec() << ", " << settings.cellsPerTask
              << (settings.cellsPerTask == 1 ? " cell" : " cells") << " per task; script " << scriptFile.string() << ")\n";
        writeStatus();
        report();
        return true;
    }

    //! Polls until every task is final and merged, or the run is cancelled.
    void follow(sim::RunControl& control)
    {
        const auto start = Clock::now();
        std::string lastLine;
        auto lastPrint = start;
        while (true) {
            if (control.isCancelled()) {
                cancel();
                return;
            }
            poll();
            bool changed = false;
            for (std::size_t task = 0; task < m_tasks.size(); ++task) {
                TaskTrack& track = m_tasks[task];
                if (!track.handled && isFinal(track.state)) {
                    finish(task);
                    changed = true;
                }
            }
            if (changed)
                writeStatus();
            const std::string line = progressLine();
            const auto now = Clock::now();
            const bool done = std::all_of(m_tasks.begin(), m_tasks.end(), [](const TaskTrack& t) { return t.handled; });
            if (line != lastLine || changed)
                report();
            if (line != lastLine || now - lastPrint > std::chrono::seconds(30) || done) {
                m_log << line << "  elapsed " << clockText(std::chrono::duration<double>(now - start).count()) << std::endl;
                lastLine = line;
                lastPrint = now;
            }
            if (done)
                return;
            for (auto waited = std::chrono::milliseconds(0); waited < m_options.poll && !control.isCancelled();
                 waited += std::chrono::milliseconds(50))
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }

    //! One round of sacct (while accounting works), then squeue for the tasks sacct did not list.
    void poll()
    {
        std::map<std::size_t, SlurmTaskStatus> seen;
        bool answered = false; // a query that worked: only then does a task missing from it count
        if (m_useSacct) {
            const live::ProcessResult sacct = runSlurm(
                "sacct", {"-j", m_outcome.jobId, "--parsable2", "--noheader", "--format=JobID,State,ExitCode,Reason"});
            if (sacct.exitCode != 0) {
                m_useSacct = false;
                m_log << "experiment " << m_experiment.spec.name << ": sacct: "
                      << (oneLine(sacct.err).empty() ? "exit " + std::to_string(sacct.exitCode) : oneLine(sacct.err))
                      << "; following the job with squeue instead\n";
            } else {
                answered = true;
                for (const SlurmTaskStatus& status : parseSacctTable(sacct.out, m_outcome.jobId))
                    seen[status.task] = status;
            }
        }
        const bool allSeen = std::all_of(m_tasks.begin(), m_tasks.end(), [&, task = std::size_t(0)](const TaskTrack& t) mutable {
            return t.handled || seen.contains(task++);
        });
        if (!allSeen) {
            const live::ProcessResult squeue = runSlurm(
                "squeue", {"-j", m_outcome.jobId, "--states=all", "--noheader", "--format=%i|%T|%r"});
            // squeue exits 1 with "Invalid job id specified" once the whole job is purged; other
            // failures (the controller is restarting) leave every task as it was.
            if (squeue.exitCode == 0 || squeue.err.find("Invalid job id") != std::string::npos) {
                answered = true;
                m_lastQueryError.clear();
            } else if (const std::string error = oneLine(squeue.err); error != m_lastQueryError) {
                m_log << "warning: squeue: " << (error.empty() ? "exit " + std::to_string(squeue.exitCode) : error)
                      << "; trying again\n";
                m_lastQueryError = error;
            }
            for (const SlurmTaskStatus& status : parseSqueueTable(squeue.out, m_outcome.jobId)) {
                if (!seen.contains(status.task))
                    seen[status.task] = status;
            }
        }
        for (std::size_t task = 0; task < m_tasks.size(); ++task) {
            TaskTrack& track = m_tasks[task];
            if (track.handled)
                continue;
            if (const auto it = seen.find(task); it != seen.end()) {
                track.misses = 0;
                track.last = it->second;
                track.state = it->second.state;
                // A final state from squeue carries no exit code; sacct's arrives later: keep what we have.
            } else if (answered && ++track.misses >= kMissesBeforeResolving) {
                // Neither lists it: its shards decide (finish() marks incomplete cells failed).
                track.state = SlurmTaskState::Completed;
                track.unlisted = true;
            }
        }
    }

    //! Merges the finished task's shards; its other cells take the task's state and message.
    void finish(std::size_t task)
    {
        TaskTrack& track = m_tasks[task];
        track.handled = true;
        const std::string jobTask = m_outcome.jobId + "_" + std::to_string(task);
        const std::string logPath = (m_shardDir / "logs" / (jobTask + ".out")).string();
        const std::string slurmMessage = taskMessage(track.last, logPath);
        const std::size_t first = m_script->firstCellOf(task);
        for (std::size_t i = first; i < first + m_script->cellCountOf(task); ++i) {
            CellState& cell = m_cells[i];
            cell.jobTask = jobTask;
            std::string mergeMessage;
            if (fs::exists(shardOf(cell.id))) {
                const std::optional<std::string> problem = mergeShardFile(m_merger, shardOf(cell.id), m_outcome.merged);
                if (!problem) {
                    cell.state = "MERGED";
                    cell.message.clear();
                    continue;
                }
                mergeMessage = *problem;
            } else {
                mergeMessage = "no shard " + shardOf(cell.id).string();
            }
            if (track.unlisted) {
                cell.state = "UNLISTED";
                cell.message = "neither sacct nor squeue lists the task (without accounting, a task cancelled while "
                               "pending, or one purged after MinJobAge, leaves no record), and " + mergeMessage;
            } else if (isFailure(track.state)) {
                cell.state = track.last.stateText.empty() ? toString(track.state) : track.last.stateText;
                cell.message = slurmMessage;
            } else {
                cell.state = "INCOMPLETE";
                cell.message = "the task ended " + track.last.stateText + (slurmMessage.empty() ? "" : " (" + slurmMessage + ")") +
                               " but " + mergeMessage;
            }
            m_outcome.failures.push_back({cell.id, jobTask, cell.state, cell.message});
        }
    }

    void cancel()
    {
        const live::ProcessResult scancel = runSlurm("scancel", {m_outcome.jobId});
        m_outcome.cancelled = true;
        m_log << "experiment " << m_experiment.spec.name << ": interrupted; scancel " << m_outcome.jobId
              << (scancel.exitCode == 0 ? "" : " failed: " + oneLine(scancel.err)) << '\n';
        for (CellState& cell : m_cells) {
            if (cell.state != "MERGED")
                cell.state = "CANCELLED";
        }
    }

    std::string progressLine() const
    {
        std::size_t merged = 0;
        std::size_t failed = 0;
        std::size_t running = 0;
        std::size_t pending = 0;
        std::string pendingReason; //!< why Slurm holds the first pending task back ("Resources", "ReqNodeNotAvail, …")
        for (std::size_t task = 0; task < m_tasks.size(); ++task) {
            if (!m_tasks[task].handled && m_tasks[task].state == SlurmTaskState::Pending && pendingReason.empty())
                pendingReason = m_tasks[task].last.reason;
            const std::size_t first = m_script->firstCellOf(task);
            for (std::size_t i = first; i < first + m_script->cellCountOf(task); ++i) {
                if (m_cells[i].state == "MERGED")
                    ++merged;
                else if (m_tasks[task].handled)
                    ++failed;
                else if (m_tasks[task].state == SlurmTaskState::Running)
                    ++running;
                else
                    ++pending;
            }
        }
        std::ostringstream line;
        line << "experiment " << m_experiment.spec.name << "  slurm job " << m_outcome.jobId << "  "
             << m_outcome.alreadyComplete + merged << "/" << m_outcome.totalCells << " cells merged  " << running
             << " running  " << pending << " pending";
        if (pending > 0 && !pendingReason.empty())
            line << " (" << pendingReason << ")";
        if (failed > 0)
            line << "  " << failed << " failed";
        return line.str();
    }

    //! Every cell of the submission to the progress callback: merged and failed cells as
    //! status.tsv has them, the others in their task's state with Slurm's reason.
    void report() const
    {
        if (!m_progress)
            return;
        RemoteExperimentProgress progress;
        progress.experiment = m_experiment.spec.name;
        progress.totalCells = m_outcome.totalCells;
        progress.alreadyComplete = m_outcome.alreadyComplete;
        progress.merged = m_outcome.merged;
        progress.submission = m_outcome.jobId;
        for (const CellState& cell : m_cells)
            progress.cells.push_back(RemoteCellStatus{cell.id, RemoteCellPhase::Pending, cell.state, cell.jobTask, cell.message});
        for (std::size_t task = 0; m_script && task < m_tasks.size(); ++task) {
            const TaskTrack& track = m_tasks[task];
            const std::size_t first = m_script->firstCellOf(task);
            for (std::size_t i = first; i < first + m_script->cellCountOf(task) && i < progress.cells.size(); ++i) {
                RemoteCellStatus& cell = progress.cells[i];
                if (cell.state == "MERGED") {
                    cell.phase = RemoteCellPhase::Done;
                } else if (cell.state == "CANCELLED") {
                    cell.phase = RemoteCellPhase::Cancelled;
                } else if (track.handled) {
                    cell.phase = RemoteCellPhase::Failed;
                } else {
                    cell.phase = track.state == SlurmTaskState::Running ? RemoteCellPhase::Running : RemoteCellPhase::Queued;
                    cell.state = track.last.stateText.empty() ? toString(track.state) : track.last.stateText;
                    cell.where = m_outcome.jobId + "_" + std::to_string(task);
                    cell.message = track.last.reason;
                }
            }
        }
        for (RemoteCellStatus& cell : progress.cells) {
            if (cell.state == "SUBMIT_FAILED")
                cell.phase = RemoteCellPhase::Failed;
        }
        m_progress(progress);
    }

    //! SHARD_DIR/status.tsv: cell, state, job_task, message; one line per cell of this submission.
    void writeStatus() const
    {
        std::string text = "cell\tstate\tjob_task\tmessage\n";
        for (const CellState& cell : m_cells)
            text += cell.id + '\t' + cell.state + '\t' + cell.jobTask + '\t' + oneLine(cell.message) + '\n';
        if (const std::string error = writeFileAtomically(m_outcome.statusFile, text); !error.empty())
            m_log << "warning: " << error << '\n';
    }

    const experiment::Experiment& m_experiment;
    const std::string& m_experimentFile;
    const SlurmOptions& m_options;
    std::ostream& m_log;
    const RemoteProgressCallback& m_progress;
    store::Project m_project;
    store::ShardMerger m_merger;
    fs::path m_shardDir;
    SlurmOutcome m_outcome;
    std::vector<CellState> m_cells; //!< the submission's cells, in cell-file order
    std::optional<SlurmBatchScript> m_script;
    std::vector<TaskTrack> m_tasks;
    bool m_useSacct = true;
    std::string m_lastQueryError; //!< squeue's last complaint, printed once
};

} // namespace

SlurmBackend::SlurmBackend(const experiment::Experiment& experiment, std::string experimentFile, std::string projectPath,
                           SlurmOptions options, std::ostream& log)
    : m_experiment(experiment)
    , m_experimentFile(std::move(experimentFile))
    , m_projectPath(std::move(projectPath))
    , m_options(std::move(options))
    , m_log(log)
{
}

SlurmOutcome SlurmBackend::run(sim::RunControl& control)
{
    SlurmRun run(m_experiment, m_experimentFile, m_projectPath, m_options, m_log, m_progress);
    return run.run(control);
}

} // namespace orrery::app
