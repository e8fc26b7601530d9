#include "kinds/training_jobs/training_jobs_platform.h"

#include "kinds/training_jobs/water_fill.h"
#include "model/cluster.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::kinds::training_jobs {

using model::ContendedResource;

namespace {

//! Docker refuses --cpus below 0.01 ("Range of CPUs is from 0.01 to N.00"): FlowCon's containers
//! (seed 004 §5) cannot be limited further, and a limit near 0 would stretch an epoch past SimTime.
constexpr double kMinimumLimitCores = 0.01;
constexpr double kEpochTolerance = 1e-9;

int indexOf(ContendedResource resource)
{
    return static_cast<int>(resource);
}
} // namespace

TrainingJobsPlatform::TrainingJobsPlatform(const TrainingJobsSpec& spec, std::uint64_t seed, model::Cluster& cluster,
                                           env::NodeContention& contention)
    : m_spec(spec)
    , m_cluster(cluster)
    , m_contention(contention)
{
    m_workerOfNode.assign(cluster.nodes().size(), -1);
    for (const model::Node& node : cluster.nodes()) {
        if (!m_spec.workerPool.empty() && cluster.pools()[node.pool].name != m_spec.workerPool)
            continue;
        m_workerOfNode[node.id] = static_cast<std::int64_t>(m_workers.size());
        m_workers.push_back({node.id, node.name, static_cast<double>(node.capacity.millicores) / 1000.0, {}, 0,
                             std::numeric_limits<sim::SimTime>::max()});
    }
    if (m_workers.empty())
        throw std::invalid_argument("training-jobs workload '" + spec.name + "': no worker nodes"
                                    + (spec.workerPool.empty() ? std::string() : " in pool '" + spec.workerPool + "'"));
    m_isRescheduled.assign(m_workers.size(), false);

    const auto addJob = [&](std::string name, const std::string& modelName, sim::SimTime at) {
        const auto it = std::find_if(m_spec.models.begin(), m_spec.models.end(), [&](const auto& m) { return m.name == modelName; });
        if (it == m_spec.models.end())
            throw std::invalid_argument("training-jobs workload '" + spec.name + "': unknown model '" + modelName + "'");
        Job job;
        job.name = std::move(name);
        job.model = static_cast<std::uint32_t>(it - m_spec.models.begin());
        job.submittedAt = at;
        job.targetEpochs = m_spec.convergence.epochsToConverge(*it);
        m_jobs.push_back(std::move(job));
    };
    for (const ScriptedJob& job : m_spec.jobs)
        addJob(job.name, job.model, job.submitAt);
    // Random submissions (seed 004 §6.2): own stream, so no policy can perturb them.
    sim::RngStream rng(seed, "training-jobs/" + spec.name);
    for (std::int32_t i = 0; i < m_spec.count; ++i) {
        const std::string& modelName = m_spec.mix[static_cast<std::size_t>(rng.uniform() * static_cast<double>(m_spec.mix.size())) % m_spec.mix.size()];
        const auto at = static_cast<sim::SimTime>(rng.uniform(static_cast<double>(m_spec.submitFrom), static_cast<double>(m_spec.submitTo)));
        addJob("job-" + std::to_string(i + 1), modelName, at);
    }
    for (std::uint32_t j = 0; j < m_jobs.size(); ++j)
        m_jobByName.emplace(m_jobs[j].name, j);
}

std::int64_t TrainingJobsPlatform::workerOfNode(std::uint32_t node) const
{
    return node < m_workerOfNode.size() ? m_workerOfNode[node] : -1;
}

std::uint32_t TrainingJobsPlatform::spreadWorker() const
{
    std::uint32_t best = 0;
    for (std::uint32_t w = 1; w < m_workers.size(); ++w) {
        if (m_workers[w].running.size() < m_workers[best].running.size())
            best = w;
    }
    return best;
}

double TrainingJobsPlatform::evaluationOf(const Job& job) const
{
    return modelOf(job).evaluationAt(job.epochs);
}

void TrainingJobsPlatform::advance(Worker& worker, sim::SimTime now)
{
    for (const std::uint32_t j : worker.running) {
        Job& job = m_jobs[j];
        const double seconds = sim::toSeconds(now - job.updatedAt);
        if (seconds > 0.0) {
            job.epochs = std::min(job.targetEpochs, job.epochs + job.epochsPerSecond * seconds);
            job.coreSecondsSinceObserved += modelOf(job).busyCores(job.grantCores) * seconds;
        }
        job.updatedAt = now;
    }
}

void TrainingJobsPlatform::replan(std::uint32_t w, sim::SimTime now, bool demands)
{
    Worker& worker = m_workers[w];
    advance(worker, now);
    if (demands) {
        // First pass: each container capped by its limit; second: cores left idle go to those
        // whose threads could use more (soft limits).
        std::vector<double> caps(worker.running.size());
        for (std::size_t i = 0; i < caps.size(); ++i) {
            const Job& job = m_jobs[worker.running[i]];
            const double threads = modelOf(job).maxCores;
            caps[i] = job.limitCores > 0.0 ? std::min(job.limitCores, threads) : threads;
        }
        std::vector<double> grants = waterFill(worker.cores, caps);
        double used = 0;
        for (const double g : grants)
            used += g;
        if (worker.cores - used > 1e-12) {
            std::vector<double> headroom(caps.size());
            for (std::size_t i = 0; i < caps.size(); ++i)
                headroom[i] = modelOf(m_jobs[worker.running[i]]).maxCores - grants[i];
            const std::vector<double> extra = waterFill(worker.cores - used, headroom);
            for (std::size_t i = 0; i < caps.size(); ++i)
                grants[i] += extra[i];
        }
        for (std::size_t i = 0; i < grants.size(); ++i) {
            Job& job = m_jobs[worker.running[i]];
            job.grantCores = grants[i];
            const TrainingModel& model = modelOf(job);
            const double busy = model.busyCores(job.grantCores);
            env::NodeContention::Vector demand{};
            demand[indexOf(ContendedResource::Cpu)] = busy;
            demand[indexOf(ContendedResource::MemoryBandwidth)] = model.memoryBandwidthPerCore * busy;
            demand[indexOf(ContendedResource::DiskIo)] = model.diskBytesPerSecond;
            demand[indexOf(ContendedResource::NetworkBandwidth)] = model.networkBytesPerSecond;
            if (demand != m_contention.demandOf(job.resident))
                m_contention.setDemand(job.resident, demand);
            // No reservation in the contention model: these limits are soft (cores a container
            // leaves idle go to the others, seed 004 §5.1), so unlike a CFS quota they set aside
            // nothing and shield the container from none of its neighbours' SMT, cache or
            // memory-bandwidth pressure. (Passed as reservations, a limit of one core of four
            // removed a quarter of a container's contention slowdown at the same grant.)
        }
    }
    const double speed = 1.0;
    sim::SimTime next = std::numeric_limits<sim::SimTime>::max();
    for (const std::uint32_t j : worker.running) {
        Job& job = m_jobs[j];
        job.epochsPerSecond = modelOf(job).epochsPerSecond(job.grantCores, speed) / std::max(1e-9, job.slowdown);
        if (job.epochsPerSecond > 0.0) {
            const double seconds = (job.targetEpochs - job.epochs) / job.epochsPerSecond;
            next = std::min(next, now + std::max<sim::SimTime>(1, static_cast<sim::SimTime>(std::ceil(seconds * 1e9))));
        }
    }
    ++worker.version;
    worker.nextFinish = next;
    markRescheduled(w);
    if (demands && m_contention.dirty()) {
        m_contention.refresh(now);
        // Slowdowns changed: rates only (grants, hence demands, do not depend on slowdowns).
        std::vector<std::uint32_t> slowed;
        slowed.swap(m_slowed);
        for (const std::uint32_t other : slowed)
            replan(other, now, false);
    }
}

void TrainingJobsPlatform::markRescheduled(std::uint32_t worker)
{
    if (!m_isRescheduled[worker]) {
        m_isRescheduled[worker] = true;
        m_rescheduled.push_back(worker);
    }
}

std::vector<std::uint32_t> TrainingJobsPlatform::takeRescheduled()
{
    std::vector<std::uint32_t> out;
    out.swap(m_rescheduled);
    for (const std::uint32_t w : out)
        m_isRescheduled[w] = false;
    return out;
}

void TrainingJobsPlatform::slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime)
{
    Job& job = m_jobs[tag];
    job.slowdown = slowdown;
    if (!job.placed || job.finished)
        return;
    if (std::find(m_slowed.begin(), m_slowed.end(), job.worker) == m_slowed.end())
        m_slowed.push_back(job.worker);
}

void TrainingJobsPlatform::start(std::uint32_t j, std::uint32_t w, sim::SimTime now)
{
    Job& job = m_jobs[j];
    job.placed = true;
    job.worker = w;
    job.startedAt = now;
    job.updatedAt = now;
    job.observedAt = now;
    job.resident = m_contention.add(m_workers[w].node, modelOf(job).sensitivity, {}, this, j);
    job.slowdown = m_contention.slowdown(job.resident);
    advance(m_workers[w], now);
    m_workers[w].running.push_back(j);
    replan(w, now, true);
}

std::vector<std::uint32_t> TrainingJobsPlatform::finishDue(std::uint32_t w, sim::SimTime now)
{
    Worker& worker = m_workers[w];
    advance(worker, now);
    std::vector<std::uint32_t> done;
    for (std::size_t i = 0; i < worker.running.size();) {
        Job& job = m_jobs[worker.running[i]];
        // Within a nanosecond of its target: rounding of the completion time to whole ns.
        if (job.targetEpochs - job.epochs <= kEpochTolerance * std::max(1.0, job.targetEpochs) + job.epochsPerSecond * 1e-9) {
            job.epochs = job.targetEpochs;
            job.finished = true;
            job.finishedAt = now;
            job.grantCores = 0;
            m_contention.remove(job.resident);
            done.push_back(worker.running[i]);
            worker.running.erase(worker.running.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
            ++i;
        }
    }
    replan(w, now, true);
    return done;
}

policy::Observation TrainingJobsPlatform::observe(sim::SimTime now, std::int64_t onlyWorker)
{
    policy::Observation observation;
    observation.time = now;
    observation.period = onlyWorker >= 0 ? 0 : m_spec.controlPeriod; // 0: one worker's alert (Alg. 2)
    const std::size_t first = onlyWorker >= 0 ? static_cast<std::size_t>(onlyWorker) : 0;
    const std::size_t last = onlyWorker >= 0 ? first + 1 : m_workers.size();
    for (std::size_t w = first; w < last; ++w) {
        Worker& worker = m_workers[w];
        advance(worker, now);
        for (const std::uint32_t j : worker.running) {
            Job& job = m_jobs[j];
            policy::TargetObservation target;
            target.name = job.name;
            target.group = modelOf(job).name;
            target.node = worker.name;
            target.nodeCores = worker.cores;
            target.replicas = 1;
            target.limit[policy::indexOf(policy::ControlResource::Cpu)] = job.limitCores;
            const double seconds = sim::toSeconds(now - job.observedAt);
            target.usage[policy::indexOf(policy::ControlResource::Cpu)] =
                seconds > 0.0 ? job.coreSecondsSinceObserved / seconds : modelOf(job).busyCores(job.grantCores);
            if (modelOf(job).reportsEvaluation)
                target.evaluation = evaluationOf(job);
            job.coreSecondsSinceObserved = 0;
            job.observedAt = now;
            observation.targets.push_back(std::move(target));
        }
    }
    return observation;
}

std::vector<policy::ActionOutcome> TrainingJobsPlatform::apply(const std::vector<policy::ControlAction>& actions, sim::SimTime now)
{
    std::vector<policy::ActionOutcome> outcomes;
    std::vector<std::uint32_t> touched;
    for (const policy::ControlAction& action : actions) {
        policy::ActionOutcome outcome;
        outcome.requested = action;
        outcome.applied = action;
        const auto found = m_jobByName.find(action.target);
        Job* it = found == m_jobByName.end() ? nullptr : &m_jobs[found->second];
        if (action.kind != policy::ControlAction::Kind::SetLimit || action.resource != policy::ControlResource::Cpu) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "training-jobs containers take CPU limits only";
        } else if (!it || !it->placed || it->finished) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "no running training container '" + action.target + "'";
        } else if (!(action.value >= 0.0)) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "a CPU limit must be ≥ 0 cores (0 = none)";
        } else {
            const double cores = m_workers[it->worker].cores;
            double limit = action.value >= cores ? 0.0 : action.value;
            if (limit > 0.0 && limit < kMinimumLimitCores) {
                limit = kMinimumLimitCores;
                outcome.status = policy::ActionOutcome::Status::Converted;
                outcome.applied.value = limit;
                outcome.reason = "the smallest CPU limit a container can have is 0.01 cores";
            }
            if (limit != it->limitCores) {
                it->limitCores = limit;
                ++m_limitChanges;
                if (std::find(touched.begin(), touched.end(), it->worker) == touched.end())
                    touched.push_back(it->worker);
            }
        }
        outcomes.push_back(std::move(outcome));
    }
    for (const std::uint32_t w : touched)
        replan(w, now, true);
    return outcomes;
}

} // namespace orrery::kinds::training_jobs
