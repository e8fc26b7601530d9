// Batching in the model-serving kind (docs/model.md "Batching"): dynamic batches as Triton's
// dynamic batcher forms them, continuous batches as Orca and vLLM run them (seed 001 Appendix
// B.3 names both). The rest of ModelServingPlatform is in model_serving_platform.cpp.
#include "kinds/model_serving/model_serving_platform.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::kinds::model_serving {
namespace {

constexpr sim::SimTime kNever = std::numeric_limits<sim::SimTime>::max();
//! Decoding progress is kept in tokens as doubles; event times are rounded up to whole
//! nanoseconds, so a step boundary or a last token is reached within this.
constexpr double kTokenTolerance = 1e-6;

sim::SimTime after(sim::SimTime now, double seconds)
{
    return now + std::max<sim::SimTime>(1, static_cast<sim::SimTime>(std::ceil(seconds * 1e9)));
}

} // namespace

void ModelServingPlatform::enqueueBatched(Device& device, std::uint32_t id)
{
    const Request& request = m_requests[id];
    // Without a queue policy every priority is 0: the sequence keeps arrival order (FCFS).
    device.batch.queues[request.model].push({{m_queue ? request.priority : 0.0, request.sequence}, id});
    ++device.batch.queued;
}

double ModelServingPlatform::batchPrefillSeconds(Device& device, std::uint32_t model, std::uint32_t batch)
{
    std::vector<double>& times = device.batch.prefillByBatch[model];
    while (times.size() < batch)
        times.push_back(m_models[model].profile->prefillBatchSeconds(static_cast<std::uint32_t>(times.size() + 1), device.mhz,
                                                                     device.power.profile()));
    return times[batch - 1];
}

double ModelServingPlatform::batchStepSeconds(Device& device, std::uint32_t model, std::uint32_t batch)
{
    std::vector<double>& times = device.batch.stepByBatch[model];
    while (times.size() < batch)
        times.push_back(m_models[model].profile->decodeStepSeconds(static_cast<std::uint32_t>(times.size() + 1), device.mhz,
                                                                   device.power.profile()));
    return times[batch - 1];
}

void ModelServingPlatform::noteBatchTime(Device& device, std::size_t requests, double seconds)
{
    device.period.batchRequestSeconds += static_cast<double>(requests) * seconds;
    device.period.batchSeconds += seconds;
    m_batchRequestSeconds += static_cast<double>(requests) * seconds;
    m_batchSeconds += seconds;
}

void ModelServingPlatform::becomeBusy(Device& device, sim::SimTime now)
{
    device.busySince = now;
}

void ModelServingPlatform::becomeIdle(Device& device, sim::SimTime now)
{
    device.period.busyNs += now - std::max(device.busySince, m_periodStart);
    device.utilizationSeconds += sim::toSeconds(now - device.busySince);
}

void ModelServingPlatform::takeQueued(Device& device, std::uint32_t model, std::uint32_t count, std::vector<std::uint32_t>& into,
                                      sim::SimTime now)
{
    RequestHeap& queue = device.batch.queues[model];
    for (std::uint32_t k = 0; k < count && !queue.empty(); ++k) {
        const std::uint32_t id = queue.top().second;
        queue.pop();
        --device.batch.queued;
        Request& request = m_requests[id];
        request.startedAt = now;
        request.serviceSeconds = serviceSeconds(device, request); // alone, for the model's stretch
        into.push_back(id);
    }
}

sim::SimTime ModelServingPlatform::startBatch(Device& device, sim::SimTime now)
{
    BatchState& batch = device.batch;
    if (batch.queued == 0)
        return kNever;
    // A model's batch is due when it is full or its head request has waited maxQueueDelay
    // (Triton); of the due ones the head first in queue order goes; else wait for the earliest due.
    std::uint32_t pick = kNone;
    std::pair<double, std::uint64_t> pickKey{};
    sim::SimTime wake = kNever;
    for (std::uint32_t m = 0; m < m_models.size(); ++m) {
        const RequestHeap& queue = batch.queues[m];
        if (queue.empty())
            continue;
        const RequestBatching& policy = m_models[m].batching;
        const std::size_t size = policy.batches() ? policy.maxBatchSize : 1;
        const sim::SimTime delay = policy.mode == BatchingMode::Dynamic ? policy.maxQueueDelay : 0;
        const sim::SimTime due = m_requests[queue.top().second].arrivedAt + delay;
        if (queue.size() >= size || now >= due) {
            if (pick == kNone || queue.top().first < pickKey) {
                pick = m;
                pickKey = queue.top().first;
            }
        } else {
            wake = std::min(wake, due);
        }
    }
    if (pick == kNone)
        return wake;
    const RequestBatching& policy = m_models[pick].batching;
    const std::uint32_t size = policy.batches() ? policy.maxBatchSize : 1;
    becomeBusy(device, now);
    batch.model = pick;
    if (policy.mode == BatchingMode::Continuous) {
        beginJoin(device, now, size);
        return batch.phaseEnd;
    }
    takeQueued(device, pick, size, batch.running, now);
    const auto count = static_cast<std::uint32_t>(batch.running.size());
    double seconds = 0;
    if (count == 1) {
        seconds = m_requests[batch.running.front()].serviceSeconds; // exactly as without batching
    } else {
        // The batch runs as one: its prompt pass, then decoding until its longest output is done
        // (a static batch pads the shorter ones, as a framework's batched generate does).
        std::uint32_t tokens = 0;
        for (const std::uint32_t id : batch.running)
            tokens = std::max(tokens, m_requests[id].outputTokens);
        seconds = batchPrefillSeconds(device, pick, count) + tokens * batchStepSeconds(device, pick, count);
    }
    batch.phaseEnd = now + std::max<sim::SimTime>(1, sim::fromSeconds(seconds)); // rounded as startNext rounds
    return batch.phaseEnd;
}

void ModelServingPlatform::beginJoin(Device& device, sim::SimTime now, std::uint32_t room)
{
    BatchState& batch = device.batch;
    const std::uint32_t limit = m_models[batch.model].batching.maxBatchSize;
    const auto running = static_cast<std::uint32_t>(batch.running.size());
    batch.joining.clear();
    takeQueued(device, batch.model, std::min(room, limit - std::min(limit, running)), batch.joining, now);
    // Orca's selective batching: one iteration runs the joiners' prompts and one decoding step
    // of the others (the two parts' times added: each reads the weights itself, an upper bound).
    const double seconds = batchPrefillSeconds(device, batch.model, static_cast<std::uint32_t>(batch.joining.size()))
                           + (running > 0 ? batchStepSeconds(device, batch.model, running) : 0.0);
    batch.phaseEnd = after(now, seconds);
    batch.segmentStart = now;
    noteBatchTime(device, running + batch.joining.size(), sim::toSeconds(batch.phaseEnd - now));
}

sim::SimTime ModelServingPlatform::continueBatch(Device& device, sim::SimTime now)
{
    BatchState& batch = device.batch;
    if (!batch.joining.empty()) {
        if (now < batch.phaseEnd)
            return batch.phaseEnd;
        // The join iteration is over: the others produced a token, the joiners their prompt pass.
        for (double& remaining : batch.remainingTokens)
            remaining -= 1;
        for (const std::uint32_t id : batch.joining) {
            batch.running.push_back(id);
            batch.remainingTokens.push_back(std::max<std::uint32_t>(1, m_requests[id].outputTokens));
        }
        batch.joining.clear();
    } else if (batch.stepSeconds > 0) {
        const double seconds = sim::toSeconds(now - batch.segmentStart);
        for (double& remaining : batch.remainingTokens)
            remaining -= seconds / batch.stepSeconds;
        noteBatchTime(device, batch.running.size(), seconds);
    }
    batch.segmentStart = now;
    // Requests whose last token is out leave the batch (order kept: it decides nothing, but
    // the same order every run).
    std::size_t kept = 0;
    for (std::size_t i = 0; i < batch.running.size(); ++i) {
        if (batch.remainingTokens[i] <= kTokenTolerance) {
            finish(device, batch.running[i], now);
            continue;
        }
        batch.running[kept] = batch.running[i];
        batch.remainingTokens[kept] = batch.remainingTokens[i];
        ++kept;
    }
    batch.running.resize(kept);
    batch.remainingTokens.resize(kept);
    if (batch.running.empty()) {
        becomeIdle(device, now);
        batch.model = kNone;
        batch.stepSeconds = 0;
        return startBatch(device, now);
    }
    const auto size = static_cast<std::uint32_t>(batch.running.size());
    batch.stepSeconds = batchStepSeconds(device, batch.model, size);
    // Queued requests of the batch's model join at the next step boundary, unless a request of
    // another model is ahead of them in queue order: then the batch drains and that one goes next.
    const RequestHeap& own = batch.queues[batch.model];
    bool join = size < m_models[batch.model].batching.maxBatchSize && !own.empty();
    for (std::uint32_t m = 0; join && m < m_models.size(); ++m)
        join = m == batch.model || batch.queues[m].empty() || own.top().first < batch.queues[m].top().first;
    if (join) {
        // Every member has decoded the same fraction of the current step since the last boundary.
        const double toBoundary = batch.remainingTokens.front() - std::floor(batch.remainingTokens.front() + kTokenTolerance);
        if (toBoundary <= kTokenTolerance) {
            beginJoin(device, now, m_models[batch.model].batching.maxBatchSize - size);
            return batch.phaseEnd;
        }
        return after(now, toBoundary * batch.stepSeconds);
    }
    const double fewest = *std::min_element(batch.remainingTokens.begin(), batch.remainingTokens.end());
    return after(now, fewest * batch.stepSeconds);
}

void ModelServingPlatform::completeBatched(Device& device, sim::SimTime now)
{
    BatchState& batch = device.batch;
    batch.scheduledAt = kNever; // the event that called this is spent
    if (!batch.inService() || m_models[batch.model].batching.mode == BatchingMode::Continuous || now < batch.phaseEnd)
        return; // continuous progress is accounted by dispatchBatched
    noteBatchTime(device, batch.running.size(), sim::toSeconds(now - device.busySince));
    for (const std::uint32_t id : batch.running)
        finish(device, id, now);
    batch.running.clear();
    batch.model = kNone;
    becomeIdle(device, now);
    refreshPower(device, now);
}

sim::SimTime ModelServingPlatform::dispatchBatched(std::uint32_t d, sim::SimTime now)
{
    Device& device = m_devices[d];
    BatchState& batch = device.batch;
    const bool wasBusy = batch.inService();
    sim::SimTime next = kNever;
    if (!batch.inService())
        next = startBatch(device, now);
    else if (m_models[batch.model].batching.mode == BatchingMode::Continuous)
        next = continueBatch(device, now);
    else
        next = batch.phaseEnd;
    if (batch.inService() != wasBusy) // only on a change: the energy integral is split as without batching
        refreshPower(device, now);
    if (next == kNever || next == batch.scheduledAt)
        return kNever; // nothing to wait for, or its event is already in the queue
    ++device.version;
    batch.scheduledAt = next;
    return next;
}

} // namespace orrery::kinds::model_serving
