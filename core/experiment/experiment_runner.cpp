#include "experiment/experiment_runner.h"

#include "env/simulation.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment_record_of.h"
#include "experiment/experiment_run_recorder.h"
#include "experiment/scenario_variant.h"
#include "policy/plugin_registry.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/store_error.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

namespace orrery::experiment {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kProgressInterval = std::chrono::milliseconds(200);

unsigned workerCount(unsigned requested, std::size_t cells)
{
    unsigned threads = requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
    if (cells < threads)
        threads = static_cast<unsigned>(std::max<std::size_t>(cells, 1));
    return threads;
}

std::tuple<int, std::string, std::uint64_t, int> keyOf(const store::ExperimentCell& cell)
{
    return {cell.sweepIndex, cell.arm, cell.seed, cell.repeat};
}

} // namespace

//! The worker pool of one run(): hands out cells, runs them, counts outcomes, reports progress.
class ExperimentRunner::Workers {
public:
    Workers(ExperimentRunner& runner, store::ExperimentId experiment, std::vector<CellIndex> cells,
            const std::vector<model::Scenario>& variants, ExperimentProgress progress, unsigned threads)
        : m_runner(runner)
        , m_experiment(experiment)
        , m_cells(std::move(cells))
        , m_variants(variants)
        , m_progress(progress)
        , m_threads(threads)
        , m_inFlight(std::make_unique<std::atomic<double>[]>(threads))
    {
        for (unsigned i = 0; i < threads; ++i)
            m_inFlight[i].store(-1.0); // idle
    }

    void run()
    {
        m_start = Clock::now();
        std::vector<std::thread> pool;
        pool.reserve(m_threads);
        for (unsigned worker = 0; worker < m_threads; ++worker)
            pool.emplace_back([this, worker] { work(worker); });
        for (auto& thread : pool)
            thread.join();
        report(true);
    }

    std::size_t completed = 0;
    std::size_t cancelled = 0;
    std::vector<CellFailure> failures;
    std::string storeError;

private:
    void work(unsigned worker)
    {
        try {
            store::Project project = store::Project::open(m_runner.m_projectPath);
            for (;;) {
                if (m_runner.m_control.isCancelled())
                    return;
                const std::size_t next = m_next.fetch_add(1);
                if (next >= m_cells.size())
                    return;
                runCell(project, worker, m_cells[next]);
            }
        } catch (const store::StoreError& error) {
            stopWithStoreError(error.what());
        } catch (const std::exception& error) {
            stopWithStoreError(std::string("unexpected error: ") + error.what());
        }
    }

    void runCell(store::Project& project, unsigned worker, const CellIndex& cell)
    {
        const ExperimentSpec& spec = m_runner.m_experiment.spec;
        model::Scenario scenario = m_variants[cell.point * spec.arms.size() + cell.arm];
        scenario.seed = spec.seeds[cell.seed];
        const store::ExperimentCell key = cellKey(spec, cell);
        m_inFlight[worker].store(0.0);
        {
            std::lock_guard lock(m_mutex);
            ++m_progress.running;
        }
        env::RunResult result;
        std::optional<store::RunId> runId;
        try {
            env::Simulation simulation(scenario, m_runner.m_registry, m_runner.modelsOf(cell.arm));
            ExperimentRunRecorder recorder(project, m_experiment, key);
            const sim::ProgressCallback onProgress = [this, worker](sim::SimTime now, sim::SimTime horizon, std::uint64_t) {
                m_inFlight[worker].store(horizon > 0 ? std::min(1.0, static_cast<double>(now) / static_cast<double>(horizon)) : 1.0);
                report(false);
            };
            result = simulation.run(recorder, &m_runner.m_control, onProgress);
            runId = recorder.runId();
        } catch (const env::SimulationSetupError& error) {
            result.status = sim::RunStatus::Failed;
            result.message = error.what();
        } catch (...) {
            finishCell(worker);
            throw; // store errors stop the experiment (Workers::work)
        }
        {
            std::lock_guard lock(m_mutex);
            if (result.status == sim::RunStatus::Completed) {
                ++completed;
            } else if (result.status == sim::RunStatus::Cancelled) {
                ++cancelled;
            } else {
                failures.push_back({key, runId, result.message});
                ++m_progress.failed;
            }
        }
        finishCell(worker);
        report(true);
    }

    void finishCell(unsigned worker)
    {
        m_inFlight[worker].store(-1.0);
        std::lock_guard lock(m_mutex);
        --m_progress.running;
        ++m_progress.finished;
    }

    void stopWithStoreError(const std::string& message)
    {
        {
            std::lock_guard lock(m_mutex);
            if (storeError.empty())
                storeError = message;
        }
        m_runner.m_control.cancel();
    }

    //! Calls the progress callback: always when `force`, otherwise at most every kProgressInterval.
    void report(bool force)
    {
        if (!m_runner.m_progress)
            return;
        const auto now = Clock::now();
        if (!force) {
            auto last = m_lastReport.load();
            if (now.time_since_epoch().count() - last < std::chrono::duration_cast<Clock::duration>(kProgressInterval).count())
                return;
            if (!m_lastReport.compare_exchange_strong(last, now.time_since_epoch().count()))
                return; // another worker reports now
        } else {
            m_lastReport.store(now.time_since_epoch().count());
        }
        std::lock_guard lock(m_mutex);
        ExperimentProgress progress = m_progress;
        double done = static_cast<double>(progress.finished);
        for (unsigned i = 0; i < m_threads; ++i) {
            const double inFlight = m_inFlight[i].load();
            if (inFlight > 0.0)
                done += inFlight;
        }
        progress.fraction = progress.toRun > 0 ? std::min(1.0, done / static_cast<double>(progress.toRun)) : 1.0;
        progress.elapsedSeconds = std::chrono::duration<double>(now - m_start).count();
        if (progress.fraction > 0.0)
            progress.etaSeconds = progress.elapsedSeconds * (1.0 - progress.fraction) / progress.fraction;
        m_runner.m_progress(progress);
    }

    ExperimentRunner& m_runner;
    store::ExperimentId m_experiment;
    std::vector<CellIndex> m_cells;
    const std::vector<model::Scenario>& m_variants;
    ExperimentProgress m_progress;
    unsigned m_threads;
    //! Per worker: the simulated-time fraction of its run in flight, or -1 when idle.
    std::unique_ptr<std::atomic<double>[]> m_inFlight;
    std::atomic<std::size_t> m_next{0};
    std::mutex m_mutex; //!< guards the outcome counters and m_progress, and serializes callbacks
    Clock::time_point m_start;
    std::atomic<Clock::rep> m_lastReport{0};
};

ExperimentRunner::ExperimentRunner(const Experiment& experiment, const policy::PluginRegistry& registry,
                                   std::string projectPath, ExperimentRunOptions options)
    : m_experiment(experiment)
    , m_registry(registry)
    , m_projectPath(std::move(projectPath))
    , m_options(std::move(options))
{
    for (const ArmSpec& arm : experiment.spec.arms) {
        env::PolicyModels models = m_options.models;
        if (const auto own = m_options.armModels.find(arm.name); own != m_options.armModels.end()) {
            for (const auto& [plugin, bytes] : own->second)
                models[plugin] = bytes;
        }
        m_armModels.push_back(std::move(models));
    }
}

const env::PolicyModels& ExperimentRunner::modelsOf(std::size_t arm) const
{
    return m_armModels.at(arm);
}

void ExperimentRunner::setProgressCallback(std::function<void(const ExperimentProgress&)> callback)
{
    m_progress = std::move(callback);
}

ExperimentOutcome ExperimentRunner::run()
{
    const ExperimentSpec& spec = m_experiment.spec;

    // 1. Every (sweep point, arm) must set up before anything is written.
    std::vector<model::Scenario> variants;
    variants.reserve(spec.pointCount() * spec.arms.size());
    for (std::size_t point = 0; point < spec.pointCount(); ++point) {
        for (std::size_t arm = 0; arm < spec.arms.size(); ++arm) {
            variants.push_back(armScenario(m_experiment, point, arm));
            const env::Simulation probe(variants.back(), m_registry, modelsOf(arm));
        }
    }

    // 2. The experiment in the project, and what it already holds. Opening throws StoreError
    //    (a file that is not a project); later write failures end up in the outcome.
    store::Project project = store::Project::open(m_projectPath);
    ExperimentOutcome outcome;
    try {
        runInProject(project, variants, outcome);
    } catch (const store::StoreError& error) {
        outcome.storeError = error.what();
        outcome.status = ExperimentOutcome::Status::Failed;
    }
    return outcome;
}

void ExperimentRunner::runInProject(store::Project& project, const std::vector<model::Scenario>& variants,
                                    ExperimentOutcome& outcome)
{
    const ExperimentSpec& spec = m_experiment.spec;
    store::ExperimentStore experiments(project);
    outcome.record = experiments.findOrCreate(experimentRecordOf(m_experiment));
    std::set<std::tuple<int, std::string, std::uint64_t, int>> done;
    for (const store::ExperimentCellRun& run : experiments.completedCells(outcome.record.id))
        done.insert(keyOf(run.cell));
    const bool selection = !m_options.cells.empty();
    std::vector<CellIndex> todo;
    for (const CellIndex& cell : selection ? m_options.cells : experimentCells(spec)) {
        if (done.count(keyOf(cellKey(spec, cell))) == 0)
            todo.push_back(cell);
    }
    outcome.totalCells = selection ? m_options.cells.size() : spec.cellCount();
    outcome.alreadyDone = outcome.totalCells - todo.size();

    // 3. The remaining cells on the worker pool.
    ExperimentProgress progress;
    progress.totalCells = outcome.totalCells;
    progress.alreadyDone = outcome.alreadyDone;
    progress.toRun = todo.size();
    if (!todo.empty() && !m_control.isCancelled()) {
        const unsigned threads = workerCount(m_options.jobs, todo.size());
        Workers workers(*this, outcome.record.id, std::move(todo), variants, progress, threads);
        workers.run();
        outcome.completed = workers.completed;
        outcome.cancelled = workers.cancelled;
        outcome.failures = std::move(workers.failures);
        outcome.storeError = std::move(workers.storeError);
    } else if (!todo.empty()) {
        outcome.status = ExperimentOutcome::Status::Cancelled;
        return;
    }

    if (!outcome.storeError.empty() || !outcome.failures.empty()) {
        outcome.status = ExperimentOutcome::Status::Failed;
        return;
    }
    if (outcome.alreadyDone + outcome.completed < outcome.totalCells) {
        outcome.status = ExperimentOutcome::Status::Cancelled;
        return;
    }

    if (selection) {
        outcome.status = ExperimentOutcome::Status::Completed; // the selected cells; nothing to compare
        return;
    }

    // 4. Every cell complete: compare the arms and store the comparison.
    const std::vector<store::ExperimentCellMetric> metrics = experiments.cellMetrics(outcome.record.id);
    outcome.results = compareArms(spec, metrics, m_options.comparison);
    outcome.missingMetrics = missingMetrics(spec, metrics);
    experiments.saveResults(outcome.record.id, outcome.results);
    outcome.record = *experiments.experiment(outcome.record.id);
    outcome.status = ExperimentOutcome::Status::Completed;
}

} // namespace orrery::experiment
