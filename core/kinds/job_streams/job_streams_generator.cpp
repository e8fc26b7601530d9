#include "kinds/job_streams/job_streams_generator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::kinds::job_streams {

using env::JobSpec;
using env::TaskSpec;

namespace {

const model::ServiceGraph& checkedGraph(const JobStreamsSpec& spec)
{
    if (!spec.graph || spec.graph->size() == 0)
        throw std::invalid_argument("JobStreamsGenerator: workload '" + spec.name + "' has no service graph");
    return *spec.graph;
}

sim::SimTime scaled(sim::SimTime latency, double factor)
{
    // At least 1 ns, so a usable kind never reads as "cannot run here" (0).
    return std::max<sim::SimTime>(1, static_cast<sim::SimTime>(std::llround(static_cast<double>(latency) * factor)));
}

} // namespace

JobStreamsGenerator::JobStreamsGenerator(JobStreamsSpec spec, std::uint64_t seed)
    : m_spec(std::move(spec))
    , m_graph(checkedGraph(m_spec))
    , m_arrivals(seed, "workload/" + m_spec.name + "/arrivals")
    , m_work(seed, "workload/" + m_spec.name + "/work")
{
}

std::optional<sim::SimTime> JobStreamsGenerator::nextArrival(sim::SimTime now)
{
    if (m_spec.maxJobs > 0 && m_made >= m_spec.maxJobs)
        return std::nullopt;
    const double gapSeconds = m_arrivals.exponential(1.0 / m_spec.effectiveArrivalsPerSecond());
    return now + std::max<sim::SimTime>(1, sim::fromSeconds(gapSeconds));
}

JobSpec JobStreamsGenerator::makeJob(sim::SimTime)
{
    ++m_made;
    if (m_spec.batch.enabled() && m_work.uniform() < m_spec.batch.fraction)
        return makeBatchJob();
    return makeMicroserviceJob();
}

JobSpec JobStreamsGenerator::makeBatchJob()
{
    TaskSpec task;
    task.unit.workload = m_spec.name;
    task.unit.service = "batch";
    task.unit.request = m_spec.batch.request;
    task.unit.declaredCompute = model::ComputeKind::Cpu;
    task.unit.computeOptions = model::bitOf(model::ComputeKind::Cpu);
    task.durationOn[static_cast<int>(model::ComputeKind::Cpu)] = m_spec.batch.duration.sample(m_work);
    task.demand = m_spec.batch.demand;
    JobSpec job;
    job.jobClass = "batch";
    job.tasks.push_back(std::move(task));
    return job;
}

JobSpec JobStreamsGenerator::makeMicroserviceJob()
{
    const auto span = static_cast<std::uint64_t>(m_spec.maxServicesPerJob - m_spec.minServicesPerJob + 1);
    const auto count = static_cast<std::size_t>(m_spec.minServicesPerJob) + static_cast<std::size_t>(m_work.below(span));
    const auto tree = orderAsTree(sampleConnectedServices(count));

    JobSpec job;
    job.jobClass = "microservices";
    job.tasks.reserve(tree.size());
    // Critical path on the declared kinds, without noise: the latency a conventional scheduler
    // would deliver to this job on an idle cluster, the reference for a relative SLO.
    std::vector<sim::SimTime> pathTo(tree.size(), 0);
    sim::SimTime criticalPath = 0;
    for (std::size_t i = 0; i < tree.size(); ++i) {
        const auto& [serviceIndex, parent] = tree[i];
        const model::ServiceProfile& service = m_graph.service(serviceIndex);
        const sim::SimTime declared = service.latency(service.declaredCompute);
        pathTo[i] = declared + (parent >= 0 ? pathTo[static_cast<std::size_t>(parent)] : 0);
        criticalPath = std::max(criticalPath, pathTo[i]);

        TaskSpec task;
        task.parent = parent;
        task.unit.workload = m_spec.name;
        task.unit.service = service.name;
        if (parent >= 0)
            task.unit.dependsOn = m_graph.service(tree[static_cast<std::size_t>(parent)].first).name;
        task.unit.request = service.requestOnDeclared();
        task.unit.declaredCompute = service.declaredCompute;
        task.unit.computeOptions = service.computeOptions();
        task.unit.diskBytes = service.diskBytes;
        task.demand = service.demand;
        task.sensitivity = service.sensitivity;
        const double factor = m_spec.latencySigma > 0.0 ? m_work.logNormal(1.0, m_spec.latencySigma) : 1.0;
        for (int k = 0; k < model::kComputeKindCount; ++k) {
            if (service.latencyOn[k] > 0)
                task.durationOn[k] = scaled(service.latencyOn[k], factor);
        }
        job.tasks.push_back(std::move(task));
    }

    // Each task's objective is its share of the job's: the job objective scaled by the task's
    // part of the critical path, so a job whose tasks all meet theirs meets its own.
    for (std::size_t i = 0; i < tree.size(); ++i) {
        const model::ServiceProfile& service = m_graph.service(tree[i].first);
        const auto declared = static_cast<double>(service.latency(service.declaredCompute));
        policy::PendingUnit& unit = job.tasks[i].unit;
        switch (m_spec.slo.kind) {
        case JobSloSpec::Kind::None: break;
        case JobSloSpec::Kind::CriticalPathMultiple:
            unit.slo = std::max<sim::SimTime>(1, std::llround(m_spec.slo.multiple * declared));
            break;
        case JobSloSpec::Kind::Absolute:
            if (criticalPath <= 0)
                break;
            unit.slo = std::max<sim::SimTime>(
                1, std::llround(static_cast<double>(m_spec.slo.absolute) * declared / static_cast<double>(criticalPath)));
            break;
        }
    }
    return job;
}

std::vector<std::size_t> JobStreamsGenerator::sampleConnectedServices(std::size_t count)
{
    const std::size_t n = m_graph.size();
    count = std::min(count, n);
    std::vector<char> seen(n, 0); // chosen or on the frontier
    std::vector<std::size_t> chosen;
    std::vector<std::size_t> frontier;
    const auto grow = [&](std::size_t node) {
        chosen.push_back(node);
        for (const auto* neighbours : {&m_graph.callees(node), &m_graph.callers(node)}) {
            for (const std::size_t next : *neighbours) {
                if (!seen[next]) {
                    seen[next] = 1;
                    frontier.push_back(next);
                }
            }
        }
    };
    const auto root = static_cast<std::size_t>(m_work.below(n));
    seen[root] = 1;
    grow(root);
    while (chosen.size() < count && !frontier.empty()) {
        const auto pick = static_cast<std::size_t>(m_work.below(frontier.size()));
        const std::size_t node = frontier[pick];
        frontier[pick] = frontier.back();
        frontier.pop_back();
        grow(node);
    }
    return chosen;
}

std::vector<std::pair<std::size_t, int>> JobStreamsGenerator::orderAsTree(const std::vector<std::size_t>& services) const
{
    // Kahn's algorithm on the subgraph the services induce (the graph is acyclic, so this
    // orders them all); a task's parent is the first of its callers to be placed.
    const auto position = [&](std::size_t service) -> int {
        const auto it = std::find(services.begin(), services.end(), service);
        return it == services.end() ? -1 : static_cast<int>(it - services.begin());
    };
    std::vector<int> pendingCallers(services.size(), 0);
    for (std::size_t i = 0; i < services.size(); ++i) {
        for (const std::size_t caller : m_graph.callers(services[i]))
            pendingCallers[i] += position(caller) >= 0 ? 1 : 0;
    }
    std::vector<int> parentOf(services.size(), -1); // index into `services` of the parent
    std::vector<int> placedAt(services.size(), -1); // index into the result
    std::vector<std::size_t> ready;
    for (std::size_t i = 0; i < services.size(); ++i) {
        if (pendingCallers[i] == 0)
            ready.push_back(i);
    }
    std::vector<std::pair<std::size_t, int>> ordered;
    ordered.reserve(services.size());
    for (std::size_t head = 0; head < ready.size(); ++head) {
        const std::size_t i = ready[head];
        placedAt[i] = static_cast<int>(ordered.size());
        ordered.emplace_back(services[i], parentOf[i] >= 0 ? placedAt[static_cast<std::size_t>(parentOf[i])] : -1);
        for (const std::size_t callee : m_graph.callees(services[i])) {
            const int j = position(callee);
            if (j < 0)
                continue;
            const auto uj = static_cast<std::size_t>(j);
            if (parentOf[uj] < 0)
                parentOf[uj] = static_cast<int>(i);
            if (--pendingCallers[uj] == 0)
                ready.push_back(uj);
        }
    }
    return ordered;
}

} // namespace orrery::kinds::job_streams
