#include "kinds/strl_jobs/strl_jobs_runtime.h"

#include "analysis/sample_summary.h"
#include "kinds/strl_jobs/placement_speed.h"
#include "model/cluster.h"
#include "policy/batch_placement_policy.h"
#include "policy/cluster_view.h"
#include "policy/placement_policy.h"

#include <algorithm>
#include <limits>

namespace orrery::kinds::strl_jobs {

using JobState = StrlJobsPlatform::JobState;

StrlJobsRuntime::StrlJobsRuntime(const StrlJobsSpec& spec, const model::Scenario& scenario, model::Cluster& cluster)
    : m_cluster(cluster)
    , m_platform(spec, scenario.seed, cluster, scenario.horizon)
    , m_horizon(scenario.horizon)
{
    // A per-unit policy places one whole node per unit: ask for the smallest node's CPU and
    // memory and nothing else (a heterogeneity-unaware request), and hold the node whole.
    bool first = true;
    for (const model::Node& node : cluster.nodes()) {
        if (first || node.capacity.millicores < m_unitRequest.millicores)
            m_unitRequest.millicores = node.capacity.millicores;
        if (first || node.capacity.memoryBytes < m_unitRequest.memoryBytes)
            m_unitRequest.memoryBytes = node.capacity.memoryBytes;
        first = false;
    }
}

bool StrlJobsRuntime::attachPlacement(policy::PlacementPolicy& placement, std::string_view /*compatVersion*/)
{
    m_placement = &placement;
    return true;
}

bool StrlJobsRuntime::attachBatchPlacement(policy::BatchPlacementPolicy& placement)
{
    m_batch = &placement;
    return true;
}

void StrlJobsRuntime::start(sim::Engine& engine, sim::RunRecorder& recorder)
{
    m_engine = &engine;
    m_recorder = &recorder;
    m_pendingSeries = recorder.defineSeries("strl.pending", "jobs");
    m_busySeries = recorder.defineSeries("strl.busy_nodes", "nodes");
    m_submitKind = engine.registerHandler(*this);
    m_finishKind = engine.registerHandler(*this);
    m_cycleKind = engine.registerHandler(*this);
    const auto& jobs = m_platform.jobs();
    for (std::uint32_t j = 0; j < jobs.size(); ++j)
        engine.schedule(engine.now() + jobs[j].submitted.submitAt, m_submitKind, j);
    if (!jobs.empty())
        engine.schedule(engine.now(), m_cycleKind);
}

void StrlJobsRuntime::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    const sim::SimTime now = engine.now();
    if (event.kind == m_submitKind) {
        m_platform.submit(event.target);
        m_pending.push_back(event.target);
    } else if (event.kind == m_finishKind) {
        const auto& job = m_platform.jobs()[event.target];
        m_platform.finish(event.target, now);
        ++m_done;
        m_recorder->recordAnnotation({job.startedAt, now, "strl.run." + labelOf(job),
                                      job.submitted.name + "@" + nodeList(job.nodes), job.slowdown});
    } else if (event.kind == m_cycleKind) {
        cycle(now);
        if (m_done < m_platform.jobs().size())
            engine.schedule(now + m_platform.spec().cycle, m_cycleKind);
    }
}

void StrlJobsRuntime::cycle(sim::SimTime now)
{
    dropLateJobs(now);
    if (!m_pending.empty()) {
        if (m_batch)
            planBatch(now);
        else if (m_placement)
            placeUnits(now);
        m_pending.erase(std::remove_if(m_pending.begin(), m_pending.end(),
                                       [&](std::uint32_t j) { return m_platform.jobs()[j].state != JobState::Pending; }),
                        m_pending.end());
    }
    m_recorder->recordSample(m_pendingSeries, now, static_cast<double>(m_pending.size()));
    const auto& busy = m_platform.busyUntil();
    double busyNodes = 0.0;
    for (std::uint32_t n = 0; n < busy.size(); ++n)
        busyNodes += m_platform.isFree(n) ? 0.0 : 1.0;
    m_recorder->recordSample(m_busySeries, now, busyNodes);
}

void StrlJobsRuntime::dropLateJobs(sim::SimTime now)
{
    if (!m_platform.spec().dropLateJobs)
        return;
    for (const std::uint32_t j : m_pending) {
        const auto& job = m_platform.jobs()[j];
        if (job.deadline && now + job.submitted.duration > *job.deadline) {
            m_platform.drop(j);
            ++m_done;
        }
    }
    m_pending.erase(std::remove_if(m_pending.begin(), m_pending.end(),
                                   [&](std::uint32_t j) { return m_platform.jobs()[j].state != JobState::Pending; }),
                    m_pending.end());
}

void StrlJobsRuntime::planBatch(sim::SimTime now)
{
    policy::BatchRequest request;
    request.now = now;
    request.rackLabel = m_platform.spec().rackLabel;
    request.busyUntil = m_platform.busyUntil();
    for (std::uint32_t n = 0; n < request.busyUntil.size(); ++n) {
        if (m_platform.isFree(n))
            request.busyUntil[n] = std::min(request.busyUntil[n], now);
    }
    for (const std::uint32_t j : m_pending) {
        const auto& job = m_platform.jobs()[j];
        const JobClass& jobClass = m_platform.classOf(job);
        policy::BatchJob batchJob;
        batchJob.id = j;
        batchJob.name = job.submitted.name;
        batchJob.type = job.request ? job.request->label : strl::toString(jobClass.type);
        batchJob.nodes = jobClass.nodes;
        batchJob.duration = job.submitted.duration;
        batchJob.slowdown = jobClass.slowdown;
        batchJob.value = jobClass.value;
        batchJob.deadline = job.deadline;
        batchJob.submittedAt = job.submitted.submitAt;
        batchJob.request = job.request;
        request.pending.push_back(std::move(batchJob));
    }
    const policy::BatchDecision decision = m_batch->plan(request, policy::ClusterView(m_cluster));
    ++m_cycles;
    m_solveSeconds.push_back(decision.solveSeconds);
    m_timedOut += decision.timedOut ? 1 : 0;
    m_fallbacks += decision.fallback ? 1 : 0;
    for (const policy::BatchAssignment& assignment : decision.startNow) {
        if (assignment.job > std::numeric_limits<std::uint32_t>::max()
            || !m_platform.startProblem(static_cast<std::uint32_t>(assignment.job), assignment.nodes).empty()) {
            ++m_rejected; // never lets a plan exceed capacity or start a job twice
            continue;
        }
        std::optional<sim::SimTime> runTime; // a job with its own request runs for its granted leaf's duration
        if (m_platform.jobs()[static_cast<std::uint32_t>(assignment.job)].request) {
            for (const policy::PlannedPlacement& planned : decision.plan) {
                if (planned.job == assignment.job && planned.start == now)
                    runTime = planned.duration;
            }
            if (!runTime) {
                ++m_rejected; // no granted leaf says how long it runs
                continue;
            }
        }
        startJob(static_cast<std::uint32_t>(assignment.job), assignment.nodes, now, runTime);
    }
    if (!m_platform.spec().planAnnotations)
        return;
    const double cycleSeconds = sim::toSeconds(now);
    for (const policy::PlannedPlacement& planned : decision.plan) {
        if (planned.start <= now || planned.job >= m_platform.jobs().size())
            continue; // the start-now part is recorded as strl.run.* when it ends
        const auto& job = m_platform.jobs()[planned.job];
        m_recorder->recordAnnotation({planned.start, planned.start + planned.duration,
                                      "strl.plan." + labelOf(job),
                                      job.submitted.name + "@" + nodeList(planned.nodes), cycleSeconds});
    }
}

void StrlJobsRuntime::placeUnits(sim::SimTime now)
{
    for (const std::uint32_t j : m_pending) {
        const auto& job = m_platform.jobs()[j];
        const JobClass& jobClass = m_platform.classOf(job);
        std::vector<std::uint32_t> chosen;
        for (std::int32_t u = 0; u < jobClass.nodes; ++u) {
            policy::PendingUnit unit;
            unit.id = (static_cast<std::uint64_t>(j) << 20) | static_cast<std::uint64_t>(u);
            unit.workload = m_platform.spec().name;
            unit.service = jobClass.name;
            unit.request = m_unitRequest;
            unit.submittedAt = job.submitted.submitAt;
            const policy::PlacementDecision decision = m_placement->place(unit, policy::ClusterView(m_cluster));
            ++m_unitDecisions;
            if (decision.deferred || decision.node >= m_cluster.nodes().size() || !m_platform.isFree(decision.node))
                break;
            m_platform.hold(decision.node); // the next unit sees it taken
            chosen.push_back(decision.node);
        }
        for (const std::uint32_t node : chosen)
            m_platform.unhold(node);
        if (static_cast<std::int32_t>(chosen.size()) == jobClass.nodes)
            startJob(j, chosen, now);
    }
}

void StrlJobsRuntime::startJob(std::uint32_t job, const std::vector<std::uint32_t>& nodes, sim::SimTime now,
                               std::optional<sim::SimTime> runTime)
{
    const sim::SimTime end = m_platform.start(job, nodes, now, runTime);
    m_engine->schedule(end, m_finishKind, job);
}

std::string StrlJobsRuntime::labelOf(const StrlJobsPlatform::Job& job) const
{
    return job.request ? job.request->label : m_platform.classOf(job).label();
}

std::string StrlJobsRuntime::nodeList(const std::vector<std::uint32_t>& nodes) const
{
    std::string text;
    for (const std::uint32_t node : nodes) {
        if (!text.empty())
            text += '+';
        text += m_platform.attributes()[node].name;
    }
    return text;
}

void StrlJobsRuntime::finish(env::RunMetrics* metrics)
{
    if (!metrics)
        return;
    const auto& jobs = m_platform.jobs();
    std::size_t submitted = 0, completed = 0, dropped = 0, sloJobs = 0, sloMet = 0, slowed = 0, availabilityJobs = 0,
                availabilityMet = 0;
    std::vector<double> bestEffort, completion;
    for (const auto& job : jobs) {
        if (job.state == JobState::Waiting)
            continue; // submitted after the horizon
        ++submitted;
        const JobClass& jobClass = m_platform.classOf(job);
        const bool finished = job.state == JobState::Finished;
        dropped += job.state == JobState::Dropped ? 1 : 0;
        if (job.deadline && *job.deadline <= m_horizon) {
            ++sloJobs;
            sloMet += finished && job.finishAt <= *job.deadline ? 1 : 0;
        }
        if (!finished)
            continue;
        ++completed;
        slowed += job.slowdown > 1.0 ? 1 : 0;
        const double latency = sim::toSeconds(job.finishAt - job.submitted.submitAt);
        completion.push_back(latency);
        if (jobClass.type == strl::JobType::BestEffort && !job.request)
            bestEffort.push_back(latency);
        if (jobClass.type == strl::JobType::Availability && !job.request) {
            ++availabilityJobs;
            availabilityMet += racksSpanned(job.nodes, m_platform.attributes(), m_platform.spec().rackLabel) >= jobClass.nodes ? 1 : 0;
        }
    }
    const std::string p = "strl.";
    const auto count = [](std::size_t n) { return static_cast<double>(n); };
    metrics->push_back({p + "jobs_submitted", count(submitted), "jobs"});
    metrics->push_back({p + "jobs_completed", count(completed), "jobs"});
    metrics->push_back({p + "jobs_dropped", count(dropped), "jobs"});
    metrics->push_back({p + "jobs_slowed", count(slowed), "jobs"});
    metrics->push_back({p + "slo_jobs", count(sloJobs), "jobs"});
    metrics->push_back({p + "slo_met", count(sloMet), "jobs"});
    if (sloJobs > 0)
        metrics->push_back({p + "slo_attainment", count(sloMet) / count(sloJobs), "ratio"});
    if (availabilityJobs > 0)
        metrics->push_back({p + "availability_met", count(availabilityMet) / count(availabilityJobs), "ratio"});
    if (!bestEffort.empty()) {
        std::sort(bestEffort.begin(), bestEffort.end());
        const analysis::SampleSummary summary = analysis::summarize(bestEffort);
        metrics->push_back({p + "best_effort.latency.mean", summary.mean, "s"});
        metrics->push_back({p + "best_effort.latency.p95", analysis::quantileOfSorted(bestEffort, 0.95), "s"});
    }
    if (!completion.empty())
        metrics->push_back({p + "completion_time.mean", analysis::summarize(completion).mean, "s"});
    const double nodeSeconds = static_cast<double>(m_platform.busyUntil().size()) * sim::toSeconds(m_horizon);
    if (nodeSeconds > 0.0)
        metrics->push_back({p + "utilization", m_platform.busyNodeSeconds(m_horizon) / nodeSeconds, "ratio"});
    if (m_batch) {
        metrics->push_back({p + "cycles", count(m_cycles), "cycles"});
        std::vector<double> sorted = m_solveSeconds;
        std::sort(sorted.begin(), sorted.end());
        if (!sorted.empty()) {
            metrics->push_back({p + "solve_seconds.mean", analysis::summarize(sorted).mean, "s"});
            metrics->push_back({p + "solve_seconds.p99", analysis::quantileOfSorted(sorted, 0.99), "s"});
            metrics->push_back({p + "solve_seconds.max", sorted.back(), "s"});
        }
        metrics->push_back({p + "cycles_timed_out", count(m_timedOut), "cycles"});
        metrics->push_back({p + "plan_fallbacks", count(m_fallbacks), "cycles"});
        metrics->push_back({p + "assignments_rejected", count(m_rejected), "assignments"});
    } else {
        metrics->push_back({p + "unit_decisions", count(m_unitDecisions), "decisions"});
    }
}

} // namespace orrery::kinds::strl_jobs
