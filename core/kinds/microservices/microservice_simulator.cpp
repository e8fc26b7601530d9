#include "kinds/microservices/microservice_simulator.h"

#include "model/container_restart_backoff.h"
#include "model/page_reclaim_curve.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace orrery::kinds::microservices {

namespace {

std::uint64_t tokenOf(std::uint32_t request, std::uint32_t call)
{
    return (static_cast<std::uint64_t>(request) << 32) | call;
}

} // namespace

MicroserviceSimulator::MicroserviceSimulator(const MicroservicesSpec& spec, const model::Scenario& scenario,
                                             model::Cluster& cluster, env::NodeContention& contention, bool randomAnomalies,
                                             bool prefixWithName)
    : m_spec(spec)
    , m_scenario(scenario)
    , m_cluster(&cluster)
    , m_contention(&contention)
    , m_stressors(cluster.nodes().size(), -1)
{
    const model::ServiceGraph& graph = *spec.graph;
    m_replicas.resize(graph.size());
    m_nextReplica.assign(graph.size(), 0);
    std::vector<AnomalyInjector::Instance> injected;
    std::vector<std::string> serviceNames;
    std::vector<MicroserviceStats::ServiceStats> serviceStats;
    const auto& nodes = cluster.nodes();
    std::size_t cursor = 0;
    for (std::uint32_t s = 0; s < graph.size(); ++s) {
        const model::ServiceProfile& service = graph.service(s);
        const InstanceLimits& limits = spec.limitsOf(s);
        m_serviceNames.push_back(m_names.intern(service.name));
        serviceNames.push_back(service.name);
        m_serviceLimitCores.push_back(limits.replicas * static_cast<double>(limits.millicores) / 1000.0);
        m_limits.push_back(limits);
        serviceStats.push_back({service.name, {}, {}, 0.0, 0, 0, 0});
        m_footprints.push_back(service.memoryFootprint());
        model::Resources request;
        request.millicores = limits.millicores;
        request.memoryBytes = limits.memoryBytes;
        for (int r = 0; r < limits.replicas; ++r) {
            const std::string name = service.name + "/" + std::to_string(r);
            std::size_t tried = 0;
            while (tried < nodes.size() && !cluster.allocate(static_cast<std::uint32_t>((cursor + tried) % nodes.size()), request))
                ++tried;
            if (tried == nodes.size())
                throw std::runtime_error("workload '" + spec.name + "': instance " + name + " fits on no node with free capacity");
            const auto node = static_cast<std::uint32_t>((cursor + tried) % nodes.size());
            cursor = node + 1; // spread replicas over the nodes
            Instance instance{ProcessorSharingInstance(static_cast<double>(limits.millicores) / 1000.0), s, node, m_names.intern(name)};
            m_replicas[s].push_back(static_cast<std::uint32_t>(m_instances.size()));
            m_instances.push_back(instance);
            injected.push_back({name, s, node, limits});
        }
    }
    std::vector<AnomalyInjector::Node> injectorNodes;
    for (const auto& node : nodes)
        injectorNodes.push_back({node.name, static_cast<double>(node.capacity.millicores) / 1000.0});

    std::vector<std::string> streamNames;
    std::vector<MicroserviceStats::TypeStats> typeStats;
    for (const auto& stream : spec.streams) {
        const model::RequestType& type = graph.requestTypes.at(stream.requestType);
        m_plans.push_back(RequestPlan::compile(type, graph, m_names));
        const std::string prefix = "microservices/" + spec.name + "/" + type.name;
        m_streams.push_back({stream.arrival, sim::RngStream(scenario.seed, prefix + "/arrivals"),
                             sim::RngStream(scenario.seed, prefix + "/work"), sim::RngStream(scenario.seed, prefix + "/sampling")});
        streamNames.push_back(type.name);
        MicroserviceStats::TypeStats stats;
        stats.name = type.name;
        stats.slo = stream.slo;
        typeStats.push_back(std::move(stats));
    }
    m_injector = std::make_unique<AnomalyInjector>(scenario.anomalies, std::move(injected), std::move(injectorNodes),
                                                   std::move(serviceNames), std::move(streamNames), spec.name, scenario.seed, scenario.horizon, randomAnomalies);
    m_stats = std::make_unique<MicroserviceStats>(prefixWithName ? "ms." + spec.name + "." : std::string("ms."), std::move(typeStats),
                                                  std::move(serviceStats));
    for (std::uint32_t i = 0; i < m_instances.size(); ++i)
        addResident(i);
}

env::NodeContention::Vector MicroserviceSimulator::limitsVector(std::uint32_t index) const
{
    const InstanceLimits& limits = m_limits[m_instances[index].service];
    return {static_cast<double>(limits.millicores) / 1000.0, limits.memoryBandwidthBytesPerSecond, limits.llcWays,
            limits.diskBytesPerSecond, limits.networkBytesPerSecond, 0.0};
}

void MicroserviceSimulator::addResident(std::uint32_t index)
{
    Instance& instance = m_instances[index];
    instance.resident = m_contention->add(instance.node, m_spec.graph->service(instance.service).sensitivity, limitsVector(index), this, index);
}

void MicroserviceSimulator::slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now)
{
    const auto index = static_cast<std::uint32_t>(tag);
    Instance& instance = m_instances[index];
    instance.contentionSlowdown = slowdown;
    instance.ps.setSlowdown(now, slowdown * instance.memorySlowdown);
    if (m_engine)
        rescheduleInstance(index);
}

// Memory (docs/model.md, "Memory"): anonymous memory must fit under the limit (no swap on
// Kubernetes nodes), file-backed pages fill what is left and the rest is refaulted.
void MicroserviceSimulator::applyMemoryLimit(std::uint32_t index, sim::SimTime now)
{
    Instance& instance = m_instances[index];
    const model::MemoryFootprint& footprint = m_footprints[instance.service];
    const auto limit = static_cast<double>(m_limits[instance.service].memoryBytes);
    double slowdown = 1.0;
    if (!footprint.any() || limit <= 0) {
        instance.callsBeforeOom = std::numeric_limits<double>::infinity();
    } else {
        const double room = limit - static_cast<double>(footprint.anonymousBytes);
        if (footprint.perCallBytes > 0)
            instance.callsBeforeOom = room / static_cast<double>(footprint.perCallBytes);
        else
            instance.callsBeforeOom = room >= 0 ? std::numeric_limits<double>::infinity() : -1.0;
        if (footprint.fileBytes > 0)
            slowdown = model::PageReclaimCurve::measured().slowdown(std::clamp(room / static_cast<double>(footprint.fileBytes), 0.0, 1.0));
    }
    if (slowdown != instance.memorySlowdown) {
        instance.memorySlowdown = slowdown;
        instance.ps.setSlowdown(now, instance.contentionSlowdown * slowdown);
        if (m_engine)
            rescheduleInstance(index);
    }
    // cgroup v2: a limit written below what the container holds reclaims, then OOM-kills.
    if (m_engine && instance.downUntil <= now && static_cast<double>(instance.ps.active()) > instance.callsBeforeOom)
        oomKill(index, now, static_cast<double>(instance.ps.active()));
}

void MicroserviceSimulator::oomKill(std::uint32_t index, sim::SimTime now, double heldCalls)
{
    static const model::ContainerRestartBackoff kubelet;
    Instance& instance = m_instances[index];
    ++instance.oomKills;
    m_stats->oomKilled(instance.service);
    const sim::SimTime delay = kubelet.delayAfterKill(instance.startedAt, now, instance.restarts);
    instance.downUntil = now + delay;
    const model::MemoryFootprint& footprint = m_footprints[instance.service];
    const auto limit = static_cast<double>(m_limits[instance.service].memoryBytes);
    m_recorder->recordAnnotation({now, instance.downUntil, "memory.oom-kill", m_names.name(instance.name),
                                  limit > 0 ? footprint.anonymousWith(heldCalls) / limit : 0.0});
    // Local: refusing a call can start calls elsewhere, and kill another instance.
    std::vector<std::uint64_t> killed;
    instance.ps.killAll(now, killed);
    for (const std::uint64_t token : killed)
        refuseCall(static_cast<std::uint32_t>(token >> 32), static_cast<std::uint32_t>(token & 0xffffffffu), now);
    if (m_instances[index].downUntil <= m_scenario.horizon)
        m_engine->schedule(m_instances[index].downUntil, m_restartKind, index);
}

void MicroserviceSimulator::restartInstance(std::uint32_t index, sim::SimTime now)
{
    Instance& instance = m_instances[index];
    if (instance.downUntil != now)
        return;
    instance.downUntil = 0;
    instance.startedAt = now;
    if (instance.callsBeforeOom < 0.0) // anonymous memory alone exceeds the limit: CrashLoopBackOff
        oomKill(index, now, 0.0);
}

// Demands follow load: each period an instance's demand is re-estimated from the CPU work of the
// calls it started (smoothed), so the contention model is updated per period and per change
// of residents, never per call (docs/model.md, "Contention").
void MicroserviceSimulator::onContentionTick(sim::SimTime now)
{
    const double windowNs = static_cast<double>(now - m_lastContentionTick);
    m_lastContentionTick = now;
    for (Instance& instance : m_instances) {
        const double offered = windowNs > 0.0 ? instance.workArrivedNs / windowNs : 0.0;
        instance.workArrivedNs = 0.0;
        instance.offeredCores = 0.5 * instance.offeredCores + 0.5 * offered;
    }
    for (std::uint32_t i = 0; i < m_instances.size(); ++i)
        updateDemand(i);
    m_contention->refresh(now);
    const sim::SimTime next = now + m_scenario.contention.period;
    if (next <= m_scenario.horizon)
        m_engine->schedule(next, m_contentionKind);
}

void MicroserviceSimulator::updateDemand(std::uint32_t index)
{
    const Instance& instance = m_instances[index];
    const double cores = std::min(instance.offeredCores, instance.ps.capacity());
    const model::ResourceDemand& demand = m_spec.graph->service(instance.service).demand;
    env::NodeContention::Vector vector{cores, cores * demand.memoryBandwidthPerCore, demand.llcWays * std::min(1.0, cores),
                                  cores * demand.diskPerCore, cores * demand.networkPerCore, 0.0};
    // Stressors inside the container (scope: container) demand their level of its limits.
    const auto& inside = m_injector->containerStressLevel(index);
    const env::NodeContention::Vector limits = limitsVector(index);
    for (std::size_t r = 0; r < vector.size(); ++r)
        vector[r] += inside[r] * limits[r];
    m_contention->setDemand(instance.resident, vector);
}

// The injector's state as tenants and shaping: CPU capacity after a hog, the stressor tenant's
// demand on each node, tc's shaped link per instance.
void MicroserviceSimulator::applyInjector(sim::SimTime now)
{
    for (std::uint32_t i = 0; i < m_instances.size(); ++i) {
        ProcessorSharingInstance& ps = m_instances[i].ps;
        if (ps.capacity() != m_injector->capacityCores(i)) {
            ps.setCapacity(now, m_injector->capacityCores(i));
            if (m_engine)
                rescheduleInstance(i);
        }
        env::NodeContention::Vector floor{};
        floor[static_cast<std::size_t>(model::ContendedResource::NetworkBandwidth)] = m_injector->shapedNetworkUtilization(i);
        m_contention->setFloor(m_instances[i].resident, floor);
        updateDemand(i);
    }
    for (std::uint32_t node = 0; node < m_stressors.size(); ++node) {
        const auto& level = m_injector->stressorLevel(node);
        const bool active = std::any_of(level.begin(), level.end(), [](double x) { return x > 0.0; });
        if (!active && m_stressors[node] < 0)
            continue;
        if (m_stressors[node] < 0)
            m_stressors[node] = m_contention->add(node, model::ResourceSensitivity{{0, 0, 0, 0, 0, 0}}, {}, nullptr, 0);
        const env::NodeContention::Vector& capacity = m_contention->capacity(node);
        env::NodeContention::Vector demand{};
        for (std::size_t r = 0; r < demand.size(); ++r)
            demand[r] = level[r] * capacity[r];
        m_contention->setDemand(static_cast<env::NodeContention::ResidentId>(m_stressors[node]), demand);
    }
    m_contention->refresh(now);
}

MicroserviceSimulator::~MicroserviceSimulator() = default;

void MicroserviceSimulator::start(sim::Engine& engine, sim::RunRecorder& recorder, trace::SpanSink* sink)
{
    m_engine = &engine;
    m_recorder = &recorder;
    m_sink = m_spec.spans ? sink : nullptr;
    m_arrivalKind = engine.registerHandler(*this);
    m_wakeKind = engine.registerHandler(*this);
    m_arriveKind = engine.registerHandler(*this);
    m_returnKind = engine.registerHandler(*this);
    m_anomalyKind = engine.registerHandler(*this);
    m_sampleKind = engine.registerHandler(*this);
    m_contentionKind = engine.registerHandler(*this);
    m_restartKind = engine.registerHandler(*this);
    m_stats->defineSeries(recorder);
    m_lastContentionTick = engine.now();
    if (engine.now() + m_scenario.contention.period <= m_scenario.horizon)
        engine.schedule(engine.now() + m_scenario.contention.period, m_contentionKind);
    for (std::uint32_t s = 0; s < m_streams.size(); ++s)
        scheduleArrival(s, engine.now());
    for (const auto& wake : m_injector->initialWakes())
        engine.schedule(wake.time, m_anomalyKind, wake.target, wake.kind);
    if (m_scenario.samplePeriod <= m_scenario.horizon)
        engine.schedule(m_scenario.samplePeriod, m_sampleKind);
    for (std::uint32_t i = 0; i < m_instances.size(); ++i) {
        m_instances[i].startedAt = engine.now();
        applyMemoryLimit(i, engine.now());
    }
}

void MicroserviceSimulator::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    const sim::SimTime now = engine.now();
    if (event.kind == m_wakeKind)
        wakeInstance(event.target, now);
    else if (event.kind == m_arrivalKind)
        onArrival(event.target, now);
    else if (event.kind == m_arriveKind)
        startCall(event.target, static_cast<std::uint32_t>(event.payload), now);
    else if (event.kind == m_returnKind)
        childReturned(event.target, m_plans[m_requests[event.target].type].calls[event.payload].parent, now);
    else if (event.kind == m_anomalyKind)
        onAnomaly(event.target, event.payload, now);
    else if (event.kind == m_contentionKind)
        onContentionTick(now);
    else if (event.kind == m_restartKind)
        restartInstance(event.target, now);
    else
        onSample(now);
}

void MicroserviceSimulator::scheduleArrival(std::uint32_t index, sim::SimTime now)
{
    Stream& stream = m_streams[index];
    const double multiplier = m_injector->arrivalMultiplier(index);
    const std::optional<double> gapSeconds = stream.arrival.nextGapSeconds(stream.arrivals, now, multiplier, m_scenario.horizon);
    if (!gapSeconds)
        return;
    const sim::SimTime at = now + std::max<sim::SimTime>(1, sim::fromSeconds(*gapSeconds));
    if (at <= m_scenario.horizon)
        m_engine->schedule(at, m_arrivalKind, index);
}

void MicroserviceSimulator::onArrival(std::uint32_t stream, sim::SimTime now)
{
    std::uint32_t index = 0;
    if (m_freeRequests.empty()) {
        index = static_cast<std::uint32_t>(m_requests.size());
        m_requests.emplace_back();
    } else {
        index = m_freeRequests.back();
        m_freeRequests.pop_back();
    }
    Request& request = m_requests[index];
    const RequestPlan& plan = m_plans[stream];
    Stream& source = m_streams[stream];
    request.type = stream;
    request.arrival = now;
    request.sequence = m_requestSequence++;
    request.outstanding = static_cast<std::uint32_t>(plan.calls.size());
    request.dropped = false;
    request.sampled = m_spec.traceSampling >= 1.0 || source.sampling.uniform() < m_spec.traceSampling;
    request.calls.resize(plan.calls.size());
    for (std::size_t c = 0; c < plan.calls.size(); ++c) {
        CallState& call = request.calls[c];
        call = CallState{};
        call.workNs = static_cast<double>(plan.calls[c].work.sample(source.work));
    }
    ++m_stats->type(stream).arrived;
    if (m_period)
        m_period->arrived(stream);
    scheduleArrival(stream, now);
    dispatchCall(index, 0, now);
}

void MicroserviceSimulator::dispatchCall(std::uint32_t request, std::uint32_t call, sim::SimTime now)
{
    const std::uint32_t service = m_plans[m_requests[request].type].calls[call].service;
    const auto& replicas = m_replicas[service];
    std::uint32_t instance = replicas[m_nextReplica[service]++ % replicas.size()];
    // A restarting replica is out of the Service's endpoints; with none ready the call is refused.
    for (std::size_t tried = 1; m_instances[instance].downUntil > now && tried < replicas.size(); ++tried)
        instance = replicas[m_nextReplica[service]++ % replicas.size()];
    m_requests[request].calls[call].instance = instance;
    // tc netem on the caller's interface delays the calls it sends (its own span grows).
    sim::SimTime delay = 0;
    if (call != 0) {
        const std::uint32_t caller = m_requests[request].calls[m_plans[m_requests[request].type].calls[call].parent].instance;
        delay = m_spec.networkLatency + m_injector->egressDelay(caller);
    }
    if (delay > 0)
        m_engine->schedule(now + delay, m_arriveKind, request, call);
    else
        startCall(request, call, now);
}

void MicroserviceSimulator::startCall(std::uint32_t request, std::uint32_t call, sim::SimTime now)
{
    Request& state = m_requests[request];
    CallState& callState = state.calls[call];
    callState.start = now;
    Instance& instance = m_instances[callState.instance];
    if (instance.ps.active() >= static_cast<std::size_t>(m_spec.queueLimit) || instance.downUntil > now) {
        refuseCall(request, call, now); // overload, or the container is restarting
        return;
    }
    if (static_cast<double>(instance.ps.active() + 1) > instance.callsBeforeOom) {
        // The call's memory does not fit under the limit: the kernel OOM-kills the container.
        oomKill(callState.instance, now, static_cast<double>(instance.ps.active() + 1));
        refuseCall(request, call, now);
        return;
    }
    instance.ps.add(now, callState.workNs, tokenOf(request, call));
    instance.workArrivedNs += callState.workNs;
    rescheduleInstance(callState.instance);
}

void MicroserviceSimulator::refuseCall(std::uint32_t request, std::uint32_t call, sim::SimTime now)
{
    Request& state = m_requests[request];
    state.dropped = true;
    state.outstanding -= m_plans[state.type].calls[call].subtreeSize - 1;
    callFinished(request, call, now);
}

void MicroserviceSimulator::startStage(std::uint32_t request, std::uint32_t call, sim::SimTime now)
{
    const RequestPlan& plan = m_plans[m_requests[request].type];
    const RequestPlan::Call& spec = plan.calls[call];
    for (;;) {
        CallState& state = m_requests[request].calls[call];
        if (state.stage == spec.stageCount) {
            callFinished(request, call, now);
            return;
        }
        const RequestPlan::Stage stage = plan.stages[spec.firstStage + state.stage];
        // One extra count guards the stage while its calls are dispatched: a call refused at
        // once returns before its siblings have started.
        std::uint32_t waitFor = 1;
        for (std::uint32_t c = 0; c < stage.childCount; ++c)
            waitFor += plan.calls[stage.firstChild + c].background ? 0 : 1;
        state.pending = waitFor;
        for (std::uint32_t c = 0; c < stage.childCount; ++c)
            dispatchCall(request, stage.firstChild + c, now);
        CallState& after = m_requests[request].calls[call];
        if (--after.pending != 0)
            return;
        ++after.stage;
    }
}

void MicroserviceSimulator::childReturned(std::uint32_t request, std::uint32_t parent, sim::SimTime now)
{
    CallState& state = m_requests[request].calls[parent];
    if (--state.pending != 0)
        return;
    ++state.stage;
    startStage(request, parent, now);
}

void MicroserviceSimulator::callFinished(std::uint32_t request, std::uint32_t call, sim::SimTime now)
{
    Request& state = m_requests[request];
    const RequestPlan::Call& spec = m_plans[state.type].calls[call];
    state.calls[call].end = now;
    m_stats->spanFinished(spec.service, now - state.calls[call].start);
    if (m_period)
        m_period->span(spec.service, now - state.calls[call].start);
    const bool last = --state.outstanding == 0;
    if (call == 0) {
        if (state.dropped) {
            ++m_stats->type(state.type).dropped;
            if (m_period)
                m_period->dropped(state.type);
        } else
            m_stats->requestCompleted(state.type, now - state.arrival);
    } else if (!spec.background) {
        // The reply leaves through the callee's interface: tc netem there delays it (the
        // caller's span grows).
        const sim::SimTime delay = m_spec.networkLatency + m_injector->egressDelay(state.calls[call].instance);
        if (delay > 0)
            m_engine->schedule(now + delay, m_returnKind, request, call);
        else
            childReturned(request, spec.parent, now);
    }
    if (last)
        requestDone(request);
}

void MicroserviceSimulator::requestDone(std::uint32_t request)
{
    Request& state = m_requests[request];
    if (m_period && !state.dropped)
        recordPeriod(state);
    if (m_sink && state.sampled && !state.dropped) {
        const RequestPlan& plan = m_plans[state.type];
        if (m_batchSize == m_batch.size())
            m_batch.emplace_back();
        trace::Trace& out = m_batch[m_batchSize++];
        out.id = trace::TraceId{0, state.sequence + 1};
        out.requestType = plan.name;
        out.spans.resize(plan.calls.size()); // capacity is kept between batches: no allocation per span
        const std::uint64_t base = m_nextSpanId;
        m_nextSpanId += plan.calls.size();
        for (std::size_t c = 0; c < plan.calls.size(); ++c) {
            const RequestPlan::Call& spec = plan.calls[c];
            const CallState& call = state.calls[c];
            trace::Span& span = out.spans[c];
            span.id = base + c;
            span.parent = c == 0 ? 0 : base + spec.parent;
            span.startNs = call.start;
            span.durationNs = call.end - call.start;
            span.service = m_serviceNames[spec.service];
            span.operation = spec.operation;
            span.instance = m_instances[call.instance].name;
            span.relation = c == 0 ? trace::SpanRelation::Root
                                   : (spec.background ? trace::SpanRelation::FollowsFrom : trace::SpanRelation::ChildOf);
        }
        m_spans += plan.calls.size();
        ++m_traces;
        if (m_batchSize == kTraceBatch)
            flushTraces();
    }
    m_freeRequests.push_back(request);
}

void MicroserviceSimulator::flushTraces()
{
    if (m_sink && m_batchSize > 0)
        m_sink->recordTraces(std::span<const trace::Trace>(m_batch.data(), m_batchSize), m_names);
    m_batchSize = 0;
}

void MicroserviceSimulator::rescheduleInstance(std::uint32_t index)
{
    ProcessorSharingInstance& ps = m_instances[index].ps;
    const sim::SimTime next = ps.nextCompletion();
    // One pending wake per instance: a later completion is found when the earlier wake fires.
    if (next < ps.scheduledWake) {
        ps.scheduledWake = next;
        m_engine->schedule(next, m_wakeKind, index);
    }
}

void MicroserviceSimulator::wakeInstance(std::uint32_t index, sim::SimTime now)
{
    ProcessorSharingInstance& ps = m_instances[index].ps;
    if (now >= ps.scheduledWake)
        ps.scheduledWake = sim::kSimTimeMax;
    m_finished.clear();
    ps.collectFinished(now, m_finished);
    for (std::size_t i = 0; i < m_finished.size(); ++i) {
        const std::uint64_t token = m_finished[i];
        startStage(static_cast<std::uint32_t>(token >> 32), static_cast<std::uint32_t>(token & 0xffffffffu), now);
    }
    rescheduleInstance(index);
}

void MicroserviceSimulator::onAnomaly(std::uint32_t target, std::uint64_t kind, sim::SimTime now)
{
    m_wakes.clear();
    const bool changed = m_injector->onEvent(now, target, kind, *m_recorder, m_wakes);
    for (const auto& wake : m_wakes)
        m_engine->schedule(wake.time, m_anomalyKind, wake.target, wake.kind);
    if (changed)
        applyInjector(now);
}

std::vector<double> MicroserviceSimulator::busyPerService(sim::SimTime now) const
{
    std::vector<double> busy(m_replicas.size(), 0.0);
    for (const auto& instance : m_instances)
        busy[instance.service] += instance.ps.busyCoreSeconds(now);
    return busy;
}

void MicroserviceSimulator::onSample(sim::SimTime now)
{
    m_stats->sample(*m_recorder, now, now - m_lastSample, busyPerService(now), m_serviceLimitCores);
    m_lastSample = now;
    if (now + m_scenario.samplePeriod <= m_scenario.horizon)
        m_engine->schedule(now + m_scenario.samplePeriod, m_sampleKind);
}

void MicroserviceSimulator::finish(env::RunMetrics* metrics)
{
    flushTraces();
    if (metrics)
        m_stats->appendMetrics(*metrics, m_scenario.horizon, busyPerService(m_scenario.horizon), m_serviceLimitCores, m_spans, m_traces);
}

} // namespace orrery::kinds::microservices
