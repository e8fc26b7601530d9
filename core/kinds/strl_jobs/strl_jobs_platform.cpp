#include "kinds/strl_jobs/strl_jobs_platform.h"

#include "kinds/strl_jobs/placement_speed.h"
#include "model/cluster.h"

#include <algorithm>
#include <stdexcept>

namespace orrery::kinds::strl_jobs {

StrlJobsPlatform::StrlJobsPlatform(const StrlJobsSpec& spec, std::uint64_t seed, model::Cluster& cluster, sim::SimTime horizon)
    : m_spec(spec)
    , m_cluster(cluster)
    , m_attributes(strl::NodeAttributes::ofCluster(cluster))
    , m_busyUntil(cluster.nodes().size(), 0)
    , m_occupied(cluster.nodes().size(), false)
    , m_held(cluster.nodes().size())
{
    for (SubmittedJob& submitted : submittedJobs(m_spec, seed, static_cast<int>(cluster.nodes().size()), horizon)) {
        Job job;
        job.submitted = std::move(submitted);
        if (const auto& deadline = m_spec.classes[job.submitted.jobClass].deadline)
            job.deadline = job.submitted.submitAt + *deadline;
        job.request = requestOf(m_spec, job.submitted, job.deadline);
        m_jobs.push_back(std::move(job));
    }
}

void StrlJobsPlatform::submit(std::uint32_t job)
{
    m_jobs[job].state = JobState::Pending;
}

void StrlJobsPlatform::drop(std::uint32_t job)
{
    m_jobs[job].state = JobState::Dropped;
}

std::string StrlJobsPlatform::startProblem(std::uint32_t job, const std::vector<std::uint32_t>& nodes) const
{
    if (job >= m_jobs.size())
        return "no job " + std::to_string(job);
    const Job& j = m_jobs[job];
    if (j.state != JobState::Pending)
        return "job " + j.submitted.name + " is not pending";
    if (j.request && nodes.empty())
        return "job " + j.submitted.name + " needs at least one node";
    if (!j.request && static_cast<std::int32_t>(nodes.size()) != classOf(j).nodes)
        return "job " + j.submitted.name + " needs " + std::to_string(classOf(j).nodes) + " nodes, given " + std::to_string(nodes.size());
    std::vector<bool> seen(m_occupied.size(), false);
    for (const std::uint32_t node : nodes) {
        if (node >= m_occupied.size())
            return "no node " + std::to_string(node);
        if (seen[node])
            return "node " + m_attributes[node].name + " given twice";
        seen[node] = true;
        if (m_occupied[node])
            return "node " + m_attributes[node].name + " is busy";
    }
    return {};
}

void StrlJobsPlatform::hold(std::uint32_t node)
{
    if (m_occupied[node])
        throw std::logic_error("strl-jobs: node " + m_attributes[node].name + " held twice");
    m_held[node] = m_cluster.node(node).available();
    m_cluster.allocate(node, m_held[node]);
    m_occupied[node] = true;
}

void StrlJobsPlatform::unhold(std::uint32_t node)
{
    m_cluster.release(node, m_held[node]);
    m_held[node] = {};
    m_occupied[node] = false;
}

sim::SimTime StrlJobsPlatform::start(std::uint32_t job, const std::vector<std::uint32_t>& nodes, sim::SimTime now,
                                     std::optional<sim::SimTime> runTime)
{
    Job& j = m_jobs[job];
    for (const std::uint32_t node : nodes)
        hold(node);
    j.state = JobState::Running;
    j.nodes = nodes;
    j.startedAt = now;
    if (runTime) {
        j.finishAt = now + std::max<sim::SimTime>(1, *runTime);
        j.slowdown = j.submitted.duration > 0 ? static_cast<double>(j.finishAt - now) / static_cast<double>(j.submitted.duration) : 1.0;
    } else {
        j.slowdown = slowdownOn(classOf(j), nodes, m_attributes, m_spec.rackLabel);
        j.finishAt = now + std::max<sim::SimTime>(1, static_cast<sim::SimTime>(static_cast<double>(j.submitted.duration) * j.slowdown));
    }
    for (const std::uint32_t node : nodes)
        m_busyUntil[node] = j.finishAt;
    return j.finishAt;
}

void StrlJobsPlatform::finish(std::uint32_t job, sim::SimTime now)
{
    Job& j = m_jobs[job];
    j.state = JobState::Finished;
    for (const std::uint32_t node : j.nodes)
        unhold(node);
    m_finishedNodeSeconds += sim::toSeconds(now - j.startedAt) * static_cast<double>(j.nodes.size());
}

double StrlJobsPlatform::busyNodeSeconds(sim::SimTime end) const
{
    double total = m_finishedNodeSeconds;
    for (const Job& job : m_jobs) {
        if (job.state == JobState::Running && end > job.startedAt)
            total += sim::toSeconds(std::min(end, job.finishAt) - job.startedAt) * static_cast<double>(job.nodes.size());
    }
    return total;
}

} // namespace orrery::kinds::strl_jobs
