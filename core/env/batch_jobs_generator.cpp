#include "env/batch_jobs_generator.h"

#include <algorithm>

namespace orrery::env {
namespace {

// The compute kind a request declares: its first accelerator, else the CPU.
model::ComputeKind declaredKind(const model::Resources& request)
{
    if (request.deviceCount(model::DeviceKind::Gpu) > 0)
        return model::ComputeKind::Gpu;
    if (request.deviceCount(model::DeviceKind::Asic) > 0)
        return model::ComputeKind::Asic;
    if (request.deviceCount(model::DeviceKind::Fpga) > 0)
        return model::ComputeKind::Fpga;
    return model::ComputeKind::Cpu;
}

} // namespace

BatchJobsGenerator::BatchJobsGenerator(const model::BatchJobsSpec& spec, std::uint64_t seed)
    : m_spec(spec)
    , m_arrivals(seed, "workload/" + spec.name + "/arrivals")
    , m_work(seed, "workload/" + spec.name + "/work")
{
    m_task.unit.workload = m_spec.name;
    m_task.unit.service = m_spec.name;
    m_task.unit.request = m_spec.request;
    m_task.unit.deviceModel = m_spec.deviceModel;
    m_task.sharedGpuMilli = m_spec.sharedGpuMilli;
    m_task.unit.declaredCompute = m_spec.sharedGpuMilli > 0 ? model::ComputeKind::Gpu : declaredKind(m_spec.request);
    m_task.unit.computeOptions = model::bitOf(m_task.unit.declaredCompute);
    m_task.demand = m_spec.demand;
}

std::optional<sim::SimTime> BatchJobsGenerator::nextArrival(sim::SimTime now)
{
    if (m_spec.maxJobs > 0 && m_made >= m_spec.maxJobs)
        return std::nullopt;
    const double gapSeconds = m_arrivals.exponential(1.0 / m_spec.arrivalsPerSecond);
    return now + std::max<sim::SimTime>(1, sim::fromSeconds(gapSeconds));
}

JobSpec BatchJobsGenerator::makeJob(sim::SimTime now)
{
    JobSpec job;
    makeJobInto(now, job);
    return job;
}

void BatchJobsGenerator::makeJobInto(sim::SimTime, JobSpec& job)
{
    ++m_made;
    job.jobClass = "batch";
    job.tasks.resize(1);
    TaskSpec& task = job.tasks.front();
    task = m_task;
    task.durationOn[static_cast<int>(m_task.unit.declaredCompute)] = m_spec.duration.sample(m_work);
}

} // namespace orrery::env
