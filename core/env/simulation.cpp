#include "env/simulation.h"

#include "analysis/sample_summary.h"
#include "env/contended_work.h"
#include "env/gpu_share_annotations.h"
#include "env/node_contention.h"
#include "env/placement_queue.h"
#include "env/task_state.h"
#include "env/workload_generator_factory.h"
#include "env/workload_kind_runtimes.h"
#include "model/cluster.h"
#include "model/shared_gpus.h"
#include "policy/plugin_descriptor_check.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <type_traits>
#include <variant>
#include <cmath>
#include <map>

namespace orrery::env {
namespace {

//! What the run is made of, stored with it so the window and the reports know which views a
//! run has without reading its scenario again (docs/architecture.md §8): one `run.workload`
//! annotation per workload, target "<kind>/<name>".
void recordRunStructure(const model::Scenario& scenario, sim::RunRecorder& recorder)
{
    for (const model::WorkloadSpec& workload : scenario.workloads) {
        const std::string target = std::visit(
            [](const auto& spec) -> std::string {
                using Spec = std::decay_t<decltype(spec)>;
                if constexpr (std::is_same_v<Spec, model::BatchJobsSpec>)
                    return "BatchJobs/" + spec.name;
                else
                    return spec.spec->kind + "/" + spec.name;
            },
            workload);
        recorder.recordAnnotation({0, 0, std::string(kRunWorkloadAnnotation), target, 0});
    }
}


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

//! The per-unit queue's policy when `policies.placement` is a batch policy: such runs have no
//! per-unit workloads (checked), so it is never asked; were it asked, it would defer.
class DeferAllPlacement final : public policy::PlacementPolicy {
public:
    policy::PlacementDecision place(const policy::PendingUnit&, const policy::ClusterView&) override { return {}; }
};

} // namespace

//! The run's state and event handlers, hidden so the header stays light.
class Simulation::Impl final : public sim::EventHandler, public WorkCompletionListener {
public:
    Impl(const model::Scenario& scenario, const policy::PluginRegistry& registry, const PolicyModels& models)
        : m_scenario(scenario)
        , m_cluster(scenario.cluster)
        , m_policyRng(scenario.seed, "policy/placement")
        , m_contention(makeNodeContention(m_cluster, scenario))
    {
        m_contention->publishTo(m_cluster); // placement policies read node pressure (ClusterView)
        model::PolicyChoice choice;
        if (const auto it = scenario.policies.find("placement"); it != scenario.policies.end())
            choice = it->second;
        else {
            choice.plugin = kDefaultPlacementPlugin;
            choice.fieldPath = "spec.policies.placement";
        }
        const model::Diagnostics problems = registry.validate(choice, ORRERY_KIND_PLACEMENT | ORRERY_KIND_BATCH_PLACEMENT);
        if (!problems.empty())
            throw SimulationSetupError(model::formatAll(problems));
        // A plugin that provides per-unit placement serves every workload; a batch-only one
        // (TetriSched) serves only the kinds that plan jobs in batches.
        const bool batch = (registry.find(choice.plugin)->kinds & ORRERY_KIND_PLACEMENT) == 0;
        m_placementContext.rng = &m_policyRng;
        if (const auto model = models.find(choice.plugin); model != models.end()) {
            m_placementContext.model = &model->second;
            m_modelsUsed.emplace_back(choice.plugin, model->second);
        }
        try {
            if (batch)
                m_batchPlacement = registry.createBatchPlacement(choice, m_placementContext);
            else
                m_placement = registry.createPlacement(choice, m_placementContext);
        } catch (const std::exception& error) {
            throw SimulationSetupError(error.what());
        }
        m_placementDescription = choice.plugin + ' ' + m_placementContext.params.toString();
        m_placementCompat = registry.find(choice.plugin)->compatVersion;
        m_queue = std::make_unique<PlacementQueue>(m_cluster, m_placement ? *m_placement : static_cast<policy::PlacementPolicy&>(m_deferAll),
                                                   choice.plugin, scenario.decisionCost);
        // GPUs shared by fraction: a ledger of every GPU, when some batch jobs ask for a share.
        const bool sharesGpus = std::any_of(scenario.workloads.begin(), scenario.workloads.end(), [](const auto& workload) {
            const auto* jobs = std::get_if<model::BatchJobsSpec>(&workload);
            return jobs && jobs->sharedGpuMilli > 0;
        });
        if (sharesGpus) {
            m_sharedGpus = std::make_unique<model::SharedGpus>(m_cluster);
            m_queue->useSharedGpus(*m_sharedGpus, !batch && policy::writtenForMinor(registry.find(choice.plugin)->compatVersion, 6));
        }
        for (const auto& workload : scenario.workloads)
            m_generators.push_back(makeWorkloadGenerator(workload, scenario.seed));
        for (const auto& workload : scenario.workloads) {
            const auto* kind = std::get_if<model::KindWorkload>(&workload);
            if (!kind)
                continue;
            const WorkloadKindRuntime* runtime = findWorkloadKindRuntime(kind->spec->kind);
            if (runtime && runtime->makeGenerator)
                continue; // its jobs come from its generator (m_generators)
            if (!runtime || !runtime->makeRuntime)
                throw SimulationSetupError("workload '" + kind->name + "': kind " + kind->spec->kind + " cannot be simulated (not registered)");
            try {
                m_kindRuntimes.push_back(runtime->makeRuntime(*kind->spec, scenario, m_cluster, *m_contention));
            } catch (const std::exception& error) {
                throw SimulationSetupError(error.what());
            }
        }
        attachPlacement(choice);
        if (const auto it = scenario.policies.find("queue"); it != scenario.policies.end())
            attachQueue(it->second, registry);
        if (const auto it = scenario.policies.find("control"); it != scenario.policies.end())
            createControl(it->second, registry, models);
    }

    // `policies.queue`: the kinds that queue requests order them with it.
    void attachQueue(const model::PolicyChoice& choice, const policy::PluginRegistry& registry)
    {
        m_queueContext.rng = &m_policyRng;
        try {
            m_queuePolicy = registry.createQueue(choice, m_queueContext);
        } catch (const std::exception& error) {
            throw SimulationSetupError(error.what());
        }
        bool accepted = false;
        for (auto& runtime : m_kindRuntimes)
            accepted = runtime->attachQueue(*m_queuePolicy) || accepted;
        if (!accepted)
            throw SimulationSetupError(choice.fieldPath + ".plugin: '" + choice.plugin
                                       + "' is a queue policy, but no workload of this scenario queues requests (kind model-serving)");
    }

    // `policies.placement` reaches the kinds that place their own work; a batch policy needs one
    // that accepts it and no per-unit workload beside it.
    void attachPlacement(const model::PolicyChoice& choice)
    {
        if (m_batchPlacement) {
            const bool perUnit = std::any_of(m_generators.begin(), m_generators.end(), [](const auto& generator) { return generator != nullptr; });
            if (perUnit)
                throw SimulationSetupError(choice.fieldPath + ".plugin: '" + choice.plugin
                                           + "' is a batch placement policy; this scenario has workloads placed one unit at a time");
        }
        bool batchAccepted = false;
        for (auto& runtime : m_kindRuntimes) {
            if (m_placement)
                runtime->attachPlacement(*m_placement, m_placementCompat);
            else if (runtime->attachBatchPlacement(*m_batchPlacement))
                batchAccepted = true;
        }
        if (m_batchPlacement && !batchAccepted)
            throw SimulationSetupError(choice.fieldPath + ".plugin: '" + choice.plugin
                                       + "' is a batch placement policy, but no workload of this scenario plans jobs in batches (kind strl-jobs)");
    }

    // `policies.control`: a ControlPolicy called every control period by the first workload whose
    // kind accepts one (docs/model.md, "Control").
    void createControl(const model::PolicyChoice& choice, const policy::PluginRegistry& registry, const PolicyModels& models)
    {
        if (m_kindRuntimes.empty())
            throw SimulationSetupError(choice.fieldPath + ": a control policy needs a workload to control (Microservices or a kind that accepts control)");
        const model::Diagnostics problems = registry.validate(choice, ORRERY_KIND_CONTROL);
        if (!problems.empty())
            throw SimulationSetupError(model::formatAll(problems));
        m_controlContext.rng = &m_controlRng;
        if (const auto model = models.find(choice.plugin); model != models.end()) {
            m_controlContext.model = &model->second;
            m_modelsUsed.emplace_back(choice.plugin, model->second);
        }
        try {
            m_control = registry.createControl(choice, m_controlContext);
        } catch (const std::exception& error) {
            throw SimulationSetupError(error.what());
        }
        m_controlDescription = choice.plugin + ' ' + m_controlContext.params.toString();
        for (auto& runtime : m_kindRuntimes) {
            if (runtime->attachControl(*m_control))
                return;
        }
        throw SimulationSetupError(choice.fieldPath + ": no workload of this scenario accepts a control policy");
    }

    void setSpanSink(trace::SpanSink* sink) { m_spanSink = sink; }

    void setSampleSink(std::function<void(const policy::PlacementSample&)> sink) { m_sampleSink = std::move(sink); }

    std::vector<std::pair<std::string, std::string>> policyDescriptions() const
    {
        if (m_control)
            return {{"placement", m_placementDescription}, {"control", m_controlDescription}};
        return {{"placement", m_placementDescription}};
    }

    RunResult run(sim::RunRecorder& recorder, sim::RunControl* control, const sim::ProgressCallback& progress)
    {
        if (m_started)
            throw std::logic_error("Simulation::run: a simulation runs once");
        m_started = true;
        m_recorder = &recorder;
        sim::RunInfo info;
        info.scenarioName = m_scenario.name;
        info.scenarioText = m_scenario.sourceText;
        info.seed = m_scenario.seed;
        info.horizon = m_scenario.horizon;
        info.policies = policyDescriptions();
        info.models = m_modelsUsed;
        recorder.beginRun(info);
        recordRunStructure(m_scenario, recorder);
        m_series = {recorder.defineSeries("cluster.cpu_allocated", "ratio"),
                    recorder.defineSeries("cluster.memory_allocated", "ratio"),
                    recorder.defineSeries("cluster.gpu_allocated", "ratio"),
                    recorder.defineSeries("jobs.pending", "tasks"),
                    recorder.defineSeries("jobs.running", "tasks"),
                    recorder.defineSeries("cluster.cpu_pressure.max", "ratio"),
                    recorder.defineSeries("cluster.memory_bandwidth_pressure.max", "ratio")};
        if (m_sharedGpus) // GPUs shared by fraction: how much of them is held, not only how many
            m_series.push_back(recorder.defineSeries("cluster.gpu_milli_allocated", "ratio"));

        m_arrivalKind = m_engine.registerHandler(*this);
        m_completionKind = m_engine.registerHandler(*this);
        m_contendedWork = std::make_unique<ContendedWork>(*m_contention, m_engine, *this);
        m_sampleKind = m_engine.registerHandler(*this);
        for (std::uint32_t w = 0; w < m_generators.size(); ++w)
            scheduleNextArrival(w);
        m_engine.schedule(0, m_sampleKind);
        for (auto& runtime : m_kindRuntimes) {
            runtime->setSpanSink(m_spanSink);
            runtime->start(m_engine, recorder);
        }

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
            for (auto& runtime : m_kindRuntimes)
                runtime->finish(&result.metrics);
            for (const auto& metric : result.metrics)
                recorder.recordMetric(metric.name, metric.value, metric.unit);
            if (m_sharedGpus) {
                for (const sim::RunAnnotation& annotation : gpuShareAnnotations(m_peakGpus, m_peakGpuTime))
                    recorder.recordAnnotation(annotation);
            }
        }
        if (result.status != sim::RunStatus::Completed) {
            for (auto& runtime : m_kindRuntimes)
                runtime->finish(nullptr); // delivers what was recorded so far (traces)
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
    void scheduleNextArrival(std::uint32_t workload)
    {
        if (!m_generators[workload])
            return;
        const auto at = m_generators[workload]->nextArrival(m_engine.now());
        if (at && *at <= m_scenario.horizon)
            m_engine.schedule(*at, m_arrivalKind, workload);
    }

    std::uint32_t jobClassIndex(const std::string& name)
    {
        const auto it = std::find(m_jobClasses.begin(), m_jobClasses.end(), name);
        if (it != m_jobClasses.end())
            return static_cast<std::uint32_t>(it - m_jobClasses.begin());
        m_jobClasses.push_back(name);
        return static_cast<std::uint32_t>(m_jobClasses.size() - 1);
    }

    void onArrival(std::uint32_t workload, sim::SimTime now)
    {
        JobSpec& spec = m_jobScratch;
        m_generators[workload]->makeJobInto(now, spec);
        JobState job;
        job.workload = workload;
        job.taskCount = static_cast<std::uint32_t>(spec.tasks.size());
        job.firstTask = takeTaskSlots(job.taskCount);
        job.unfinishedTasks = job.taskCount;
        job.arrivedAt = now;
        job.jobClass = jobClassIndex(spec.jobClass);
        const std::uint64_t jobId = m_jobs.size();
        m_jobs.push_back(job);
        for (std::uint32_t i = 0; i < job.taskCount; ++i) {
            TaskState& task = m_tasks[job.firstTask + i];
            static_cast<TaskRuntime&>(task) = TaskRuntime{};
            task.spec = std::move(spec.tasks[i]);
            task.spec.unit.id = m_nextTaskId++; // unique over the run, whichever slot holds it
            task.job = jobId;
            task.indexInJob = i;
            if (task.spec.parent < 0)
                makeReady(task, now);
        }
        scheduleNextArrival(workload);
        schedule(now);
    }

    //! `count` contiguous slots of the task table: those of a finished job of that size when
    //! there is one, else new ones at its end. A run's table so holds the tasks alive at once,
    //! not every task it ever had (docs/performance.md, "Placement").
    std::uint64_t takeTaskSlots(std::uint32_t count)
    {
        if (count < m_freeTaskBlocks.size() && !m_freeTaskBlocks[count].empty()) {
            const std::uint64_t first = m_freeTaskBlocks[count].back();
            m_freeTaskBlocks[count].pop_back();
            return first;
        }
        const std::uint64_t first = m_tasks.size();
        m_tasks.resize(m_tasks.size() + count);
        return first;
    }

    //! The table index of a task (its job's block, in job order).
    std::uint64_t slotOf(const TaskState& task) const { return m_jobs[task.job].firstTask + task.indexInJob; }

    void makeReady(TaskState& task, sim::SimTime now)
    {
        task.readyAt = now;
        task.spec.unit.submittedAt = now;
        m_queue->enqueue(slotOf(task));
    }

    void onCompletion(std::uint64_t slot, sim::SimTime now)
    {
        TaskState& task = m_tasks[slot];
        task.finishedAt = now;
        if (m_sharedGpus) {
            const model::GpuRequest gpus = task.spec.sharedGpuMilli > 0
                ? model::GpuRequest{0, task.spec.sharedGpuMilli}
                : model::GpuRequest{task.held.deviceCount(model::DeviceKind::Gpu), 0};
            m_sharedGpus->release(task.node, task.held, gpus, task.gpu);
        } else {
            m_cluster.release(task.node, task.held);
        }
        if (task.contended) {
            // How much contention stretched it: its time over its work at speed 1.
            const auto work = static_cast<double>(task.spec.durationOn[static_cast<int>(task.compute)]);
            if (work > 0.0) {
                m_stretchSum += static_cast<double>(now - task.startedAt) / work;
                ++m_stretchCount;
            }
            task.contended = false; // ContendedWork already took it off its node's contention
        }
        --m_running;
        if (m_sampleSink)
            m_sampleSink(sampleOf(task));
        JobState& job = m_jobs[task.job];
        // Children wait for their parent; jobs are small trees, so a scan of the job is cheapest.
        for (std::uint32_t i = 0; i < job.taskCount; ++i) {
            TaskState& other = m_tasks[job.firstTask + i];
            if (other.spec.parent == static_cast<int>(task.indexInJob))
                makeReady(other, now);
        }
        if (--job.unfinishedTasks == 0) {
            job.finishedAt = now;
            m_lastCompletion = now;
            // Every task of the job is done: its slots serve the next job of its size. (`task`
            // stays valid until then: only an arrival takes slots.)
            if (job.taskCount >= m_freeTaskBlocks.size())
                m_freeTaskBlocks.resize(job.taskCount + 1);
            m_freeTaskBlocks[job.taskCount].push_back(job.firstTask);
        }
        updateIntegrals(now);
        m_queue->markCapacityFreed();
        schedule(now);
        // After the tasks the freed capacity admits joined: one recomputation of the node.
        m_contendedWork->flush(now);
    }

    void workCompleted(std::uint64_t slot, sim::SimTime now) override { onCompletion(slot, now); }

    policy::PlacementSample sampleOf(const TaskState& task) const
    {
        policy::PlacementSample sample;
        sample.service = task.spec.unit.service;
        sample.dependsOn = task.spec.unit.dependsOn;
        sample.request = task.spec.unit.request;
        sample.diskBytes = task.spec.unit.diskBytes;
        sample.compute = task.compute;
        if (const auto device = model::deviceOf(task.compute)) {
            for (const auto& spec : m_cluster.poolOf(task.node).devices) {
                if (spec.kind == *device) {
                    sample.deviceModel = spec.model;
                    break;
                }
            }
        }
        sample.latencySeconds = sim::toSeconds(task.finishedAt - task.startedAt);
        sample.nodeCpuUtilization = task.placedCpuPressure;
        sample.nodeMemoryBandwidthUtilization = task.placedMemoryPressure;
        return sample;
    }

    void schedule(sim::SimTime now)
    {
        if (m_queue->pendingCount() == 0)
            return;
        // Two pointers, so the callback fits std::function's inline buffer: no allocation per call.
        struct Round {
            bool started = false;
            sim::SimTime now = 0;
        } round{false, now};
        m_queue->schedulePending(m_tasks, now, [this, &round](TaskState& task, sim::SimTime startAt) {
            ++m_running;
            ++m_tasksOn[static_cast<int>(task.compute)];
            round.started = true;
            task.startedAt = startAt;
            m_waits.push_back(sim::toSeconds(startAt - task.readyAt));
            const sim::SimTime work = task.spec.durationOn[static_cast<int>(task.compute)];
            const auto& pressure = m_cluster.pressure(task.node); // what the policy saw
            task.placedCpuPressure = pressure[static_cast<std::size_t>(model::ContendedResource::Cpu)];
            task.placedMemoryPressure = pressure[static_cast<std::size_t>(model::ContendedResource::MemoryBandwidth)];
            if (m_contention->spec().enabled && task.spec.demand.any()) {
                becomeResident(task, startAt, work, round.now); // ContendedWork schedules its completion
            } else {
                m_engine.schedule(startAt + work, m_completionKind, 0, slotOf(task));
            }
        });
        if (round.started) {
            updateIntegrals(now);
            m_contendedWork->flush(now);
        }
    }

    // A task that demands shared resources joins its node's contention for as long as it runs
    // (it counts from its decision, which precedes its start by the modelled decision cost).
    void becomeResident(TaskState& task, sim::SimTime startAt, sim::SimTime work, sim::SimTime now)
    {
        const double cores = static_cast<double>(task.held.millicores) / 1000.0;
        const model::ResourceDemand& demand = task.spec.demand;
        // On an accelerator the work runs on the device: host contention does not stretch it.
        model::ResourceSensitivity sensitivity = task.spec.sensitivity;
        if (task.compute != model::ComputeKind::Cpu)
            sensitivity.value = {0, 0, 0, 0, 0, 1};
        m_contendedWork->start(task.node, sensitivity, {cores, 0, 0, 0, 0, 0},
                               {cores, cores * demand.memoryBandwidthPerCore, demand.llcWays, cores * demand.diskPerCore,
                                cores * demand.networkPerCore, 0.0},
                               static_cast<double>(work), startAt, now, slotOf(task));
        task.contended = true;
    }

    void updateIntegrals(sim::SimTime now)
    {
        const model::Resources allocated = m_cluster.totalAllocated();
        m_cpu.update(now, static_cast<double>(allocated.millicores));
        m_memory.update(now, static_cast<double>(allocated.memoryBytes));
        m_gpu.update(now, allocated.deviceCount(model::DeviceKind::Gpu));
    }

    //! Records how much of the GPUs is held and keeps each GPU's state at the sample where most
    //! was held: the run's annotations show it (env/gpu_share_annotations.h), so the Cluster view
    //! shows the fragments at peak allocation, not the idle cluster the run ends with.
    void sampleSharedGpus(sim::SimTime now)
    {
        const std::int64_t held = m_sharedGpus->milliAllocated();
        m_recorder->recordSample(m_series[7], now, ratio(static_cast<double>(held), static_cast<double>(m_sharedGpus->milliCapacity())));
        if (held <= m_peakGpuMilli && !m_peakGpus.empty())
            return;
        m_peakGpuMilli = held;
        m_peakGpuTime = now;
        m_peakGpus.clear();
        for (std::uint32_t node = 0; node < m_cluster.nodes().size(); ++node) {
            const std::span<const model::GpuShare> gpus = m_sharedGpus->gpusOf(node);
            if (!gpus.empty())
                m_peakGpus.emplace_back(m_cluster.nodes()[node].name, std::vector<model::GpuShare>(gpus.begin(), gpus.end()));
        }
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
        // The most contended node now (docs/model.md, "Contention"): what packing does.
        double cpu = 0.0;
        double memory = 0.0;
        for (std::uint32_t node = 0; node < m_contention->nodeCount(); ++node) {
            cpu = std::max(cpu, m_contention->utilization(node)[static_cast<std::size_t>(model::ContendedResource::Cpu)]);
            memory = std::max(memory, m_contention->utilization(node)[static_cast<std::size_t>(model::ContendedResource::MemoryBandwidth)]);
        }
        m_recorder->recordSample(m_series[5], now, cpu);
        m_recorder->recordSample(m_series[6], now, memory);
        if (m_sharedGpus)
            sampleSharedGpus(now);
        if (now + m_scenario.samplePeriod <= m_scenario.horizon)
            m_engine.schedule(now + m_scenario.samplePeriod, m_sampleKind);
    }

    RunMetrics collectMetrics()
    {
        const sim::SimTime horizon = m_scenario.horizon;
        updateIntegrals(horizon);
        RunMetrics metrics;
        auto add = [&](std::string name, double value, std::string unit) {
            metrics.push_back(RunMetric{std::move(name), value, std::move(unit)});
        };

        std::vector<double> latencies;
        std::map<std::uint32_t, std::vector<double>> latenciesByClass;
        std::int64_t completedJobs = 0;
        for (const JobState& job : m_jobs) {
            if (job.finishedAt < 0)
                continue;
            ++completedJobs;
            const double latency = sim::toSeconds(job.finishedAt - job.arrivedAt);
            latencies.push_back(latency);
            latenciesByClass[job.jobClass].push_back(latency);
        }
        // In start order, not task order: summarize() sums sorted, so the order does not matter.
        const analysis::SampleSummary wait = analysis::summarize(m_waits);
        const analysis::SampleSummary jct = analysis::summarize(std::move(latencies));
        const std::int64_t pending = static_cast<std::int64_t>(m_queue->pendingCount());

        add("jobs.submitted", static_cast<double>(m_jobs.size()), "jobs");
        add("jobs.completed", static_cast<double>(completedJobs), "jobs");
        add("tasks.running_at_end", static_cast<double>(m_running), "tasks");
        add("tasks.pending_at_end", static_cast<double>(pending), "tasks");
        add("job.wait.mean", wait.mean, "s");
        add("job.wait.p50", wait.p50, "s");
        add("job.wait.p99", wait.p99, "s");
        add("job.completion_time.mean", jct.mean, "s");
        add("job.completion_time.p50", jct.p50, "s");
        add("job.completion_time.p90", jct.p90, "s");
        add("job.completion_time.p99", jct.p99, "s");
        if (m_jobClasses.size() > 1) {
            for (auto& [classIndex, values] : latenciesByClass) {
                const analysis::SampleSummary summary = analysis::summarize(std::move(values));
                const std::string prefix = "job." + m_jobClasses[classIndex] + ".completion_time.";
                add(prefix + "mean", summary.mean, "s");
                add(prefix + "p99", summary.p99, "s");
            }
        }
        add("makespan", sim::toSeconds(m_lastCompletion), "s");

        const model::Resources capacity = m_cluster.totalCapacity();
        const double horizonSeconds = sim::toSeconds(horizon);
        add("cluster.cpu_allocated.mean", ratio(m_cpu.area, capacity.millicores * horizonSeconds), "ratio");
        add("cluster.memory_allocated.mean", ratio(m_memory.area, capacity.memoryBytes * horizonSeconds), "ratio");
        add("cluster.gpu_allocated.mean",
            ratio(m_gpu.area, capacity.deviceCount(model::DeviceKind::Gpu) * horizonSeconds), "ratio");
        if (m_sharedGpus)
            add("cluster.gpu_milli_allocated.peak",
                ratio(static_cast<double>(m_peakGpuMilli), static_cast<double>(m_sharedGpus->milliCapacity())), "ratio");
        add("cost", m_cluster.pricePerHourUsd() * horizonSeconds / 3600.0, "USD");
        if (m_nextTaskId != m_jobs.size()) { // multi-task jobs: say where tasks ran
            for (int kind = 0; kind < model::kComputeKindCount; ++kind) {
                add(std::string("tasks.on_") + model::toString(static_cast<model::ComputeKind>(kind)),
                    static_cast<double>(m_tasksOn[kind]), "tasks");
            }
        }
        add("placement.decisions", static_cast<double>(m_queue->decisions()), "decisions");
        if (m_scenario.decisionCost.mode != model::DecisionCostSpec::Mode::None)
            add("placement.decision_time", sim::toSeconds(m_queue->decisionTime()), "s");
        add("sim.events", static_cast<double>(m_engine.eventsProcessed()), "events");
        if (m_stretchCount > 0)
            add("tasks.contention_stretch.mean", m_stretchSum / static_cast<double>(m_stretchCount), "factor");
        return metrics;
    }

    const model::Scenario& m_scenario;
    sim::RunRecorder* m_recorder = nullptr;
    model::Cluster m_cluster;
    sim::Engine m_engine;
    sim::RngStream m_policyRng;
    std::unique_ptr<NodeContention> m_contention; // before the workload simulators that hold residents
    policy::PolicyContext m_placementContext;
    policy::PlacementPolicyPtr m_placement;
    policy::BatchPlacementPolicyPtr m_batchPlacement; //!< instead of m_placement when the plugin is batch-only
    policy::PolicyContext m_queueContext;
    policy::QueuePolicyPtr m_queuePolicy;            //!< `policies.queue`, when given
    DeferAllPlacement m_deferAll;
    std::string m_placementDescription;
    std::string m_placementCompat; //!< the placement plugin's compatVersion
    //! The trained models the policies were given (they live in the caller's PolicyModels).
    std::vector<std::pair<std::string, std::span<const std::uint8_t>>> m_modelsUsed;
    std::unique_ptr<PlacementQueue> m_queue;
    std::unique_ptr<model::SharedGpus> m_sharedGpus; //!< only when some batch jobs share GPUs
    //! Every GPU node's GPUs at the sample with the most milli-GPU held (sampleSharedGpus).
    std::vector<std::pair<std::string, std::vector<model::GpuShare>>> m_peakGpus;
    std::int64_t m_peakGpuMilli = 0;
    sim::SimTime m_peakGpuTime = 0;
    std::vector<std::unique_ptr<WorkloadGenerator>> m_generators; // nullptr for workloads with a KindRuntime
    sim::RngStream m_controlRng{m_scenario.seed, "policy/control"};
    policy::PolicyContext m_controlContext;
    policy::ControlPolicyPtr m_control;
    std::string m_controlDescription;
    std::vector<std::unique_ptr<KindRuntime>> m_kindRuntimes; // after m_control: destroyed before the policy they call
    trace::SpanSink* m_spanSink = nullptr;
    std::function<void(const policy::PlacementSample&)> m_sampleSink;
    std::vector<JobState> m_jobs;
    std::unique_ptr<ContendedWork> m_contendedWork; // tasks that demand shared resources, while they run
    double m_stretchSum = 0.0;                  // Σ (run time / work) of completed contending tasks
    std::int64_t m_stretchCount = 0;
    TaskTable m_tasks;                                       //!< the tasks alive, by slot (takeTaskSlots)
    std::vector<std::vector<std::uint64_t>> m_freeTaskBlocks; //!< by job size: first slots of finished jobs
    std::uint64_t m_nextTaskId = 0;                          //!< tasks made so far (PendingUnit::id)
    std::vector<double> m_waits;                             //!< each started task's wait, seconds
    JobSpec m_jobScratch;                                    //!< the arriving job (makeJobInto)
    std::vector<std::string> m_jobClasses;
    std::vector<sim::SeriesId> m_series;
    sim::EventKind m_arrivalKind = 0;
    sim::EventKind m_completionKind = 0;
    sim::EventKind m_sampleKind = 0;
    bool m_started = false;
    std::int64_t m_running = 0;
    std::int64_t m_tasksOn[model::kComputeKindCount] = {};
    sim::SimTime m_lastCompletion = 0;
    AllocationIntegral m_cpu;
    AllocationIntegral m_memory;
    AllocationIntegral m_gpu;
};

Simulation::Simulation(const model::Scenario& scenario, const policy::PluginRegistry& registry, const PolicyModels& models)
    : m_impl(std::make_unique<Impl>(scenario, registry, models))
{
}

Simulation::~Simulation() = default;

void Simulation::setPlacementSampleSink(std::function<void(const policy::PlacementSample&)> sink)
{
    m_impl->setSampleSink(std::move(sink));
}

void Simulation::setSpanSink(trace::SpanSink* sink)
{
    m_impl->setSpanSink(sink);
}

RunResult Simulation::run(sim::RunRecorder& recorder, sim::RunControl* control, const sim::ProgressCallback& progress)
{
    return m_impl->run(recorder, control, progress);
}

std::vector<std::pair<std::string, std::string>> Simulation::policyDescriptions() const
{
    return m_impl->policyDescriptions();
}

} // namespace orrery::env
