#include "kinds/model_serving/model_serving_platform.h"

#include "kinds/model_serving/serving_model_catalog.h"
#include "model/cluster.h"
#include "policy/queue_policy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

namespace orrery::kinds::model_serving {
namespace {

constexpr double kRatioScale = 1e6; //!< latency/SLO ratios are kept in a LatencyHistogram as ratio × 1e6
//! A pipeline stage's hand-off costs this besides its bytes over the interconnect (ASSUMPTION: a
//! peer-to-peer copy's launch and synchronisation, order of 10 µs; docs/model.md "Pipeline parallelism").
constexpr double kStageTransferLatencySeconds = 10e-6;
//! A partition search is offered pipelines of up to this many stages (AlpaServe's max_pp default).
constexpr std::size_t kMaxOfferedStages = 8;

//! The median generated-token count of a trace (an autoregressive model's typical N).
std::uint32_t medianOutputTokens(const LlmRequestTrace& trace)
{
    std::vector<std::uint32_t> tokens;
    tokens.reserve(trace.requests.size());
    for (const auto& row : trace.requests)
        tokens.push_back(row.generatedTokens);
    std::nth_element(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(tokens.size() / 2), tokens.end());
    return tokens[tokens.size() / 2];
}

} // namespace

ModelServingPlatform::ModelServingPlatform(const ModelServingSpec& spec, std::uint64_t seed, model::Cluster& cluster)
    : m_spec(spec)
    , m_cluster(cluster)
{
    const GpuDeviceProfile* gpu = findGpuProfile(spec.gpu);
    if (!gpu)
        throw std::invalid_argument("workload '" + spec.name + "': unknown GPU profile '" + spec.gpu + "'");
    m_gpu = *gpu;
    m_deviceOfNode.assign(cluster.nodes().size(), kNone);
    for (const model::Node& node : cluster.nodes()) {
        if (!spec.devicePool.empty() && cluster.poolOf(node.id).name != spec.devicePool)
            continue;
        // The node's GPU model names its profile when there is one; else the workload's `gpu`.
        const GpuDeviceProfile* own = nullptr;
        std::string gpuModel;
        for (const model::DeviceSpec& fitted : cluster.poolOf(node.id).devices) {
            if (fitted.kind == model::DeviceKind::Gpu && !own)
                own = findGpuProfile(fitted.model);
            if (fitted.kind == model::DeviceKind::Gpu && gpuModel.empty())
                gpuModel = fitted.model;
        }
        const GpuDeviceProfile& profile = own ? *own : m_gpu;
        Device device{node.name, node.id, GpuPowerModel(profile), profile.defaultMhz, 0, {}, {}, {}, {}, {}, kNone, 0, {}, 0, 0, {},
                      {}, {}, {}, 0, 0, 0, 0, {}};
        device.gpuModel = std::move(gpuModel);
        device.energy.setWatts(0, device.power.watts(device.mhz, 0.0));
        device.pricePerHour = cluster.poolOf(node.id).pricePerHourUsd;
        m_deviceOfNode[node.id] = static_cast<std::uint32_t>(m_devices.size());
        m_devices.push_back(std::move(device));
    }
    if (m_devices.empty())
        throw std::invalid_argument("workload '" + spec.name + "': no GPU devices (pool '" + spec.devicePool + "' has no nodes)");
    for (std::size_t m = 0; m < spec.models.size(); ++m) {
        const ServedModel& served = spec.models[m];
        Model model;
        model.profile = &servingModel(served.model);
        model.served = &served;
        model.sloScale = served.sloScale > 0 ? served.sloScale : spec.sloScale;
        const std::uint32_t typical = served.trace ? medianOutputTokens(*served.trace) : served.outputTokens;
        model.typicalTokens = model.profile->autoregressive ? typical : 0;
        model.sensitivityPerMhz = model.profile->sensitivityPerMhz(model.typicalTokens, m_gpu);
        model.alonePrefillSeconds = model.profile->requestSeconds(0, m_gpu.defaultMhz, m_gpu);
        model.alonePerTokenSeconds = model.profile->autoregressive
            ? model.profile->requestSeconds(1, m_gpu.defaultMhz, m_gpu) - model.alonePrefillSeconds
            : 0.0;
        for (const Device& device : m_devices) {
            const GpuDeviceProfile& card = device.power.profile();
            const auto known = std::find_if(model.aloneSecondsByType.begin(), model.aloneSecondsByType.end(),
                                            [&](const auto& entry) { return entry.first == card.name; });
            if (known != model.aloneSecondsByType.end())
                continue;
            const double prefill = model.profile->requestSeconds(0, card.defaultMhz, card);
            const double perToken = model.profile->autoregressive ? model.profile->requestSeconds(1, card.defaultMhz, card) - prefill : 0.0;
            model.aloneSecondsByType.emplace_back(card.name, prefill + perToken * model.typicalTokens);
        }
        model.replicas = std::max(0, served.replicas);
        model.stages = std::max<std::uint32_t>(1, served.pipelineStages);
        if (model.stages > 1)
            model.pipelines.assign(static_cast<std::size_t>(model.replicas), std::vector<std::uint32_t>(model.stages, kNone));
        model.batching = served.batching.value_or(spec.batching);
        if (model.batching.mode == BatchingMode::Continuous && !model.profile->autoregressive)
            model.batching.mode = BatchingMode::Dynamic; // nothing to join between steps: it batches whole requests
        m_batching = m_batching || model.batching.batches();
        m_models.push_back(std::move(model));
        m_arrivalRng.emplace_back(seed, "model-serving/" + spec.name + "/" + std::to_string(m) + "/" + served.model);
    }
    for (Device& device : m_devices) {
        device.held.assign(m_models.size(), 0);
        if (m_batching) {
            device.batch.queues.resize(m_models.size());
            device.batch.prefillByBatch.resize(m_models.size());
            device.batch.stepByBatch.resize(m_models.size());
        }
    }
    for (Model& model : m_models)
        model.nextReplica = static_cast<std::uint32_t>(model.replicas);
    m_traceCursor.assign(m_models.size(), 0);
    m_traceOffset.assign(m_models.size(), 0);
    m_nextRow.assign(m_models.size(), kNone);
}

void ModelServingPlatform::PeriodStats::reset()
{
    arrived = completed = withinSlo = 0;
    busyNs = 0;
    latency.clear();
    sloRatio.clear();
    weightedSensitivity = 0;
    joulesAtStart = 0;
    batchRequestSeconds = batchSeconds = 0;
}

void ModelServingPlatform::Model::Period::reset()
{
    arrived = completed = withinSlo = 0;
    serviceSeconds = aloneServiceSeconds = 0;
    latency.clear();
}

std::size_t ModelServingPlatform::Device::queued() const
{
    std::size_t waiting = fifo.size() + heap.size() + batch.queued;
    for (const Instance& instance : instances)
        waiting += instance.queued();
    return waiting;
}

bool ModelServingPlatform::Device::busy() const
{
    return serving != kNone || batch.inService()
        || std::any_of(instances.begin(), instances.end(), [](const Instance& i) { return i.serving != kNone; });
}

std::uint32_t ModelServingPlatform::deviceOfNode(std::uint32_t node) const
{
    return node < m_deviceOfNode.size() ? m_deviceOfNode[node] : kNone;
}

namespace {

//! A pipelined replica's stage units carry replica × kStagesPerReplica + stage in their id's low half.
constexpr std::uint32_t kStagesPerReplica = 64;

policy::PendingUnit makeUnit(const ModelServingSpec& spec, const ModelServingPlatform::Model& model, std::uint32_t m, std::uint32_t replica,
                             std::uint32_t stage = 0)
{
    policy::PendingUnit unit;
    unit.id = (static_cast<std::uint64_t>(m) << 32) | (model.stages > 1 ? replica * kStagesPerReplica + stage : replica);
    unit.workload = spec.name;
    unit.service = model.profile->name;
    unit.request.memoryBytes = model.profile->memoryBytes / model.stages;
    unit.slo = sim::fromSeconds(model.sloScale * model.profile->latencySeconds);
    unit.features = {{"sensitivityPerMhz", model.sensitivityPerMhz},
                     {"latencySeconds", model.profile->latencySeconds / model.stages}, // of this unit's part
                     {"requestRate", model.served->meanRatePerSecond() / static_cast<double>(std::max(1, model.replicas))},
                     {"autoregressive", model.profile->autoregressive ? 1.0 : 0.0},
                     {"replicaIndex", static_cast<double>(replica)},
                     {"gpuShare", model.served->gpuMilli / 1000.0}};
    if (model.stages > 1) {
        unit.features["stage"] = stage;
        unit.features["stages"] = model.stages;
    }
    return unit;
}

} // namespace

std::vector<policy::PendingUnit> ModelServingPlatform::replicaUnits() const
{
    std::vector<policy::PendingUnit> units;
    for (std::uint32_t m = 0; m < m_models.size(); ++m) {
        for (std::int32_t r = 0; r < m_models[m].replicas; ++r) {
            for (std::uint32_t k = 0; k < m_models[m].stages; ++k)
                units.push_back(makeUnit(m_spec, m_models[m], m, static_cast<std::uint32_t>(r), k));
        }
    }
    return units;
}

namespace {

//! The coefficient of variation of the gaps between a trace's arrivals (1 when it has too few).
double arrivalGapCv(const LlmRequestTrace& trace)
{
    if (trace.requests.size() < 3)
        return 1.0;
    double sum = 0, squares = 0;
    for (std::size_t i = 1; i < trace.requests.size(); ++i) {
        const double gap = trace.requests[i].arrivalSeconds - trace.requests[i - 1].arrivalSeconds;
        sum += gap;
        squares += gap * gap;
    }
    const auto n = static_cast<double>(trace.requests.size() - 1);
    const double mean = sum / n;
    return mean > 0 ? std::sqrt(std::max(0.0, squares / n - mean * mean)) / mean : 1.0;
}

} // namespace

std::vector<double> ModelServingPlatform::unreplayedArrivals(std::uint32_t m, sim::SimTime horizon) const
{
    const ServedModel& served = *m_models[m].served;
    std::vector<double> arrivals;
    if (served.arrivals != ArrivalMode::Trace || !served.trace || served.trace->requests.size() < 2)
        return arrivals;
    const auto& rows = served.trace->requests;
    const double span = rows.back().arrivalSeconds - rows.front().arrivalSeconds;
    const double meanGap = span > 0 ? span / static_cast<double>(rows.size() - 1) : 1.0;
    const double scale = served.ratePerSecond > 0 ? (1.0 / meanGap) / served.ratePerSecond : 1.0; // as nextArrival() replays it
    const double end = sim::toSeconds(horizon);
    for (const auto& row : rows) {
        const double at = (row.arrivalSeconds - rows.front().arrivalSeconds) * scale;
        if (at >= end)
            arrivals.push_back(at - end);
    }
    return arrivals;
}

policy::ServingPlanRequest ModelServingPlatform::servingPlanRequest(sim::SimTime horizon) const
{
    policy::ServingPlanRequest request;
    for (const Device& device : m_devices)
        request.devices.push_back({device.node, device.power.profile().memoryBytes});
    for (const Model& model : m_models) {
        policy::ServedModelDemand demand;
        demand.model = model.profile->name;
        demand.requestRate = model.served->meanRatePerSecond();
        demand.arrivalCv = model.served->arrivals == ArrivalMode::Trace && model.served->trace ? arrivalGapCv(*model.served->trace) : 1.0;
        const double alone = model.alonePrefillSeconds + model.alonePerTokenSeconds * model.typicalTokens;
        demand.sloSeconds = model.sloScale * alone;
        demand.recordedArrivalSeconds = unreplayedArrivals(static_cast<std::uint32_t>(&model - m_models.data()), horizon);
        demand.replicas = model.replicas;
        demand.stages = model.stages;
        demand.options = partitionOptions(model);
        request.models.push_back(std::move(demand));
    }
    return request;
}

std::vector<policy::PartitionOption> ModelServingPlatform::partitionOptions(const Model& model) const
{
    // Pipelines are not modelled with concurrent sharing, batching or autoscaling (the reader
    // refuses pipelineStages there), so those models are offered their declared form only.
    const auto maxStages = static_cast<std::uint32_t>(std::min<std::size_t>(m_devices.size(), kMaxOfferedStages));
    const bool pipelines = !concurrent() && !m_spec.autoscaling && !model.batching.batches();
    const double alone = model.alonePrefillSeconds + model.alonePerTokenSeconds * model.typicalTokens;
    const double handoff = kStageTransferLatencySeconds + model.profile->stageTransferBytes(model.typicalTokens) / m_gpu.interconnectBytesPerSecond;
    std::vector<policy::PartitionOption> options;
    for (std::uint32_t s = 1; s <= std::max(maxStages, model.stages); ++s) {
        if (s == model.stages || (pipelines && s <= maxStages))
            options.push_back({s, model.profile->memoryBytes / s, alone / s, alone + (s - 1) * handoff});
    }
    return options;
}

void ModelServingPlatform::applyPartition(std::uint32_t m, const policy::ModelPartition& partition)
{
    Model& model = m_models.at(m);
    const std::vector<policy::PartitionOption> options = partitionOptions(model); // as servingPlanRequest() offered them
    if (partition.replicas < 0 || std::none_of(options.begin(), options.end(), [&](const auto& o) { return o.stages == partition.stages; }))
        throw std::invalid_argument("workload '" + m_spec.name + "', model " + model.profile->name + ": the placement policy's plan asks "
                                    + std::to_string(partition.replicas) + " replicas of " + std::to_string(partition.stages)
                                    + " stages, which this workload cannot run (docs/model.md \"Pipeline parallelism\")");
    model.replicas = partition.replicas;
    model.stages = partition.stages;
    model.pipelines.clear();
    if (model.stages > 1)
        model.pipelines.assign(static_cast<std::size_t>(model.replicas), std::vector<std::uint32_t>(model.stages, kNone));
    model.nextReplica = static_cast<std::uint32_t>(model.replicas);
}

policy::PendingUnit ModelServingPlatform::nextReplicaUnit(std::uint32_t model, const std::string& gpuType)
{
    policy::PendingUnit unit = makeUnit(m_spec, m_models[model], model, m_models[model].nextReplica++);
    unit.deviceModel = gpuType;
    return unit;
}

std::uint32_t ModelServingPlatform::modelIndex(std::string_view name) const
{
    for (std::uint32_t m = 0; m < m_models.size(); ++m) {
        if (m_models[m].profile->name == name)
            return m;
    }
    return kNone;
}

std::uint32_t ModelServingPlatform::residentIndex(const Device& device, std::uint32_t model) const
{
    for (std::size_t i = 0; i < device.models.size(); ++i) {
        if (device.models[i] == model && device.residentState[i] == 0)
            return static_cast<std::uint32_t>(i);
    }
    return kNone;
}

bool ModelServingPlatform::addResident(Device& device, std::uint32_t d, std::uint32_t m, const policy::PendingUnit& unit, bool route)
{
    const ServingModelProfile& profile = *m_models[m].profile;
    const std::int64_t bytes = profile.memoryBytes / m_models[m].stages; // a stage holds its share of the weights
    // Weights must fit the GPU's memory. Served one request at a time, a second replica on the
    // same GPU adds nothing; shared concurrently, it adds throughput (at the interference's cost).
    const GpuDeviceProfile& gpu = device.power.profile();
    const std::int32_t milli = m_models[m].served->gpuMilli;
    if ((!concurrent() && residentIndex(device, m) != kNone) || device.memoryUsedBytes + bytes > gpu.memoryBytes
        || (milli > 0 && device.sharedMilli + milli > 1000))
        return false;
    if (!m_cluster.allocate(device.node, unit.request))
        return false;
    device.memoryUsedBytes += bytes;
    device.sharedMilli += milli;
    device.models.push_back(m);
    device.residentState.push_back(0);
    device.prefillSeconds.push_back(profile.requestSeconds(0, device.mhz, gpu));
    device.perTokenSeconds.push_back(profile.autoregressive
                                         ? profile.requestSeconds(1, device.mhz, gpu) - device.prefillSeconds.back()
                                         : 0.0);
    if (concurrent()) {
        Instance instance;
        instance.model = m;
        const double alone = m_spec.interference.shareOf(m_models[m].profile->curve(m_models[m].typicalTokens, gpu).computeFraction());
        instance.share = GpuInterference::cappedShare(alone, milli / 1000.0);
        instance.speedCap = GpuInterference::capSpeed(alone, milli / 1000.0);
        device.instances.push_back(std::move(instance));
    }
    if (route)
        activate(m, d);
    return true;
}

bool ModelServingPlatform::placeReplica(const policy::PendingUnit& unit, std::uint32_t node, sim::SimTime /*now*/)
{
    const std::uint32_t d = deviceOfNode(node);
    const auto m = static_cast<std::uint32_t>(unit.id >> 32);
    if (d == kNone || m >= m_models.size())
        return false;
    Model& model = m_models[m];
    if (model.stages == 1)
        return addResident(m_devices[d], d, m, unit, /*route=*/true);
    const auto low = static_cast<std::uint32_t>(unit.id & 0xffffffffU);
    const std::uint32_t replica = low / kStagesPerReplica, stage = low % kStagesPerReplica;
    if (replica >= model.pipelines.size() || stage >= model.stages || !addResident(m_devices[d], d, m, unit, /*route=*/false))
        return false;
    std::vector<std::uint32_t>& pipeline = model.pipelines[replica];
    pipeline[stage] = d;
    if (std::none_of(pipeline.begin(), pipeline.end(), [](std::uint32_t at) { return at == kNone; }))
        model.readyPipelines.push_back(replica);
    return true;
}

bool ModelServingPlatform::placeLaunchingReplica(const policy::PendingUnit& unit, std::uint32_t node, sim::SimTime /*now*/)
{
    const std::uint32_t d = deviceOfNode(node);
    const auto m = static_cast<std::uint32_t>(unit.id >> 32);
    if (d == kNone || m >= m_models.size() || !addResident(m_devices[d], d, m, unit, /*route=*/false))
        return false;
    ++m_models[m].launching;
    return true;
}

void ModelServingPlatform::activate(std::uint32_t m, std::uint32_t d)
{
    Model& model = m_models[m];
    Device& device = m_devices[d];
    if (concurrent()) {
        // The newest serving entry of the model on this device is the new instance.
        for (std::size_t i = device.models.size(); i-- > 0;) {
            if (device.models[i] == m && device.residentState[i] == 0) {
                model.instances.emplace_back(d, static_cast<std::uint32_t>(i));
                break;
            }
        }
    }
    model.devices.push_back(d);
}

void ModelServingPlatform::finishLaunch(std::uint32_t m, std::uint32_t d)
{
    m_models[m].launching = std::max(0, m_models[m].launching - 1);
    activate(m, d);
}

std::optional<std::uint32_t> ModelServingPlatform::retire(std::uint32_t m, const std::string& gpuType, sim::SimTime /*now*/)
{
    Model& model = m_models[m];
    for (std::size_t k = model.devices.size(); k-- > 0;) {
        const std::uint32_t d = model.devices[k];
        Device& device = m_devices[d];
        if (!gpuType.empty() && device.power.profile().name != gpuType)
            continue;
        std::uint32_t resident = kNone;
        if (concurrent()) {
            // model.instances is parallel to model.devices.
            resident = model.instances[k].second;
            model.instances.erase(model.instances.begin() + static_cast<std::ptrdiff_t>(k));
        } else {
            resident = residentIndex(device, m);
        }
        model.devices.erase(model.devices.begin() + static_cast<std::ptrdiff_t>(k));
        if (resident == kNone)
            return std::nullopt;
        device.residentState[resident] = 1;
        ++device.retiring;
        releaseDrained(d);
        return d;
    }
    return std::nullopt;
}

std::int32_t ModelServingPlatform::servingReplicas(std::uint32_t m, const std::string& gpuType) const
{
    std::int32_t count = 0;
    for (const std::uint32_t d : m_models[m].devices)
        count += gpuType.empty() || m_devices[d].power.profile().name == gpuType ? 1 : 0;
    return count;
}

bool ModelServingPlatform::holdsRequestsOf(const Device& device, std::uint32_t resident) const
{
    if (concurrent()) {
        const Instance& instance = device.instances[resident];
        return instance.serving != kNone || instance.queued() > 0;
    }
    return device.held[device.models[resident]] > 0;
}

void ModelServingPlatform::releaseDrained(std::uint32_t d)
{
    Device& device = m_devices[d];
    if (device.retiring == 0)
        return;
    for (std::size_t i = 0; i < device.models.size(); ++i) {
        if (device.residentState[i] != 1 || holdsRequestsOf(device, static_cast<std::uint32_t>(i)))
            continue;
        // Exclusive: another serving replica of the model here would share the queue; keep it.
        const ServingModelProfile& profile = *m_models[device.models[i]].profile;
        device.residentState[i] = 2;
        --device.retiring;
        device.memoryUsedBytes -= profile.memoryBytes / m_models[device.models[i]].stages;
        device.sharedMilli -= m_models[device.models[i]].served->gpuMilli;
        model::Resources request;
        request.memoryBytes = profile.memoryBytes / m_models[device.models[i]].stages;
        m_cluster.release(device.node, request);
    }
}

void ModelServingPlatform::noteUnplaced(std::uint32_t model) { ++m_models.at(model).replicasUnplaced; }

sim::SimTime ModelServingPlatform::nextArrival(std::uint32_t m, sim::SimTime now)
{
    const ServedModel& served = *m_models[m].served;
    sim::RngStream& rng = m_arrivalRng[m];
    if (served.arrivals == ArrivalMode::Poisson) {
        if (served.trace)
            m_nextRow[m] = static_cast<std::uint32_t>(rng.below(served.trace->requests.size()));
        return now + std::max<sim::SimTime>(1, sim::fromSeconds(rng.exponential(1.0 / served.ratePerSecond)));
    }
    if (served.arrivals == ArrivalMode::Process) {
        if (served.trace)
            m_nextRow[m] = static_cast<std::uint32_t>(rng.below(served.trace->requests.size()));
        // No horizon here: the engine drops events past it, and thinning accepts within a period.
        const std::optional<double> gap = served.process.nextGapSeconds(rng, now, 1.0, std::numeric_limits<sim::SimTime>::max() / 4);
        return gap ? now + std::max<sim::SimTime>(1, sim::fromSeconds(*gap)) : std::numeric_limits<sim::SimTime>::max();
    }
    // Replay: row times scaled so that the mean rate is `rate` (when given); the trace repeats.
    const auto& rows = served.trace->requests;
    const double span = rows.back().arrivalSeconds - rows.front().arrivalSeconds;
    const double meanGap = rows.size() > 1 && span > 0 ? span / static_cast<double>(rows.size() - 1) : 1.0;
    const double recordedRate = 1.0 / meanGap;
    const double scale = served.ratePerSecond > 0 ? recordedRate / served.ratePerSecond : 1.0;
    std::size_t& cursor = m_traceCursor[m];
    if (cursor == rows.size()) {
        m_traceOffset[m] += sim::fromSeconds((span + meanGap) * scale);
        cursor = 0;
    }
    m_nextRow[m] = static_cast<std::uint32_t>(cursor);
    const sim::SimTime at = m_traceOffset[m] + sim::fromSeconds((rows[cursor].arrivalSeconds - rows.front().arrivalSeconds) * scale);
    ++cursor;
    return std::max(at, now);
}

std::uint32_t ModelServingPlatform::allocateRequest()
{
    if (!m_freeRequests.empty()) {
        const std::uint32_t id = m_freeRequests.back();
        m_freeRequests.pop_back();
        return id;
    }
    m_requests.emplace_back();
    return static_cast<std::uint32_t>(m_requests.size() - 1);
}

double ModelServingPlatform::serviceSeconds(const Device& device, const Request& request) const
{
    // Any entry of the model will do (a retired one still serves what it holds): all of them on
    // one device have the same times.
    const auto it = std::find(device.models.begin(), device.models.end(), request.model);
    const auto i = static_cast<std::size_t>(it - device.models.begin());
    const double whole = device.prefillSeconds[i] + device.perTokenSeconds[i] * request.outputTokens;
    return m_models[request.model].stages > 1 ? whole / m_models[request.model].stages : whole; // a stage's share of the layers
}

std::uint32_t ModelServingPlatform::arrive(std::uint32_t m, sim::SimTime now)
{
    ++m_arrived;
    Model& model = m_models[m];
    ++model.period.arrived;
    std::uint32_t best = kNone, bestInstance = kNone, bestPipeline = kNone;
    std::size_t bestWork = 0;
    if (concurrent()) {
        for (const auto& [d, i] : model.instances) {
            const Instance& instance = m_devices[d].instances[i];
            const std::size_t work = instance.queued() + (instance.serving != kNone ? 1 : 0);
            if (best == kNone || work < bestWork) {
                best = d;
                bestInstance = i;
                bestWork = work;
            }
        }
    } else if (model.stages > 1) {
        // A pipeline takes requests at its first stage: the one with the least work there.
        for (const std::uint32_t p : model.readyPipelines) {
            const Device& device = m_devices[model.pipelines[p][0]];
            const std::size_t work = device.queued() + (device.serving != kNone ? 1 : 0);
            if (best == kNone || work < bestWork) {
                best = model.pipelines[p][0];
                bestPipeline = p;
                bestWork = work;
            }
        }
    } else {
        for (const std::uint32_t d : model.devices) {
            const Device& device = m_devices[d];
            const std::size_t work = device.queued() + (device.serving != kNone ? 1 : 0) + device.batch.running.size()
                                     + device.batch.joining.size();
            if (best == kNone || work < bestWork) {
                best = d;
                bestWork = work;
            }
        }
    }
    if (best == kNone) {
        ++m_dropped;
        return kNone;
    }
    const std::uint32_t id = allocateRequest();
    Request& request = m_requests[id];
    request = Request{};
    request.model = m;
    request.arrivedAt = now;
    request.sequence = m_sequence++;
    request.pipeline = bestPipeline;
    const ServedModel& served = *model.served;
    if (served.trace && m_nextRow[m] != kNone) {
        const LlmRequestRecord& row = served.trace->requests[m_nextRow[m]];
        request.inputTokens = row.contextTokens;
        request.outputTokens = model.profile->autoregressive ? std::max<std::uint32_t>(1, row.generatedTokens) : 0;
        request.inputHash = (static_cast<std::uint64_t>(m) << 32) | (m_nextRow[m] + 1ULL); // the same row: the same input
    } else {
        request.outputTokens = model.profile->autoregressive ? served.outputTokens : 0;
    }
    const double alone = model.alonePrefillSeconds + model.alonePerTokenSeconds * request.outputTokens;
    request.sloNs = sim::fromSeconds(model.sloScale * alone);
    Device& device = m_devices[best];
    ++device.period.arrived;
    ++device.held[m];
    if (m_queue)
        request.priority = m_queue->priority(policy::QueuedRequest{id, m_spec.name, model.profile->name, now, request.inputTokens,
                                                                   request.inputHash, model.sloScale * alone, 0});
    if (bestInstance != kNone) {
        Instance& instance = device.instances[bestInstance];
        if (m_queue)
            instance.heap.push({{request.priority, request.sequence}, id});
        else
            instance.fifo.push_back(id);
    } else {
        enqueue(device, id);
    }
    return best;
}

void ModelServingPlatform::enqueue(Device& device, std::uint32_t id)
{
    const Request& request = m_requests[id];
    if (batching())
        enqueueBatched(device, id);
    else if (m_queue)
        device.heap.push({{request.priority, request.sequence}, id});
    else
        device.fifo.push_back(id);
}

void ModelServingPlatform::leaveStage(Device& device, std::uint32_t id)
{
    const Request& request = m_requests[id];
    --device.held[request.model];
    const Model& model = m_models[request.model];
    const GpuDeviceProfile& gpu = device.power.profile();
    // The activations cross PCIe to the next stage's device (none when both stages share one).
    const std::uint32_t next = model.pipelines[request.pipeline][request.stage + 1];
    const double seconds = next == deviceOfNode(device.node)
        ? 0.0
        : kStageTransferLatencySeconds + model.profile->stageTransferBytes(request.outputTokens) / gpu.interconnectBytesPerSecond;
    m_handoffs.emplace_back(id, seconds);
}

std::uint32_t ModelServingPlatform::handOff(std::uint32_t id, sim::SimTime /*now*/)
{
    Request& request = m_requests[id];
    ++request.stage;
    const std::uint32_t d = m_models[request.model].pipelines[request.pipeline][request.stage];
    Device& device = m_devices[d];
    ++device.held[request.model];
    enqueue(device, id);
    return d;
}

sim::SimTime ModelServingPlatform::startNext(std::uint32_t d, sim::SimTime now)
{
    Device& device = m_devices[d];
    if (device.serving != kNone)
        return std::numeric_limits<sim::SimTime>::max();
    std::uint32_t id = kNone;
    if (!device.fifo.empty()) {
        id = device.fifo.front();
        device.fifo.pop_front();
    } else if (!device.heap.empty()) {
        id = device.heap.top().second;
        device.heap.pop();
    } else {
        return std::numeric_limits<sim::SimTime>::max();
    }
    device.serving = id;
    device.busySince = now;
    ++device.version;
    refreshPower(device, now);
    m_requests[id].serviceSeconds = serviceSeconds(device, m_requests[id]);
    m_requests[id].startedAt = now;
    return now + std::max<sim::SimTime>(1, sim::fromSeconds(m_requests[id].serviceSeconds));
}

void ModelServingPlatform::recordLatency(Device& device, sim::SimTime latency, double ratio, sim::SimTime ratioSample, bool onTime)
{
    PeriodStats& period = device.period;
    period.latency.record(latency);
    period.sloRatio.record(ratioSample);
    ++period.completed;
    period.withinSlo += onTime ? 1 : 0;
    if (device.recentSloRatios.size() < m_spec.latencyWindow) {
        device.recentSloRatios.push_back(ratio);
    } else {
        device.recentSloRatios[device.recentNext] = ratio;
        device.recentNext = (device.recentNext + 1) % device.recentSloRatios.size();
    }
}

void ModelServingPlatform::finish(Device& device, std::uint32_t id, sim::SimTime now)
{
    const Request& request = m_requests[id];
    const sim::SimTime latency = now - request.arrivedAt;
    const double ratio = request.sloNs > 0 ? static_cast<double>(latency) / static_cast<double>(request.sloNs) : 0.0;
    const auto ratioSample = static_cast<sim::SimTime>(std::llround(ratio * kRatioScale));
    m_latency.record(latency);
    m_sloRatio.record(ratioSample);
    ++m_completed;
    const bool onTime = latency <= request.sloNs;
    m_withinSlo += onTime ? 1 : 0;
    ++m_periodCompleted;
    m_periodWithinSlo += onTime ? 1 : 0;
    device.period.weightedSensitivity += m_models[request.model].sensitivityPerMhz;
    recordLatency(device, latency, ratio, ratioSample, onTime);
    // A pipelined request's latency is every stage device's signal too: Alg. 6.3 scans the
    // latency slack of every model partition a device holds (seed 001 §6.3.4), and each stage's
    // clock shapes it.
    if (request.pipeline != kNone) {
        const std::vector<std::uint32_t>& stages = m_models[request.model].pipelines[request.pipeline];
        for (std::size_t k = 0; k < stages.size(); ++k) {
            Device& stage = m_devices[stages[k]];
            if (&stage != &device && std::find(stages.begin(), stages.begin() + static_cast<std::ptrdiff_t>(k), stages[k]) == stages.begin() + static_cast<std::ptrdiff_t>(k))
                recordLatency(stage, latency, ratio, ratioSample, onTime);
        }
    }
    --device.held[request.model];
    Model::Period& modelPeriod = m_models[request.model].period;
    ++modelPeriod.completed;
    modelPeriod.withinSlo += onTime ? 1 : 0;
    // Wall time in service: stretched by the other replicas under concurrent sharing, so an HPA
    // reading `busy` sees an overloaded shared GPU as busy.
    modelPeriod.serviceSeconds += sim::toSeconds(now - request.startedAt);
    modelPeriod.aloneServiceSeconds += request.serviceSeconds;
    modelPeriod.latency.record(latency);
    if (m_queue) {
        const Model& model = m_models[request.model];
        m_queue->completed(policy::QueuedRequest{id, m_spec.name, model.profile->name, request.arrivedAt, request.inputTokens,
                                                 request.inputHash, sim::toSeconds(request.sloNs), request.outputTokens});
    }
    m_freeRequests.push_back(id);
}

void ModelServingPlatform::completeDue(std::uint32_t d, sim::SimTime now)
{
    Device& device = m_devices[d];
    if (batching()) {
        completeBatched(device, now);
        releaseDrained(d);
        return;
    }
    if (!concurrent()) {
        const std::uint32_t id = device.serving;
        if (id == kNone)
            return;
        device.period.busyNs += now - std::max(device.busySince, m_periodStart);
        device.utilizationSeconds += sim::toSeconds(now - device.busySince);
        if (m_requests[id].stage + 1 < m_models[m_requests[id].model].stages)
            leaveStage(device, id);
        else
            finish(device, id, now);
        device.serving = kNone;
        refreshPower(device, now);
        releaseDrained(d);
        return;
    }
    advance(device, now);
    for (Instance& instance : device.instances) {
        // Completion times are rounded up to whole nanoseconds: what is left is below that.
        if (instance.serving != kNone && instance.remainingSeconds <= 1e-9 * std::max(1.0, instance.speed)) {
            finish(device, instance.serving, now);
            instance.serving = kNone;
        }
    }
    releaseDrained(d);
}

sim::SimTime ModelServingPlatform::dispatch(std::uint32_t d, sim::SimTime now)
{
    if (batching())
        return dispatchBatched(d, now);
    if (!concurrent())
        return startNext(d, now);
    Device& device = m_devices[d];
    advance(device, now);
    for (Instance& instance : device.instances) {
        if (instance.serving != kNone)
            continue;
        std::uint32_t id = kNone;
        if (!instance.fifo.empty()) {
            id = instance.fifo.front();
            instance.fifo.pop_front();
        } else if (!instance.heap.empty()) {
            id = instance.heap.top().second;
            instance.heap.pop();
        } else {
            continue;
        }
        instance.serving = id;
        instance.remainingSeconds = serviceSeconds(device, m_requests[id]);
        m_requests[id].serviceSeconds = instance.remainingSeconds;
        m_requests[id].startedAt = now;
    }
    updateSpeeds(device);
    ++device.version;
    refreshPower(device, now);
    sim::SimTime next = std::numeric_limits<sim::SimTime>::max();
    for (const Instance& instance : device.instances) {
        if (instance.serving != kNone)
            next = std::min(next, now + std::max<sim::SimTime>(1, static_cast<sim::SimTime>(std::ceil(instance.remainingSeconds / instance.speed * 1e9))));
    }
    return next;
}

void ModelServingPlatform::advance(Device& device, sim::SimTime now)
{
    if (now <= device.advancedAt)
        return;
    const double seconds = sim::toSeconds(now - device.advancedAt);
    double utilization = 0;
    bool busy = false;
    for (Instance& instance : device.instances) {
        if (instance.serving == kNone)
            continue;
        instance.remainingSeconds -= seconds * instance.speed;
        utilization += instance.share;
        busy = true;
    }
    device.utilizationSeconds += seconds * std::min(1.0, utilization);
    if (busy)
        device.period.busyNs += now - std::max(device.advancedAt, m_periodStart);
    device.advancedAt = now;
}

void ModelServingPlatform::updateSpeeds(Device& device)
{
    m_active.clear();
    m_activeIndex.clear();
    for (std::size_t i = 0; i < device.instances.size(); ++i) {
        if (device.instances[i].serving != kNone) {
            m_active.push_back({device.instances[i].model, device.instances[i].share});
            m_activeIndex.push_back(i);
        }
    }
    for (std::size_t k = 0; k < m_active.size(); ++k)
        device.instances[m_activeIndex[k]].speed = m_spec.interference.speed(m_active, k) * device.instances[m_activeIndex[k]].speedCap;
}

double ModelServingPlatform::meanUtilization(std::uint32_t d, sim::SimTime now)
{
    Device& device = m_devices[d];
    const double seconds = sim::toSeconds(now);
    if (seconds <= 0)
        return 0;
    if (concurrent()) {
        advance(device, now);
        return device.utilizationSeconds / seconds;
    }
    const double running = device.busy() ? sim::toSeconds(now - device.busySince) : 0.0;
    return (device.utilizationSeconds + running) / seconds;
}

void ModelServingPlatform::refreshPower(Device& device, sim::SimTime now)
{
    device.energy.setWatts(now, device.power.watts(device.mhz, device.busy() ? 1.0 : 0.0));
}

void ModelServingPlatform::setClock(Device& device, double mhz, sim::SimTime now)
{
    device.mhzSecondsWeighted += device.mhz * sim::toSeconds(now - device.clockSince);
    device.clockSince = now;
    device.mhz = mhz;
    for (std::size_t i = 0; i < device.models.size(); ++i) {
        const ServingModelProfile& profile = *m_models[device.models[i]].profile;
        const GpuDeviceProfile& gpu = device.power.profile();
        device.prefillSeconds[i] = profile.requestSeconds(0, mhz, gpu);
        device.perTokenSeconds[i] = profile.autoregressive ? profile.requestSeconds(1, mhz, gpu) - device.prefillSeconds[i] : 0.0;
    }
    for (auto& times : device.batch.prefillByBatch)
        times.clear();
    for (auto& times : device.batch.stepByBatch)
        times.clear();
    refreshPower(device, now);
}

double ModelServingPlatform::meanMhz(std::uint32_t d, sim::SimTime now) const
{
    const Device& device = m_devices[d];
    const double seconds = sim::toSeconds(now);
    if (seconds <= 0)
        return device.mhz;
    return (device.mhzSecondsWeighted + device.mhz * sim::toSeconds(now - device.clockSince)) / seconds;
}

policy::Observation ModelServingPlatform::observe(sim::SimTime now)
{
    policy::Observation out;
    out.time = now;
    out.period = now - m_periodStart;
    const double seconds = std::max(1e-9, sim::toSeconds(out.period));
    out.targets.reserve(m_devices.size());
    for (Device& device : m_devices) {
        PeriodStats& period = device.period;
        if (device.memoryUsedBytes > 0) { // a device holding a replica is paid for, used or not
            device.heldSeconds += sim::toSeconds(out.period);
            device.chargedSeconds += sim::toSeconds(out.period) * (m_spec.costing == DeviceCosting::Share ? heldShare(device) : 1.0);
        }
        if (concurrent())
            advance(device, now);
        else if (device.busy())
            period.busyNs += now - std::max(device.busySince, m_periodStart);
        policy::TargetObservation target;
        target.name = device.name;
        const GpuDeviceProfile& gpu = device.power.profile();
        target.group = gpu.name;
        target.node = device.name;
        target.replicas = 1;
        target.limit[policy::indexOf(policy::ControlResource::GpuFrequency)] = device.mhz;
        target.usage[policy::indexOf(policy::ControlResource::GpuFrequency)] = device.mhz;
        target.arrivalRate = static_cast<double>(period.arrived) / seconds;
        target.p50LatencyMs = period.latency.quantileNs(0.5) / 1e6;
        target.p99LatencyMs = period.latency.quantileNs(0.99) / 1e6;
        double tightestSlo = 0, residentSensitivity = 0;
        for (const std::uint32_t m : device.models) {
            const double slo = m_models[m].sloScale * m_models[m].profile->latencySeconds * 1e3;
            tightestSlo = tightestSlo == 0 ? slo : std::min(tightestSlo, slo);
            residentSensitivity += m_models[m].sensitivityPerMhz;
        }
        target.sloLatencyMs = tightestSlo;
        const double joules = device.energy.joulesUntil(now);
        target.features = {
            {"minMhz", gpu.minMhz},
            {"maxMhz", gpu.maxMhz},
            {"stepMhz", gpu.stepMhz},
            {"defaultMhz", gpu.defaultMhz},
            {"watts", (joules - period.joulesAtStart) / seconds},
            {"busy", std::min(1.0, sim::toSeconds(period.busyNs) / seconds)},
            {"queued", static_cast<double>(device.queued())},
            {"completed", static_cast<double>(period.completed)},
            {"p99SloRatio", period.completed ? period.sloRatio.quantileNs(0.99) / kRatioScale : 0.0},
            // The same over enough requests to mean something: the period's when it completed at
            // least latencyWindow, else the device's last latencyWindow (docs/model.md).
            {"p99SloRatioWindow", period.completed >= m_spec.latencyWindow ? period.sloRatio.quantileNs(0.99) / kRatioScale
                                                                            : recentP99SloRatio(device)},
            {"windowCompleted", static_cast<double>(std::max<std::uint64_t>(period.completed, device.recentSloRatios.size()))},
            {"sensitivityPerMhz", period.completed ? period.weightedSensitivity / static_cast<double>(period.completed)
                                                   : (device.models.empty() ? 0.0 : residentSensitivity / static_cast<double>(device.models.size()))},
        };
        if (batching()) // the batch size, time-weighted over its service this period (0: none)
            target.features["meanBatch"] = period.batchSeconds > 0 ? period.batchRequestSeconds / period.batchSeconds : 0.0;

        out.targets.push_back(std::move(target));
        period.reset();
        period.joulesAtStart = joules;
    }
    if (m_spec.autoscaling)
        appendModelTargets(out, seconds);
    // Every request once, where it completed (a pipelined one also counts on its other stages' devices).
    out.completedRequests = m_periodCompleted;
    out.sloViolationRate = m_periodCompleted ? static_cast<double>(m_periodCompleted - m_periodWithinSlo) / static_cast<double>(m_periodCompleted) : 0.0;
    m_periodCompleted = m_periodWithinSlo = 0;
    m_periodStart = now;
    return out;
}

std::vector<policy::ActionOutcome> ModelServingPlatform::apply(const std::vector<policy::ControlAction>& actions, sim::SimTime now)
{
    std::vector<policy::ActionOutcome> outcomes;
    outcomes.reserve(actions.size());
    for (const policy::ControlAction& action : actions) {
        policy::ActionOutcome outcome{policy::ActionOutcome::Status::Applied, action, action, {}};
        const auto device = std::find_if(m_devices.begin(), m_devices.end(), [&](const Device& d) { return d.name == action.target; });
        if (action.kind != policy::ControlAction::Kind::SetLimit || action.resource != policy::ControlResource::GpuFrequency) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "model-serving devices take gpu-frequency limits only";
        } else if (device == m_devices.end()) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "unknown device '" + action.target + "'";
        } else if (!std::isfinite(action.value)) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "gpu-frequency must be a finite number of MHz";
        } else {
            const GpuDeviceProfile& gpu = device->power.profile();
            const double mhz = gpu.snapMhz(action.value);
            if (std::abs(mhz - action.value) > 1e-9) {
                outcome.status = policy::ActionOutcome::Status::Converted;
                outcome.applied.value = mhz;
                outcome.reason = "snapped to a supported clock in [" + std::to_string(gpu.minMhz) + ", " + std::to_string(gpu.maxMhz) + "] MHz";
            }
            if (mhz != device->mhz) {
                setClock(*device, mhz, now);
                ++m_frequencyChanges;
            }
        }
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

double ModelServingPlatform::heldShare(const Device& device) const
{
    double share = 0;
    for (std::size_t i = 0; i < device.models.size(); ++i) {
        if (device.residentState[i] < 2) {
            const std::int32_t milli = m_models[device.models[i]].served->gpuMilli;
            share += milli > 0 ? milli / 1000.0 : 1.0;
        }
    }
    return std::min(1.0, share);
}

double ModelServingPlatform::recentP99SloRatio(const Device& device)
{
    if (device.recentSloRatios.empty())
        return 0.0;
    if (device.recentSloRatios.size() <= 100) // the nearest-rank p99 of up to 100 values is their maximum
        return *std::max_element(device.recentSloRatios.begin(), device.recentSloRatios.end());
    m_quantileScratch.assign(device.recentSloRatios.begin(), device.recentSloRatios.end());
    // The nearest-rank p99: the ⌈0.99·n⌉-th smallest (the maximum for n ≤ 100).
    const auto rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(m_quantileScratch.size()))) - 1;
    std::nth_element(m_quantileScratch.begin(), m_quantileScratch.begin() + static_cast<std::ptrdiff_t>(rank), m_quantileScratch.end());
    return m_quantileScratch[rank];
}

void ModelServingPlatform::appendModelTargets(policy::Observation& out, double periodSeconds)
{
    for (Model& model : m_models) {
        const std::int32_t replicas = static_cast<std::int32_t>(model.devices.size());
        policy::TargetObservation target;
        target.name = model.profile->name;
        target.group = "model";
        target.replicas = replicas;
        target.pendingReplicas = model.launching + model.queued;
        target.arrivalRate = static_cast<double>(model.period.arrived) / periodSeconds;
        target.p50LatencyMs = model.period.latency.quantileNs(0.5) / 1e6;
        target.p99LatencyMs = model.period.latency.quantileNs(0.99) / 1e6;
        const double aloneSeconds = model.alonePrefillSeconds + model.alonePerTokenSeconds * model.typicalTokens;
        target.sloLatencyMs = model.sloScale * aloneSeconds * 1e3;
        target.sloMaintenance = model.period.completed
            ? static_cast<double>(model.period.withinSlo) / static_cast<double>(model.period.completed)
            : 1.0;
        // The replicas' busy share as "CPU" use against a limit of 1: what an HPA on utilisation reads.
        const double busy = replicas > 0 ? model.period.serviceSeconds / (periodSeconds * replicas) : 0.0;
        target.usage[policy::indexOf(policy::ControlResource::Cpu)] = busy;
        target.limit[policy::indexOf(policy::ControlResource::Cpu)] = 1.0;
        target.features = {{"aloneSeconds", aloneSeconds},
                           {"sloSeconds", model.sloScale * aloneSeconds},
                           {"memoryBytes", static_cast<double>(model.profile->memoryBytes)},
                           {"completed", static_cast<double>(model.period.completed)},
                           {"busy", busy},
                           // Wall time in service over time alone: how much co-located replicas
                           // slowed this model's requests this period (1 when none completed).
                           {"stretch", model.period.aloneServiceSeconds > 0
                                           ? model.period.serviceSeconds / model.period.aloneServiceSeconds
                                           : 1.0}};
        for (const auto& [type, seconds] : model.aloneSecondsByType)
            target.features["aloneSeconds@" + type] = seconds;
        for (const Device& device : m_devices) {
            const std::string key = "replicas@" + device.power.profile().name;
            target.features.try_emplace(key, 0.0);
        }
        for (const std::uint32_t d : model.devices)
            target.features["replicas@" + m_devices[d].power.profile().name] += 1.0;
        out.targets.push_back(std::move(target));
        model.period.reset();
    }
}

} // namespace orrery::kinds::model_serving

