#include "env/simulation.h"

#include "analysis/sample_summary.h"
#include "env/job.h"
#include "env/placement_queue.h"
#include "model/cluster.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <variant>

namespace orrery::env {
namespace {

constexpr const char* kDefaultPlacementPlugin = "first-fit";

//! Time integral of an allocated quantity, so utilization means are exact rather than sampled.
struct AllocationIntegral {
    double area = 0.0; // quantity × seconds
    double current = 0.0;
    sim::SimTime since = 0;

    void update(sim::SimTime now, double value)
    {
        area += current * sim::toSeconds(now - since);
        current = value;
        since = now;
    }
};

double ratio(double part, double whole)
{
    return whole > 0.0 ? part / whole : 0.0;
}

} // namespace

//! The run's state and event handlers, hidden so the header stays light.
class Simulation::Impl final : public sim::EventHandler {
public:
    Impl(const model::Scenario& scenario, const policy::PluginRegistry& registry)
        : m_scenario(scenario)
        , m_cluster(scenario.cluster)
        , m_policyRng(scenario.seed, "policy/placement")
    {
        model::PolicyChoice choice;
        if (const auto it = scenario.policies.find("placement"); it != scenario.policies.end())
            choice = it->second;
        else {
            choice.plugin = kDefaultPlacementPlugin;
            choice.fieldPath = "spec.policies.placement";
        }
        const model::Diagnostics problems = registry.validate(choice, ORRERY_KIND_PLACEMENT);
        if (!problems.empty())
            throw SimulationSetupError(model::formatAll(problems));
        m_placementContext.rng = &m_policyRng;
        try {
            m_placement = registry.createPlacement(choice, m_placementContext);
        } catch (const std::exception& error) {
            throw SimulationSetupError(error.what());
        }
        m_placementDescription = choice.plugin + ' ' + m_placementContext.params.toString();
        m_queue = std::make_unique<PlacementQueue>(m_cluster, *m_placement, choice.plugin);

        for (const auto& workload : scenario.workloads) {
            const auto& batch = std::get<model::BatchJobsSpec>(workload);
            m_arrivalRngs.emplace_back(scenario.seed, "workload/" + batch.name + "/arrivals");
            m_workRngs.emplace_back(scenario.seed, "workload/" + batch.name + "/work");
            m_deviceModels.push_back(batch.deviceModel);
        }
        m_submitted.assign(scenario.workloads.size(), 0);
    }

    std::vector<std::pair<std::string, std::string>> policyDescriptions() const
    {
        return {{"placement", m_placementDescription}};
    }

    RunResult run(sim::RunRecorder& recorder, sim::RunControl* control, const sim::ProgressCallback& progress)
    {
        sim::RunInfo info;
        info.scenarioName = m_scenario.name;
        info.scenarioText = m_scenario.sourceText;
        info.seed = m_scenario.seed;
        info.horizon = m_scenario.horizon;
        info.policies = policyDescriptions();
        m_recorder = &recorder;
        recorder.beginRun(info);
        m_series = {recorder.defineSeries("cluster.cpu_allocated", "ratio"),
                    recorder.defineSeries("cluster.memory_allocated", "ratio"),
                    recorder.defineSeries("cluster.gpu_allocated", "ratio"),
                    recorder.defineSeries("jobs.pending", "jobs"),
                    recorder.defineSeries("jobs.running", "jobs")};

        m_arrivalKind = m_engine.registerHandler(*this);
        m_completionKind = m_engine.registerHandler(*this);
        m_sampleKind = m_engine.registerHandler(*this);
        for (std::uint32_t w = 0; w < m_scenario.workloads.size(); ++w)
            scheduleNextArrival(w);
        m_engine.schedule(0, m_sampleKind);

        RunResult result;
        try {
            const sim::RunOutcome outcome = m_engine.run(m_scenario.horizon, control, progress);
            result.status = outcome == sim::RunOutcome::Cancelled ? sim::RunStatus::Cancelled : sim::RunStatus::Completed;
            if (outcome == sim::RunOutcome::Cancelled)
                result.message = "cancelled at simulated time " + std::to_string(sim::toSeconds(m_engine.now())) + " s";
        } catch (const std::exception& error) {
            result.status = sim::RunStatus::Failed;
            result.message = error.what();
        }
        result.events = m_engine.eventsProcessed();
        if (result.status == sim::RunStatus::Completed) {
            result.metrics = collectMetrics();
            for (const auto& metric : result.metrics)
                recorder.recordMetric(metric.name, metric.value, metric.unit);
        }
        recorder.endRun(result.status, result.message);
        return result;
    }

    void handleEvent(const sim::Event& event, sim::Engine& engine) override
    {
        if (event.kind == m_arrivalKind)
            onArrival(event.target, engine.now());
        else if (event.kind == m_completionKind)
            onCompletion(event.payload, engine.now());
        else
            onSample(engine.now());
    }

private:
    const model::BatchJobsSpec& batch(std::uint32_t workload) const
    {
        return std::get<model::BatchJobsSpec>(m_scenario.workloads[workload]);
    }

    void scheduleNextArrival(std::uint32_t workload)
    {
        const auto& spec = batch(workload);
        if (spec.maxJobs > 0 && m_submitted[workload] >= spec.maxJobs)
            return;
        const double gapSeconds = m_arrivalRngs[workload].exponential(1.0 / spec.arrivalsPerSecond);
        const sim::SimTime at = m_engine.now() + std::max<sim::SimTime>(1, sim::fromSeconds(gapSeconds));
        if (at <= m_scenario.horizon)
            m_engine.schedule(at, m_arrivalKind, workload);
    }

    void onArrival(std::uint32_t workload, sim::SimTime now)
    {
        const auto& spec = batch(workload);
        Job job;
        job.id = m_jobs.size();
        job.workload = workload;
        job.request = spec.request;
        job.duration = spec.duration.sample(m_workRngs[workload]);
        job.submittedAt = now;
        m_jobs.push_back(job);
        ++m_submitted[workload];
        m_queue->enqueue(job.id);
        scheduleNextArrival(workload);
        schedule(now);
    }

    void onCompletion(std::uint64_t jobId, sim::SimTime now)
    {
        Job& job = m_jobs[jobId];
        job.finishedAt = now;
        m_cluster.release(job.node, job.request);
        --m_running;
        ++m_completed;
        m_lastCompletion = now;
        updateIntegrals(now);
        m_queue->markCapacityFreed();
        schedule(now);
    }

    void schedule(sim::SimTime now)
    {
        if (m_queue->pendingCount() == 0)
            return;
        bool started = false;
        m_queue->schedulePending(m_jobs, m_deviceModels, now, [&](Job& job) {
            ++m_running;
            started = true;
            m_engine.schedule(now + job.duration, m_completionKind, 0, job.id);
        });
        if (started)
            updateIntegrals(now);
    }

    void updateIntegrals(sim::SimTime now)
    {
        const model::Resources allocated = m_cluster.totalAllocated();
        m_cpu.update(now, static_cast<double>(allocated.millicores));
        m_memory.update(now, static_cast<double>(allocated.memoryBytes));
        m_gpu.update(now, allocated.deviceCount(model::DeviceKind::Gpu));
    }

    void onSample(sim::SimTime now)
    {
        const model::Resources capacity = m_cluster.totalCapacity();
        const model::Resources allocated = m_cluster.totalAllocated();
        m_recorder->recordSample(m_series[0], now, ratio(allocated.millicores, capacity.millicores));
        m_recorder->recordSample(m_series[1], now, ratio(allocated.memoryBytes, capacity.memoryBytes));
        m_recorder->recordSample(m_series[2], now, ratio(allocated.deviceCount(model::DeviceKind::Gpu),
                                                         capacity.deviceCount(model::DeviceKind::Gpu)));
        m_recorder->recordSample(m_series[3], now, static_cast<double>(m_queue->pendingCount()));
        m_recorder->recordSample(m_series[4], now, static_cast<double>(m_running));
        if (now + m_scenario.samplePeriod <= m_scenario.horizon)
            m_engine.schedule(now + m_scenario.samplePeriod, m_sampleKind);
    }

    RunMetrics collectMetrics()
    {
        const sim::SimTime horizon = m_scenario.horizon;
        updateIntegrals(horizon);
        std::vector<double> waits;
        std::vector<double> completionTimes;
        for (const Job& job : m_jobs) {
            if (job.startedAt >= 0)
                waits.push_back(sim::toSeconds(job.startedAt - job.submittedAt));
            if (job.finishedAt >= 0)
                completionTimes.push_back(sim::toSeconds(job.finishedAt - job.submittedAt));
        }
        const analysis::SampleSummary wait = analysis::summarize(std::move(waits));
        const analysis::SampleSummary jct = analysis::summarize(std::move(completionTimes));
        const model::Resources capacity = m_cluster.totalCapacity();
        const double horizonSeconds = sim::toSeconds(horizon);

        RunMetrics metrics;
        auto add = [&](std::string name, double value, std::string unit) {
            metrics.push_back(RunMetric{std::move(name), value, std::move(unit)});
        };
        add("jobs.submitted", static_cast<double>(m_jobs.size()), "jobs");
        add("jobs.completed", static_cast<double>(m_completed), "jobs");
        add("jobs.running_at_end", static_cast<double>(m_running), "jobs");
        add("jobs.pending_at_end", static_cast<double>(m_queue->pendingCount()), "jobs");
        add("job.wait.mean", wait.mean, "s");
        add("job.wait.p50", wait.p50, "s");
        add("job.wait.p99", wait.p99, "s");
        add("job.completion_time.mean", jct.mean, "s");
        add("job.completion_time.p50", jct.p50, "s");
        add("job.completion_time.p90", jct.p90, "s");
        add("job.completion_time.p99", jct.p99, "s");
        add("makespan", sim::toSeconds(m_lastCompletion), "s");
        add("cluster.cpu_allocated.mean", ratio(m_cpu.area, capacity.millicores * horizonSeconds), "ratio");
        add("cluster.memory_allocated.mean", ratio(m_memory.area, capacity.memoryBytes * horizonSeconds), "ratio");
        add("cluster.gpu_allocated.mean",
            ratio(m_gpu.area, capacity.deviceCount(model::DeviceKind::Gpu) * horizonSeconds), "ratio");
        add("cost", m_cluster.pricePerHourUsd() * horizonSeconds / 3600.0, "USD");
        add("placement.decisions", static_cast<double>(m_queue->decisions()), "decisions");
        add("sim.events", static_cast<double>(m_engine.eventsProcessed()), "events");
        return metrics;
    }

    const model::Scenario& m_scenario;
    sim::RunRecorder* m_recorder = nullptr;
    model::Cluster m_cluster;
    sim::Engine m_engine;
    sim::RngStream m_policyRng;
    policy::PolicyContext m_placementContext;
    policy::PlacementPolicyPtr m_placement;
    std::string m_placementDescription;
    std::unique_ptr<PlacementQueue> m_queue;
    std::vector<sim::RngStream> m_arrivalRngs;
    std::vector<sim::RngStream> m_workRngs;
    std::vector<std::string> m_deviceModels;
    std::vector<std::int64_t> m_submitted;
    std::vector<Job> m_jobs;
    std::vector<sim::SeriesId> m_series;
    sim::EventKind m_arrivalKind = 0;
    sim::EventKind m_completionKind = 0;
    sim::EventKind m_sampleKind = 0;
    std::int64_t m_running = 0;
    std::int64_t m_completed = 0;
    sim::SimTime m_lastCompletion = 0;
    AllocationIntegral m_cpu;
    AllocationIntegral m_memory;
    AllocationIntegral m_gpu;
};

Simulation::Simulation(const model::Scenario& scenario, const policy::PluginRegistry& registry)
    : m_impl(std::make_unique<Impl>(scenario, registry))
{
}

Simulation::~Simulation() = default;

RunResult Simulation::run(sim::RunRecorder& recorder, sim::RunControl* control, const sim::ProgressCallback& progress)
{
    return m_impl->run(recorder, control, progress);
}

std::vector<std::pair<std::string, std::string>> Simulation::policyDescriptions() const
{
    return m_impl->policyDescriptions();
}

} // namespace orrery::env
