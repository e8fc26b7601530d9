#include "ops/kubernetes_backend.h"

#include "ops/remote_cells.h"
#include "ops/atomic_file.h"
#include "ops/kubernetes_job_manifest.h"
#include "ops/kubernetes_log_shard.h"
#include "ops/kubernetes_pod_state.h"
#include "ops/text_format.h"
#include "experiment/experiment.h"
#include "experiment/experiment_cells.h"
#include "live/http_client.h"
#include "live/kube_client.h"
#include "live/live_error.h"
#include "sim/run_control.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/shard_merger.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace orrery::app {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr int kRelistPauseMs = 1000;
constexpr int kMaxRelists = 30;

//! The experiment and the scenario files it references, laid out under the ConfigMap's mount so
//! that the references, as written, resolve: the experiment sits as many folders deep as its
//! references climb out with "..". Throws std::runtime_error for an absolute reference.
std::vector<KubernetesConfigFile> configFiles(const experiment::Experiment& experiment, std::string& experimentPath)
{
    std::vector<std::pair<std::string, const std::string*>> references{{experiment.spec.scenarioReference, &experiment.scenario.sourceText}};
    for (const auto& [arm, scenario] : experiment.trainingScenarios) {
        if (arm < experiment.spec.arms.size() && experiment.spec.arms[arm].training)
            references.emplace_back(experiment.spec.arms[arm].training->scenarioReference, &scenario.sourceText);
    }
    std::size_t depth = 0;
    for (const auto& [reference, text] : references) {
        const fs::path path = fs::path(reference).lexically_normal();
        if (path.is_absolute())
            throw std::runtime_error("scenario '" + reference + "' is an absolute path: --backend kubernetes ships the experiment's files in a "
                                     "ConfigMap and needs references relative to the experiment file");
        std::size_t up = 0;
        for (const fs::path& part : path) {
            if (part != "..")
                break;
            ++up;
        }
        depth = std::max(depth, up);
    }
    fs::path base;
    for (std::size_t i = 0; i < depth; ++i)
        base /= std::string(1, 'e').append(std::to_string(i));
    const std::string fileName = fs::path(experiment.spec.sourceFile).filename().string();
    experimentPath = (base / (fileName.empty() ? "experiment.yaml" : fileName)).string();
    std::vector<KubernetesConfigFile> files{{"experiment.yaml", experimentPath, experiment.spec.sourceText}};
    std::set<std::string> paths{experimentPath};
    for (const auto& [reference, text] : references) {
        const std::string path = (base / reference).lexically_normal().string();
        if (!paths.insert(path).second)
            continue;
        files.push_back({"file" + std::to_string(files.size()) + "-" + KubernetesJobManifest::dnsPrefix(path, 40) + ".yaml", path, *text});
    }
    return files;
}

struct CellState {
    std::string id;
    std::string state = "PENDING"; //!< PENDING, RUNNING, MERGED, FAILED, INCOMPLETE, CANCELLED, SUBMIT_FAILED
    std::string pod;
    std::string message;
    bool handled = false;          //!< merged, or final otherwise
};

class KubernetesRun {
public:
    KubernetesRun(const experiment::Experiment& experiment, const std::string& projectPath, const KubernetesOptions& options,
                  std::ostream& log, live::KubeClient& client, const RemoteProgressCallback& progress)
        : m_experiment(experiment)
        , m_options(options)
        , m_log(log)
        , m_progress(progress)
        , m_client(client)
        , m_project(store::Project::open(projectPath))
        , m_merger(m_project, experimentIn(m_project, experiment))
    {
        m_nameSpace = options.nameSpace.empty() ? (client.context().nameSpace.empty() ? "default" : client.context().nameSpace)
                                                : options.nameSpace;
        m_shardDir = fs::absolute(options.shardDir.empty() ? projectPath + ".shards" : options.shardDir);
        fs::create_directories(m_shardDir);
        m_outcome.statusFile = (m_shardDir / "status.tsv").string();
    }

    KubernetesOutcome run(sim::RunControl& control)
    {
        const std::vector<std::string> missing = missingCells();
        if (!missing.empty() && submit(missing))
            follow(control);
        writeStatus();
        return m_outcome;
    }

private:
    fs::path shardOf(const std::string& cell) const { return m_shardDir / (cell + ".orrery"); }
    std::string jobPath() const { return live::KubeClient::collectionPath("batch/v1", "jobs", m_nameSpace) + "/" + m_jobName; }
    std::string configMapPath() const
    {
        return live::KubeClient::collectionPath("", "configmaps", m_nameSpace) + "/" + m_configMapName;
    }

    std::optional<store::ExperimentId> targetId() const
    {
        const auto target = m_merger.target();
        return target ? std::optional(target->id) : std::nullopt;
    }

    //! Merges shards an earlier call left, then lists the cells still missing, in `orrery cell list` order.
    std::vector<std::string> missingCells()
    {
        const experiment::ExperimentSpec& spec = m_experiment.spec;
        const std::vector<std::string> all = allCellIds(spec);
        m_outcome.totalCells = all.size();
        std::set<std::string> done = completedCellsIn(m_project, targetId());
        for (const std::string& cell : all) {
            if (!done.contains(cell) && fs::exists(shardOf(cell)))
                m_merger.merge(shardOf(cell).string());
        }
        done = completedCellsIn(m_project, targetId());
        std::vector<std::string> missing;
        for (const std::string& cell : all) {
            if (done.contains(cell)) {
                ++m_outcome.alreadyComplete;
                continue;
            }
            removeShard(shardOf(cell));
            missing.push_back(cell);
            CellState state;
            state.id = cell;
            m_cells.push_back(std::move(state));
        }
        return missing;
    }

    bool submit(const std::vector<std::string>& cells)
    {
        KubernetesJobSettings settings;
        settings.experimentName = m_experiment.spec.name;
        settings.nameSpace = m_nameSpace;
        settings.image = m_options.image;
        settings.orrery = m_options.orrery;
        settings.files = configFiles(m_experiment, settings.experimentPath);
        settings.cells = cells;
        settings.parallelism = m_options.parallelism;
        settings.backoffLimit = m_options.backoffLimit;
        settings.cpu = m_options.cpu;
        settings.memory = m_options.memory;
        KubernetesJobManifest manifest(std::move(settings));
        if (manifest.configBytes() > KubernetesJobManifest::kMaxConfigBytes)
            throw std::runtime_error("the experiment's files and cell list take " + std::to_string(manifest.configBytes()) +
                                     " bytes, more than a ConfigMap holds (1 MiB)");
        m_outcome.submitted = cells.size();
        const auto refuse = [&](const std::string& message) {
            for (CellState& cell : m_cells) {
                cell.state = "SUBMIT_FAILED";
                cell.message = message;
                cell.handled = true;
                m_outcome.failures.push_back({cell.id, "", cell.state, message});
            }
            m_log << "experiment " << m_experiment.spec.name << ": the API server refused the submission: " << message << '\n';
            return false;
        };
        try {
            const json configMap = json::parse(m_client.post(live::KubeClient::collectionPath("", "configmaps", m_nameSpace),
                                                             manifest.configMap().dump()));
            m_configMapName = configMap.at("metadata").at("name").get<std::string>();
            m_outcome.configMap = m_nameSpace + "/" + m_configMapName;
        } catch (const live::LiveError& error) {
            if (error.kind() != live::LiveError::Kind::Http)
                throw;
            return refuse(error.what());
        }
        manifest.settings().configMapName = m_configMapName;
        const json jobManifest = manifest.job();
        try {
            const json job = json::parse(m_client.post(live::KubeClient::collectionPath("batch/v1", "jobs", m_nameSpace), jobManifest.dump()));
            m_jobName = job.at("metadata").at("name").get<std::string>();
            m_resourceVersion = job.at("metadata").value("resourceVersion", "");
        } catch (const live::LiveError& error) {
            if (error.kind() != live::LiveError::Kind::Http)
                throw;
            deleteCreated();
            return refuse(error.what());
        }
        m_outcome.job = m_nameSpace + "/" + m_jobName;
        // The Job as submitted, to read or resubmit by hand.
        if (const std::string error = writeFileAtomically((m_shardDir / (m_jobName + ".json")).string(), jobManifest.dump(2) + "\n");
            !error.empty())
            m_log << "warning: " << error << '\n';
        m_log << "experiment " << m_experiment.spec.name << ": submitted " << cells.size() << (cells.size() == 1 ? " cell" : " cells")
              << " as kubernetes job " << m_outcome.job << " (indexed, completions " << cells.size() << ", parallelism "
              << jobManifest["spec"]["parallelism"].get<std::size_t>() << ", image " << m_options.image << "; configmap "
              << m_configMapName << ")\n";
        writeStatus();
        return true;
    }

    //! Watches the Job until it is finished and every index is handled, or the run is cancelled.
    void follow(sim::RunControl& control)
    {
        std::atomic<bool> stop{false};
        std::jthread relay([&](std::stop_token token) {
            while (!token.stop_requested() && !control.isCancelled())
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            if (control.isCancelled())
                stop = true;
        });
        m_start = Clock::now();
        const std::string watchPath = live::KubeClient::collectionPath("batch/v1", "jobs", m_nameSpace) +
                                      "?fieldSelector=" + live::HttpClient::escape("metadata.name=" + m_jobName);
        // The watch streams on its own connection: the events' handling lists pods and reads logs
        // on m_client meanwhile (one libcurl handle serves one request at a time).
        live::KubeClient watcher(m_client.context());
        bool done = false;
        while (!done && !control.isCancelled()) {
            const live::WatchEnd end = watcher.watch(
                watchPath, m_resourceVersion,
                [&](const live::WatchEvent& event) {
                    if (!event.resourceVersion.empty())
                        m_resourceVersion = event.resourceVersion;
                    if (event.type != live::WatchEvent::Type::Added && event.type != live::WatchEvent::Type::Modified)
                        return true;
                    done = handle(KubernetesJobState::fromJson(json::parse(event.objectJson)));
                    return !done && !m_finished; // finished: no further events; the pods are re-read below
                },
                &stop, static_cast<int>(m_options.watchTimeout.count()));
            // Too old a resourceVersion (410 Gone), or a finished Job whose pod list lagged behind
            // its status (no further Job event will come): read the Job afresh, after a pause.
            while ((end == live::WatchEnd::Gone || m_finished) && !done && !control.isCancelled()) {
                for (int waited = 0; m_finished && waited < kRelistPauseMs && !control.isCancelled(); waited += 50)
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                const KubernetesJobState state = KubernetesJobState::fromJson(json::parse(m_client.get(jobPath())));
                m_resourceVersion = state.resourceVersion;
                done = handle(state);
                if (!done && m_finished && ++m_relists >= kMaxRelists)
                    done = giveUp();
                if (end == live::WatchEnd::Gone)
                    break;
            }
        }
        relay.request_stop();
        if (!done && control.isCancelled()) {
            cancel();
            return;
        }
        if (m_outcome.failures.empty())
            deleteCreated(); // every shard is merged: nothing is left to read from the cluster
    }

    //! A finished Job whose completed indices still show no succeeded pod after kMaxRelists
    //! reads (its pods were deleted by someone else): those cells are INCOMPLETE. Returns true.
    bool giveUp()
    {
        for (CellState& cell : m_cells) {
            if (cell.handled)
                continue;
            cell.handled = true;
            cell.state = "INCOMPLETE";
            cell.message = "the job finished but no succeeded pod of this index is left to read its log from";
            m_outcome.failures.push_back({cell.id, cell.pod, cell.state, cell.message});
        }
        writeStatus();
        return true;
    }

    //! Reads the pods of the Job, merges completed indices' shards; true when the Job is finished and all are handled.
    bool handle(const KubernetesJobState& job)
    {
        m_finished = m_finished || job.finished();
        std::map<std::size_t, std::vector<KubernetesPodState>> pods;
        m_client.listRaw(live::KubeClient::collectionPath("", "pods", m_nameSpace) + "?labelSelector=" +
                             live::HttpClient::escape("job-name=" + m_jobName),
                         500, [&](const std::string& item) {
                             const KubernetesPodState pod = KubernetesPodState::fromJson(json::parse(item));
                             if (pod.index && *pod.index < m_cells.size())
                                 pods[*pod.index].push_back(pod);
                         });
        bool changed = false;
        for (std::size_t index = 0; index < m_cells.size(); ++index) {
            CellState& cell = m_cells[index];
            if (cell.handled)
                continue;
            const std::vector<KubernetesPodState>& tried = pods[index];
            const KubernetesPodState* succeeded = nullptr;
            const KubernetesPodState* latest = tried.empty() ? nullptr : &tried.back();
            for (const KubernetesPodState& pod : tried) {
                if (pod.phase == KubernetesPodPhase::Succeeded)
                    succeeded = &pod;
                else if (pod.phase != KubernetesPodPhase::Failed)
                    latest = &pod;
            }
            if (job.completedIndexes.contains(index) || succeeded != nullptr) {
                if (succeeded == nullptr)
                    continue; // the pod list lags the Job status: the next event brings it
                mergeFrom(cell, *succeeded);
                changed = true;
            } else if (job.finished() || job.failedIndexes.contains(index)) {
                cell.handled = true;
                cell.state = "FAILED";
                cell.pod = latest != nullptr ? latest->name : "";
                std::string message;
                for (auto it = tried.rbegin(); it != tried.rend(); ++it) {
                    if (it->phase == KubernetesPodPhase::Failed) {
                        message = it->reason + (it->message.empty() ? "" : ": " + it->message);
                        message += lastErrorOf(it->name);
                        cell.pod = it->name;
                        break;
                    }
                }
                if (job.failedCondition)
                    message += (message.empty() ? "" : "; ") + std::string("job ") + job.failedReason + ": " + job.failedMessage;
                else if (message.empty())
                    message = "the job finished without completing this index";
                cell.message = message;
                m_outcome.failures.push_back({cell.id, cell.pod, cell.state, cell.message});
                changed = true;
            } else if (latest != nullptr) {
                const std::string state = latest->phase == KubernetesPodPhase::Running ? "RUNNING" : "PENDING";
                const std::string message = latest->reason + (latest->message.empty() ? "" : ": " + latest->message);
                if (state != cell.state || message != cell.message || latest->name != cell.pod) {
                    cell.state = state;
                    cell.message = message;
                    cell.pod = latest->name;
                    changed = true;
                }
            }
        }
        if (changed)
            writeStatus();
        const bool allHandled = std::all_of(m_cells.begin(), m_cells.end(), [](const CellState& c) { return c.handled; });
        printProgress(allHandled);
        return allHandled && (job.finished() || m_outcome.failures.empty());
    }

    //! The last `error:` line of a failed pod's log (its tail), prefixed "; ", or nothing.
    std::string lastErrorOf(const std::string& pod)
    {
        try {
            const std::string log = m_client.get(live::KubeClient::collectionPath("", "pods", m_nameSpace) + "/" + pod + "/log?tailLines=50");
            const KubernetesLogShard shard = KubernetesLogShard::decode(log, {});
            if (shard.status == KubernetesLogShard::Status::Missing && shard.message.find("error") != std::string::npos)
                return "; " + shard.message;
        } catch (const live::LiveError&) {
            // The log may be gone with its node; the pod's own reason stands.
        }
        return {};
    }

    void mergeFrom(CellState& cell, const KubernetesPodState& pod)
    {
        cell.handled = true;
        cell.pod = pod.name;
        const std::string log = m_client.get(live::KubeClient::collectionPath("", "pods", m_nameSpace) + "/" + pod.name + "/log");
        const KubernetesLogShard shard = KubernetesLogShard::decode(log, cell.id);
        std::string problem;
        if (shard.status == KubernetesLogShard::Status::Found) {
            if (const std::string error = writeFileAtomically(shardOf(cell.id).string(), shard.bytes); !error.empty()) {
                problem = error;
            } else if (const std::optional<std::string> failure = mergeShardFile(m_merger, shardOf(cell.id), m_outcome.merged)) {
                problem = *failure;
            } else {
                cell.state = "MERGED";
                cell.message.clear();
                return;
            }
        } else {
            problem = std::string("shard ") + toString(shard.status) + ": " + shard.message;
        }
        cell.state = "INCOMPLETE";
        cell.message = "pod " + pod.name + " succeeded but " + problem;
        m_outcome.failures.push_back({cell.id, pod.name, cell.state, cell.message});
    }

    //! Deletes the Job (its pods with it, in the background) and the ConfigMap; says what failed.
    void deleteCreated()
    {
        const std::string options = json{{"kind", "DeleteOptions"}, {"apiVersion", "v1"}, {"propagationPolicy", "Background"}}.dump();
        bool ok = true;
        for (const auto& [what, path, name] : {std::tuple{"job", jobPath(), m_jobName}, std::tuple{"configmap", configMapPath(), m_configMapName}}) {
            if (name.empty())
                continue;
            try {
                m_client.remove(path, options);
            } catch (const live::LiveError& error) {
                ok = false;
                m_log << "warning: cannot delete " << what << " " << m_nameSpace << "/" << name << ": " << error.what() << '\n';
            }
        }
        m_outcome.deleted = ok;
    }

    void cancel()
    {
        m_outcome.cancelled = true;
        deleteCreated();
        m_log << "experiment " << m_experiment.spec.name << ": interrupted; deleted kubernetes job " << m_outcome.job
              << " and configmap " << m_configMapName << (m_outcome.deleted ? "" : " (not all: see the warnings)") << '\n';
        for (CellState& cell : m_cells) {
            if (cell.state != "MERGED")
                cell.state = "CANCELLED";
        }
    }

    void printProgress(bool last)
    {
        std::size_t merged = 0;
        std::size_t failed = 0;
        std::size_t running = 0;
        std::size_t pending = 0;
        std::string reason;
        for (const CellState& cell : m_cells) {
            if (cell.state == "MERGED")
                ++merged;
            else if (cell.handled)
                ++failed;
            else if (cell.state == "RUNNING")
                ++running;
            else {
                ++pending;
                if (reason.empty())
                    reason = cell.message.substr(0, cell.message.find(':'));
            }
        }
        std::ostringstream line;
        line << "experiment " << m_experiment.spec.name << "  kubernetes job " << m_jobName << "  "
             << m_outcome.alreadyComplete + merged << "/" << m_outcome.totalCells << " cells merged  " << running << " running  "
             << pending << " pending";
        if (pending > 0 && !reason.empty())
            line << " (" << reason << ")";
        if (failed > 0)
            line << "  " << failed << " failed";
        const auto now = Clock::now();
        if (line.str() != m_lastLine || last || now - m_lastPrint > std::chrono::seconds(30)) {
            m_log << line.str() << "  elapsed " << clockText(std::chrono::duration<double>(now - m_start).count()) << std::endl;
            m_lastLine = line.str();
            m_lastPrint = now;
        }
    }

    //! Every cell of the submission to the progress callback, as status.tsv has them.
    void report() const
    {
        if (!m_progress)
            return;
        RemoteExperimentProgress progress;
        progress.experiment = m_experiment.spec.name;
        progress.totalCells = m_outcome.totalCells;
        progress.alreadyComplete = m_outcome.alreadyComplete;
        progress.merged = m_outcome.merged;
        progress.submission = m_outcome.job;
        for (const CellState& cell : m_cells) {
            RemoteCellPhase phase = RemoteCellPhase::Failed;
            if (cell.state == "MERGED")
                phase = RemoteCellPhase::Done;
            else if (cell.state == "CANCELLED")
                phase = RemoteCellPhase::Cancelled;
            else if (cell.state == "RUNNING")
                phase = RemoteCellPhase::Running;
            else if (cell.state == "PENDING")
                phase = m_jobName.empty() ? RemoteCellPhase::Pending : RemoteCellPhase::Queued;
            progress.cells.push_back(RemoteCellStatus{cell.id, phase, cell.state, cell.pod, cell.message});
        }
        m_progress(progress);
    }

    //! SHARD_DIR/status.tsv: cell, state, pod, message; and the same to the progress callback.
    void writeStatus() const
    {
        report();
        std::string text = "cell\tstate\tpod\tmessage\n";
        for (const CellState& cell : m_cells)
            text += cell.id + '\t' + cell.state + '\t' + cell.pod + '\t' + oneLine(cell.message) + '\n';
        if (const std::string error = writeFileAtomically(m_outcome.statusFile, text); !error.empty())
            m_log << "warning: " << error << '\n';
    }

    const experiment::Experiment& m_experiment;
    const KubernetesOptions& m_options;
    std::ostream& m_log;
    const RemoteProgressCallback& m_progress;
    live::KubeClient& m_client;
    store::Project m_project;
    store::ShardMerger m_merger;
    std::string m_nameSpace;
    fs::path m_shardDir;
    KubernetesOutcome m_outcome;
    std::vector<CellState> m_cells; //!< index i of the Job runs m_cells[i]
    std::string m_configMapName;
    std::string m_jobName;
    std::string m_resourceVersion;
    bool m_finished = false; //!< the Job reached Complete or Failed
    int m_relists = 0;
    Clock::time_point m_start = Clock::now();
    Clock::time_point m_lastPrint;
    std::string m_lastLine;
};

} // namespace

KubernetesBackend::KubernetesBackend(const experiment::Experiment& experiment, std::string projectPath, KubernetesOptions options,
                                     std::ostream& log)
    : m_experiment(experiment)
    , m_projectPath(std::move(projectPath))
    , m_options(std::move(options))
    , m_log(log)
{
}

KubernetesOutcome KubernetesBackend::run(live::KubeClient& client, sim::RunControl& control)
{
    KubernetesRun run(m_experiment, m_projectPath, m_options, m_log, client, m_progress);
    return run.run(control);
}

} // namespace orrery::app
