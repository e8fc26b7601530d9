#include "kinds/training_jobs/training_jobs_runtime.h"

#include "analysis/sample_summary.h"
#include "model/cluster.h"
#include "policy/cluster_view.h"
#include "policy/control_policy.h"
#include "policy/placement_policy.h"

#include <algorithm>

namespace orrery::kinds::training_jobs {

TrainingJobsRuntime::TrainingJobsRuntime(const TrainingJobsSpec& spec, const model::Scenario& scenario, model::Cluster& cluster,
                                         env::NodeContention& contention)
    : m_cluster(cluster)
    , m_platform(spec, scenario.seed, cluster, contention)
    , m_series(m_platform.jobs().size())
{
}

bool TrainingJobsRuntime::attachControl(policy::ControlPolicy& control)
{
    m_control = &control;
    // A control policy that is also a placement policy places the containers too (FlowCon's
    // manager and workers share their lists, seed 004 Alg. 4).
    m_placement = dynamic_cast<policy::PlacementPolicy*>(&control);
    return true;
}

void TrainingJobsRuntime::start(sim::Engine& engine, sim::RunRecorder& recorder)
{
    m_engine = &engine;
    m_recorder = &recorder;
    m_runningSeries = recorder.defineSeries("train.running", "containers");
    m_submitKind = engine.registerHandler(*this);
    m_finishKind = engine.registerHandler(*this);
    m_controlKind = engine.registerHandler(*this);
    const auto& jobs = m_platform.jobs();
    for (std::uint32_t j = 0; j < jobs.size(); ++j)
        engine.schedule(engine.now() + jobs[j].submittedAt, m_submitKind, j);
    engine.schedule(engine.now() + m_platform.spec().controlPeriod, m_controlKind);
}

void TrainingJobsRuntime::defineSeries(std::uint32_t job)
{
    if (!m_platform.spec().evaluationSeries || m_series[job].defined)
        return;
    const std::string& name = m_platform.jobs()[job].name;
    m_series[job] = {m_recorder->defineSeries("train." + name + ".evaluation", ""),
                     m_recorder->defineSeries("train." + name + ".cpu", "cores"),
                     m_recorder->defineSeries("train." + name + ".cpu_limit", "cores"), true};
}

void TrainingJobsRuntime::sample(std::uint32_t j, sim::SimTime now)
{
    if (!m_platform.spec().evaluationSeries)
        return;
    defineSeries(j);
    const auto& job = m_platform.jobs()[j];
    if (m_platform.modelOf(job).reportsEvaluation)
        m_recorder->recordSample(m_series[j].evaluation, now, m_platform.evaluationOf(job));
    m_recorder->recordSample(m_series[j].cpu, now, m_platform.modelOf(job).busyCores(job.grantCores));
    m_recorder->recordSample(m_series[j].limit, now, job.limitCores);
}

bool TrainingJobsRuntime::place(std::uint32_t job, sim::SimTime now)
{
    std::uint32_t worker = m_platform.spreadWorker();
    if (m_placement) {
        const auto& spec = m_platform.jobs()[job];
        const TrainingModel& model = m_platform.modelOf(spec);
        policy::PendingUnit unit;
        unit.id = job;
        unit.workload = m_platform.spec().name;
        unit.service = model.name;
        unit.request.millicores = static_cast<std::int64_t>(model.maxCores * 1000.0);
        unit.submittedAt = spec.submittedAt;
        const policy::PlacementDecision decision = m_placement->place(unit, policy::ClusterView(m_cluster));
        if (decision.deferred)
            return false;
        const std::int64_t chosen = m_platform.workerOfNode(decision.node);
        if (chosen < 0)
            return false; // not a worker: try again next period
        worker = static_cast<std::uint32_t>(chosen);
    }
    m_platform.start(job, worker, now);
    sample(job, now);
    listen(worker, now);
    return true;
}

void TrainingJobsRuntime::submit(std::uint32_t job, sim::SimTime now)
{
    if (!m_pending.empty() || !place(job, now))
        m_pending.push_back(job);
}

void TrainingJobsRuntime::listen(std::uint32_t worker, sim::SimTime now)
{
    // Alg. 2: a change in the worker's containers alerts its executor at once.
    if (!m_control)
        return;
    ++m_listenerRuns;
    decide(m_platform.observe(now, worker), now);
}

void TrainingJobsRuntime::decide(const policy::Observation& observation, sim::SimTime now)
{
    const std::vector<policy::ControlAction> actions = m_control->decide(observation);
    if (m_platform.spec().evaluationSeries)
        m_labels.update(m_control->targetLabels(), now, *m_recorder);
    for (const policy::ActionOutcome& outcome : m_platform.apply(actions, now)) {
        if (outcome.status == policy::ActionOutcome::Status::Rejected)
            ++m_rejected;
        else
            ++m_applied;
    }
}

std::vector<policy::ActionOutcome> TrainingJobsRuntime::applyActions(const std::vector<policy::ControlAction>& actions,
                                                                      sim::SimTime now)
{
    std::vector<policy::ActionOutcome> outcomes = m_platform.apply(actions, now);
    reschedule();
    return outcomes;
}

void TrainingJobsRuntime::reschedule()
{
    for (const std::uint32_t w : m_platform.takeRescheduled()) {
        const auto& worker = m_platform.workers()[w];
        if (!worker.running.empty() && worker.nextFinish != std::numeric_limits<sim::SimTime>::max())
            m_engine->schedule(worker.nextFinish, m_finishKind, w, worker.version);
    }
}

void TrainingJobsRuntime::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    const sim::SimTime now = engine.now();
    if (event.kind == m_submitKind) {
        submit(event.target, now);
    } else if (event.kind == m_finishKind) {
        if (m_platform.workers()[event.target].version != event.payload)
            return; // replanned since
        const std::vector<std::uint32_t> done = m_platform.finishDue(event.target, now);
        for (const std::uint32_t j : done) {
            sample(j, now);
            const auto& job = m_platform.jobs()[j];
            m_labels.close(job.name, now, *m_recorder);
            m_recorder->recordAnnotation({job.startedAt, now, "train.placement", job.name + "@" + m_platform.workers()[event.target].name, 1.0});
        }
        m_finished += done.size();
        if (!done.empty())
            listen(event.target, now);
    } else if (event.kind == m_controlKind) {
        while (!m_pending.empty() && place(m_pending.front(), now))
            m_pending.pop_front();
        const policy::Observation observation = m_platform.observe(now);
        m_recorder->recordSample(m_runningSeries, now, static_cast<double>(observation.targets.size()));
        for (const auto& worker : m_platform.workers()) {
            for (const std::uint32_t j : worker.running)
                sample(j, now);
        }
        if (m_control)
            decide(observation, now);
        if (m_finished < m_platform.jobs().size())
            engine.schedule(now + m_platform.spec().controlPeriod, m_controlKind);
    }
    reschedule();
}

void TrainingJobsRuntime::finish(env::RunMetrics* metrics)
{
    if (m_engine && m_recorder)
        m_labels.closeAll(m_engine->now(), *m_recorder);
    if (!metrics)
        return;
    const auto& jobs = m_platform.jobs();
    std::vector<double> jct;
    sim::SimTime first = std::numeric_limits<sim::SimTime>::max(), last = 0;
    std::size_t withoutEvaluation = 0;
    for (const auto& job : jobs) {
        first = std::min(first, job.submittedAt);
        if (!m_platform.modelOf(job).reportsEvaluation)
            ++withoutEvaluation;
        if (!job.finished)
            continue;
        last = std::max(last, job.finishedAt);
        jct.push_back(sim::toSeconds(job.finishedAt - job.submittedAt));
    }
    const analysis::SampleSummary summary = analysis::summarize(jct);
    metrics->push_back({"train.jobs_submitted", static_cast<double>(jobs.size()), "jobs"});
    metrics->push_back({"train.jobs_completed", static_cast<double>(jct.size()), "jobs"});
    metrics->push_back({"train.jct.mean", summary.mean, "s"});
    metrics->push_back({"train.jct.p50", summary.p50, "s"});
    metrics->push_back({"train.jct.p90", summary.p90, "s"});
    metrics->push_back({"train.jct.max", summary.max, "s"});
    // Makespan only when every job finished (else the horizon cut the schedule short).
    if (jct.size() == jobs.size() && !jobs.empty())
        metrics->push_back({"train.makespan", sim::toSeconds(last - first), "s"});
    metrics->push_back({"train.limit_changes", static_cast<double>(m_platform.limitChanges()), "actions"});
    metrics->push_back({"train.containers_without_evaluation", static_cast<double>(withoutEvaluation), "containers"});
    if (jobs.size() <= 1000) {
        for (const auto& job : jobs) {
            if (job.finished)
                metrics->push_back({"train." + job.name + ".jct", sim::toSeconds(job.finishedAt - job.submittedAt), "s"});
        }
    }
    if (m_control) {
        metrics->push_back({"control.actions_applied", static_cast<double>(m_applied), "actions"});
        metrics->push_back({"control.actions_rejected", static_cast<double>(m_rejected), "actions"});
        metrics->push_back({"train.listener_runs", static_cast<double>(m_listenerRuns), "runs"});
    }
}

} // namespace orrery::kinds::training_jobs
