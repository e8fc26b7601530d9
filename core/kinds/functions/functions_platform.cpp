#include "kinds/functions/functions_platform.h"

#include "model/cluster.h"
#include "model/page_reclaim_curve.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace orrery::kinds::functions {
namespace {

using model::ContendedResource;

//! Docker's convention: 1024 shares are one CPU's worth, so shares read as a cpu limit in cores.
constexpr double kSharesPerCore = 1024.0;

double millisecondsOf(double ns)
{
    return ns / 1e6;
}

std::uint32_t coprimeStep(std::uint64_t hash, std::uint32_t count)
{
    if (count <= 1)
        return 1;
    std::uint32_t step = static_cast<std::uint32_t>(hash % count);
    for (std::uint32_t tries = 0; tries < count; ++tries, step = step % count + 1) {
        if (step != 0 && std::gcd(step, count) == 1)
            return step;
    }
    return 1;
}

} // namespace

FunctionsPlatform::FunctionsPlatform(const FunctionsSpec& spec, std::uint64_t seed, model::Cluster& cluster,
                                     env::NodeContention& contention)
    : m_spec(spec)
    , m_cluster(cluster)
    , m_contention(contention)
    , m_startups(seed, "functions/startups/" + spec.name)
{
    for (const model::Node& node : cluster.nodes()) {
        if (!spec.platform.invokerPool.empty() && cluster.pools().at(node.pool).name != spec.platform.invokerPool)
            continue;
        Invoker invoker;
        invoker.node = node.id;
        invoker.cores = std::max(1.0, static_cast<double>(node.capacity.millicores) / 1000.0);
        m_invokers.push_back(std::move(invoker));
    }
    if (m_invokers.empty()) {
        throw std::invalid_argument("workload '" + spec.name + "': no invoker nodes"
                                    + (spec.platform.invokerPool.empty() ? std::string()
                                                                         : " in pool '" + spec.platform.invokerPool + "'"));
    }
    m_functions.reserve(spec.functions.size());
    const auto invokers = static_cast<std::uint32_t>(m_invokers.size());
    for (const FunctionSpec& function : spec.functions) {
        FunctionState state{function, InvocationArrivals(function.arrivals, seed, function.name),
                            sim::RngStream(seed, "functions/service/" + function.name), {}, {}, {}};
        state.target = function.initial.containers;
        state.shares = function.initial.cpuShares;
        state.memoryLimit = function.initial.memoryBytes;
        const std::uint64_t hash = sim::RngStream::hashName(function.name);
        state.home = static_cast<std::uint32_t>(hash % invokers);
        state.step = coprimeStep(hash >> 20, invokers);
        const double cpu = std::clamp(function.profile.cpuFraction, 0.0, 1.0);
        state.cpuUse = cpu; // at a full core: the CPU part of the time uses it
        state.sigma = function.profile.executionSigma();
        m_functions.push_back(std::move(state));
    }
}

FunctionsPlatform::~FunctionsPlatform() = default;

void FunctionsPlatform::start(sim::Engine& engine)
{
    m_engine = &engine;
    m_arrivalKind = engine.registerHandler(*this);
    m_readyKind = engine.registerHandler(*this);
    m_completeKind = engine.registerHandler(*this);
    m_keepAliveKind = engine.registerHandler(*this);
    m_tickKind = engine.registerHandler(*this);
    const sim::SimTime now = engine.now();
    m_periodStart = now;
    for (std::uint32_t f = 0; f < m_functions.size(); ++f) {
        m_functions[f].accountedTo = now;
        reconcile(f, now);
        scheduleArrival(f, now);
    }
    engine.schedule(now + kContentionPeriod, m_tickKind);
}

void FunctionsPlatform::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    const sim::SimTime now = engine.now();
    if (event.kind == m_arrivalKind) {
        onArrival(event.target, now);
    } else if (event.kind == m_completeKind) {
        if (m_invokers[event.target].wakeGeneration == event.payload)
            onInvokerDue(event.target, now);
    } else if (event.kind == m_readyKind) {
        if (m_containers[event.target].generation == event.payload && m_containers[event.target].state == ContainerState::Starting)
            onReady(event.target, now);
    } else if (event.kind == m_keepAliveKind) {
        if (m_containers[event.target].generation == event.payload && m_containers[event.target].state == ContainerState::Idle)
            onKeepAlive(event.target, now);
    } else {
        onTick(now);
    }
}

void FunctionsPlatform::scheduleArrival(std::uint32_t f, sim::SimTime now)
{
    const sim::SimTime next = m_functions[f].arrivals.next(now);
    if (next != std::numeric_limits<sim::SimTime>::max())
        m_engine->schedule(next, m_arrivalKind, f);
}

void FunctionsPlatform::onArrival(std::uint32_t f, sim::SimTime now)
{
    scheduleArrival(f, now);
    onArrivalInjected(f, now);
}

void FunctionsPlatform::onArrivalInjected(std::uint32_t f, sim::SimTime now)
{
    FunctionState& function = m_functions[f];
    ++function.period.arrivals;
    ++function.totals.arrivals;
    if (function.queue.size() >= kMaxQueue) { // throttled: 429 Too Many Requests
        recordCompletion(function, kFailureLatency, true);
        return;
    }
    function.queue.push_back(now);
    dispatch(f, now);
}

void FunctionsPlatform::dispatch(std::uint32_t f, sim::SimTime now)
{
    FunctionState& function = m_functions[f];
    while (!function.queue.empty() && !function.idle.empty()) {
        const std::uint32_t c = function.idle.back();
        function.idle.pop_back();
        const sim::SimTime arrival = function.queue.front();
        function.queue.pop_front();
        startInvocation(c, arrival, now);
    }
    // On demand (OpenWhisk's cold path): up to max(NC, 1) containers, one start per waiting invocation.
    const std::int32_t cap = std::max(function.target, std::int32_t{1});
    while (function.queue.size() > static_cast<std::size_t>(function.starting)
           && static_cast<std::int32_t>(function.containers.size()) < cap) {
        if (!createContainer(f, now, true))
            break;
    }
}

std::uint32_t FunctionsPlatform::newContainerSlot()
{
    if (!m_freeContainers.empty()) {
        const std::uint32_t c = m_freeContainers.back();
        m_freeContainers.pop_back();
        return c;
    }
    m_containers.emplace_back();
    return static_cast<std::uint32_t>(m_containers.size() - 1);
}

bool FunctionsPlatform::createContainer(std::uint32_t f, sim::SimTime now, bool mayEvict)
{
    FunctionState& function = m_functions[f];
    const auto invokers = static_cast<std::uint32_t>(m_invokers.size());
    model::Resources request;
    request.memoryBytes = function.memoryLimit;
    std::uint32_t chosen = invokers;
    for (std::uint32_t probe = 0, i = function.home; probe < invokers; ++probe, i = (i + function.step) % invokers) {
        if (m_cluster.allocate(m_invokers[i].node, request)) {
            chosen = i;
            break;
        }
    }
    if (chosen == invokers && mayEvict) {
        // OpenWhisk's container pool frees memory on the home invoker by removing idle
        // containers, least recently used first, whichever function they belong to.
        const std::uint32_t home = function.home;
        std::vector<std::uint32_t> idle;
        for (std::uint32_t c = 0; c < m_containers.size(); ++c) {
            const Container& container = m_containers[c];
            if (container.state == ContainerState::Idle && container.invoker == home)
                idle.push_back(c);
        }
        std::sort(idle.begin(), idle.end(), [&](std::uint32_t a, std::uint32_t b) {
            return m_containers[a].since != m_containers[b].since ? m_containers[a].since < m_containers[b].since : a < b;
        });
        for (const std::uint32_t victim : idle) {
            destroyContainer(victim, now);
            if (m_cluster.allocate(m_invokers[home].node, request)) {
                chosen = home;
                break;
            }
        }
    }
    if (chosen == invokers)
        return false;
    const std::uint32_t c = newContainerSlot();
    Container& container = m_containers[c];
    const std::uint32_t generation = container.generation + 1; // stale events of the slot's last use stay stale
    container = Container{};
    container.function = f;
    container.invoker = chosen;
    container.state = ContainerState::Starting;
    container.generation = generation;
    container.shares = function.shares;
    container.memoryLimit = function.memoryLimit;
    container.since = now;
    container.accountedTo = now;
    container.resident = m_contention.add(m_invokers[chosen].node, function.spec.profile.sensitivity(), {}, this, c);
    container.slowdown = m_contention.slowdown(container.resident);
    function.containers.push_back(c);
    ++function.starting;
    ++function.period.coldStarts;
    ++function.totals.coldStarts;
    const double startNs = std::max(0.1 * static_cast<double>(m_spec.platform.coldStartMean),
                                    m_startups.normal(static_cast<double>(m_spec.platform.coldStartMean),
                                                      static_cast<double>(m_spec.platform.coldStartStd)));
    m_engine->schedule(now + static_cast<sim::SimTime>(startNs), m_readyKind, c, container.generation);
    return true;
}

void FunctionsPlatform::addLive(std::uint32_t c, double sign)
{
    const Container& container = m_containers[c];
    FunctionState& function = m_functions[container.function];
    function.liveShares += sign * container.shares / kSharesPerCore;
    function.liveLimit += sign * static_cast<double>(container.memoryLimit);
    function.liveUsed += sign * memoryInUse(container);
    function.liveCount += sign > 0 ? 1 : -1;
}

double FunctionsPlatform::memoryInUse(const Container& container) const
{
    const FunctionProfile& profile = m_functions[container.function].spec.profile;
    const double footprint = static_cast<double>(profile.memoryBytes);
    const double used = container.state == ContainerState::Busy ? footprint : m_spec.platform.idleMemoryShare * footprint;
    return std::min(used, static_cast<double>(container.memoryLimit));
}

void FunctionsPlatform::accountFunction(std::uint32_t f, sim::SimTime now)
{
    FunctionState& function = m_functions[f];
    const double dt = sim::toSeconds(now - function.accountedTo);
    if (dt <= 0)
        return;
    function.accountedTo = now;
    for (auto* target : {&function.period.cpuShareSeconds, &function.totals.cpuShareSeconds})
        *target += function.liveShares * dt;
    function.period.memoryLimitByteSeconds += function.liveLimit * dt;
    function.totals.memoryLimitByteSeconds += function.liveLimit * dt;
    function.period.memoryUsedByteSeconds += function.liveUsed * dt;
    function.totals.memoryUsedByteSeconds += function.liveUsed * dt;
    function.period.containerSeconds += function.liveCount * dt;
    function.totals.containerSeconds += function.liveCount * dt;
}

void FunctionsPlatform::onReady(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    FunctionState& function = m_functions[container.function];
    --function.starting;
    accountFunction(container.function, now);
    container.state = ContainerState::Idle;
    addLive(c, +1);
    makeIdle(c, now);
    dispatch(container.function, now);
}

void FunctionsPlatform::makeIdle(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    container.state = ContainerState::Idle;
    container.since = now;
    ++container.generation;
    m_functions[container.function].idle.push_back(c);
    m_engine->schedule(now + m_spec.platform.keepAlive, m_keepAliveKind, c, container.generation);
}

void FunctionsPlatform::startInvocation(std::uint32_t c, sim::SimTime arrival, sim::SimTime now)
{
    Container& container = m_containers[c];
    FunctionState& function = m_functions[container.function];
    const FunctionProfile& profile = function.spec.profile;
    accountFunction(container.function, now);
    addLive(c, -1);
    const bool paused = now - container.since > m_spec.platform.pauseGrace;
    container.state = ContainerState::Busy;
    ++container.generation;
    addLive(c, +1);
    sim::SimTime delay = 0;
    if (paused) { // unpausing a paused container: seed 001 Table 3.5's warm start
        const double ns = std::max(0.0, function.service.normal(static_cast<double>(m_spec.platform.warmStartMean),
                                                                static_cast<double>(m_spec.platform.warmStartStd)));
        delay = static_cast<sim::SimTime>(ns);
    }
    double execution = sim::toSeconds(profile.medianExecution);
    if (function.sigma > 0)
        execution = function.service.logNormal(execution, function.sigma);
    container.arrival = arrival;
    container.progressFrom = now + delay;
    // Swap is off (seed 001 §4.4): an invocation whose anonymous memory outgrows the limit is
    // killed when it reaches the limit, taken to grow linearly over the execution. Above that the
    // file-backed pages that do not fit are reclaimed and read back as touched: the execution
    // slows by the measured page-reclaim curve (docs/model.md, "Memory"), as a service's does.
    const double limit = static_cast<double>(container.memoryLimit);
    const double anonymous = profile.anonymousBytes();
    container.oom = limit < anonymous;
    container.reclaim = 1.0;
    if (!container.oom && limit < static_cast<double>(profile.memoryBytes))
    {
        container.reclaim = model::PageReclaimCurve::measured().slowdown((limit - anonymous) / profile.fileBytes());
        ++function.totals.memoryReclaimed;
    }
    container.remaining = container.oom ? execution * limit / anonymous : execution;
    container.since = now;
    container.accountedTo = now;
    addBusy(c, now);
}

double FunctionsPlatform::dilation(const Container& container) const
{
    const FunctionProfile& profile = m_functions[container.function].spec.profile;
    const double cpu = std::clamp(profile.cpuFraction, 0.0, 1.0);
    const double share = std::max(container.coreShare, 1e-3);
    return container.reclaim * container.slowdown * (cpu / share + (1.0 - cpu));
}

void FunctionsPlatform::accountBusy(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    if (container.state != ContainerState::Busy || now <= container.accountedTo)
        return;
    const sim::SimTime from = std::max(container.accountedTo, container.progressFrom);
    const double seconds = sim::toSeconds(now - container.accountedTo);
    const double working = now > from ? sim::toSeconds(now - from) : 0.0;
    container.accountedTo = now;
    container.remaining -= working * container.rate;
    const FunctionProfile& profile = m_functions[container.function].spec.profile;
    const double cpu = std::clamp(profile.cpuFraction, 0.0, 1.0);
    const double share = std::max(container.coreShare, 1e-3);
    // While working, the CPU part of the time runs at `share` cores.
    const double cores = working > 0 ? (cpu / share) / (cpu / share + (1.0 - cpu)) * share : 0.0;
    container.busySeconds += seconds;
    container.busyCpuSeconds += working * cores;
    FunctionState& function = m_functions[container.function];
    function.period.cpuCoreSeconds += working * cores;
    function.totals.cpuCoreSeconds += working * cores;
}

void FunctionsPlatform::reschedule(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    container.rate = 1.0 / dilation(container);
    ++container.generation;
    const sim::SimTime from = std::max(now, container.progressFrom);
    const double left = std::max(0.0, container.remaining) / container.rate;
    container.completesAt = from + static_cast<sim::SimTime>(std::ceil(left * 1e9));
    wakeInvokerBy(container.invoker, container.completesAt);
}

void FunctionsPlatform::wakeInvokerBy(std::uint32_t i, sim::SimTime at)
{
    Invoker& invoker = m_invokers[i];
    if (invoker.wakeAt >= 0 && invoker.wakeAt <= at)
        return;
    ++invoker.wakeGeneration;
    invoker.wakeAt = at;
    m_engine->schedule(at, m_completeKind, i, invoker.wakeGeneration);
}

void FunctionsPlatform::onInvokerDue(std::uint32_t i, sim::SimTime now)
{
    m_invokers[i].wakeAt = -1;
    // The busy container that ends first (ties: the lowest index), if it ends now.
    const auto first = [&]() -> std::int64_t {
        std::int64_t best = -1;
        for (const std::uint32_t c : m_invokers[i].busy) {
            if (best < 0 || m_containers[c].completesAt < m_containers[best].completesAt
                || (m_containers[c].completesAt == m_containers[best].completesAt && c < best))
                best = c;
        }
        return best;
    };
    const std::int64_t due = first();
    if (due >= 0 && m_containers[due].completesAt <= now)
        onComplete(static_cast<std::uint32_t>(due), now);
    const std::int64_t next = first();
    if (next >= 0)
        wakeInvokerBy(i, std::max(now, m_containers[next].completesAt));
}

void FunctionsPlatform::addBusy(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    Invoker& invoker = m_invokers[container.invoker];
    container.busySlot = static_cast<std::uint32_t>(invoker.busy.size());
    invoker.busy.push_back(c);
    container.coreShare = 1.0;
    if (static_cast<double>(invoker.busy.size()) > invoker.cores)
        reallocate(container.invoker, now); // also schedules c
    else
        reschedule(c, now);
}

void FunctionsPlatform::removeBusy(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    Invoker& invoker = m_invokers[container.invoker];
    const bool wasOver = static_cast<double>(invoker.busy.size()) > invoker.cores;
    const std::uint32_t last = invoker.busy.back();
    invoker.busy[container.busySlot] = last;
    m_containers[last].busySlot = container.busySlot;
    invoker.busy.pop_back();
    if (wasOver)
        reallocate(container.invoker, now);
}

void FunctionsPlatform::reallocate(std::uint32_t i, sim::SimTime now)
{
    // cgroup cpu.shares: busy containers each want one core; when they want more than the
    // invoker has, cores are divided in proportion to shares, water-filled so nobody gets more
    // than one core and the rest is shared again.
    Invoker& invoker = m_invokers[i];
    const std::size_t n = invoker.busy.size();
    m_scratchShares.assign(n, 1.0);
    if (static_cast<double>(n) > invoker.cores) {
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return m_containers[invoker.busy[a]].shares > m_containers[invoker.busy[b]].shares;
        });
        double cores = invoker.cores;
        double weight = 0;
        for (const std::uint32_t k : order)
            weight += m_containers[invoker.busy[k]].shares;
        std::size_t first = 0;
        // The heaviest get a full core while their proportional share exceeds one.
        while (first < n) {
            const double w = m_containers[invoker.busy[order[first]]].shares;
            if (w * cores / weight < 1.0)
                break;
            m_scratchShares[order[first]] = 1.0;
            cores -= 1.0;
            weight -= w;
            ++first;
        }
        for (std::size_t k = first; k < n; ++k)
            m_scratchShares[order[k]] = weight > 0 ? m_containers[invoker.busy[order[k]]].shares * cores / weight : 0.0;
    }
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint32_t c = invoker.busy[k];
        Container& container = m_containers[c];
        const bool fresh = container.accountedTo == now && container.since == now;
        if (!fresh && container.coreShare == m_scratchShares[k])
            continue;
        accountBusy(c, now);
        container.coreShare = m_scratchShares[k];
        reschedule(c, now);
    }
}

void FunctionsPlatform::slowdownChanged(std::uint64_t tag, double slowdown, sim::SimTime now)
{
    const auto c = static_cast<std::uint32_t>(tag);
    Container& container = m_containers[c];
    if (container.state == ContainerState::Gone)
        return;
    if (container.state != ContainerState::Busy) {
        container.slowdown = slowdown;
        return;
    }
    accountBusy(c, now);
    container.slowdown = slowdown;
    reschedule(c, now);
}

void FunctionsPlatform::recordCompletion(FunctionState& function, sim::SimTime latency, bool failed)
{
    ++function.period.completions;
    ++function.totals.completions;
    function.period.latency.record(latency);
    function.totals.latency.record(latency);
    if (failed) {
        ++function.period.failures;
        ++function.totals.failures;
    }
    if (failed || latency > function.spec.slo) {
        ++function.period.sloViolations;
        ++function.totals.sloViolations;
    }
    ++m_completed;
}

void FunctionsPlatform::onComplete(std::uint32_t c, sim::SimTime now)
{
    accountBusy(c, now);
    Container& container = m_containers[c];
    const bool failed = container.oom;
    finishInvocation(c, now, failed);
}

void FunctionsPlatform::finishInvocation(std::uint32_t c, sim::SimTime now, bool failed)
{
    Container& container = m_containers[c];
    const std::uint32_t f = container.function;
    FunctionState& function = m_functions[f];
    recordCompletion(function, failed ? kFailureLatency : now - container.arrival, failed);
    removeBusy(c, now);
    accountFunction(f, now);
    addLive(c, -1);
    container.state = ContainerState::Idle;
    addLive(c, +1);
    bool goes = failed; // an OOM-killed container goes
    if (!failed && container.memoryLimit != function.memoryLimit) {
        // The limit changed while it was busy: the cgroup write waits for the invocation to end
        // (shrinking under a running invocation would kill it), then applies in place, or the
        // container goes when its invoker has no room for a larger limit.
        model::Resources old;
        old.memoryBytes = container.memoryLimit;
        model::Resources wanted;
        wanted.memoryBytes = function.memoryLimit;
        const std::uint32_t node = m_invokers[container.invoker].node;
        m_cluster.release(node, old);
        if (m_cluster.allocate(node, wanted)) {
            addLive(c, -1);
            container.memoryLimit = function.memoryLimit;
            addLive(c, +1);
        } else {
            m_cluster.allocate(node, old);
            goes = true;
        }
    }
    if (goes || static_cast<std::int32_t>(function.containers.size()) > std::max(function.target, std::int32_t{1})) {
        destroyContainer(c, now); // a new one replaces it on demand
        reconcile(f, now);
    } else {
        makeIdle(c, now);
    }
    dispatch(f, now);
}

void FunctionsPlatform::destroyContainer(std::uint32_t c, sim::SimTime now)
{
    Container& container = m_containers[c];
    const std::uint32_t f = container.function;
    FunctionState& function = m_functions[f];
    accountFunction(f, now);
    if (container.state == ContainerState::Idle || container.state == ContainerState::Busy)
        addLive(c, -1);
    if (container.state == ContainerState::Starting)
        --function.starting;
    if (container.state == ContainerState::Idle) {
        const auto it = std::find(function.idle.begin(), function.idle.end(), c);
        if (it != function.idle.end())
            function.idle.erase(it);
    }
    if (container.state == ContainerState::Busy) { // killed mid-invocation: a failure
        accountBusy(c, now);
        recordCompletion(function, kFailureLatency, true);
        removeBusy(c, now);
    }
    function.containers.erase(std::find(function.containers.begin(), function.containers.end(), c));
    model::Resources request;
    request.memoryBytes = container.memoryLimit;
    m_cluster.release(m_invokers[container.invoker].node, request);
    m_contention.remove(container.resident);
    container.state = ContainerState::Gone;
    ++container.generation;
    m_freeContainers.push_back(c);
}

void FunctionsPlatform::onKeepAlive(std::uint32_t c, sim::SimTime now)
{
    const Container& container = m_containers[c];
    const FunctionState& function = m_functions[container.function];
    if (static_cast<std::int32_t>(function.containers.size()) > function.target)
        destroyContainer(c, now);
}

void FunctionsPlatform::reconcile(std::uint32_t f, sim::SimTime now)
{
    FunctionState& function = m_functions[f];
    // Surplus idle containers go at once (most recently idle kept: they are warm).
    while (static_cast<std::int32_t>(function.containers.size()) > std::max(function.target, std::int32_t{0}) && !function.idle.empty()
           && !(function.target == 0 && !function.queue.empty())) {
        destroyContainer(function.idle.front(), now);
    }
    // Pre-warm up to NC, without evicting anybody else's containers.
    while (static_cast<std::int32_t>(function.containers.size()) < function.target) {
        if (!createContainer(f, now, false))
            break;
    }
}

void FunctionsPlatform::onTick(sim::SimTime now)
{
    // Every running invocation's demand on its invoker's shared resources is its busy share of
    // the last period (re-estimated per period, not per invocation, like microservice instances).
    const double period = sim::toSeconds(kContentionPeriod);
    for (std::uint32_t c = 0; c < m_containers.size(); ++c) {
        Container& container = m_containers[c];
        if (container.state == ContainerState::Gone || container.state == ContainerState::Starting)
            continue;
        accountBusy(c, now);
        const double cores = container.busyCpuSeconds / period;
        const double busy = container.busySeconds / period;
        container.busyCpuSeconds = 0;
        container.busySeconds = 0;
        const FunctionProfile& profile = m_functions[container.function].spec.profile;
        env::NodeContention::Vector demand{};
        demand[static_cast<int>(ContendedResource::Cpu)] = cores;
        demand[static_cast<int>(ContendedResource::MemoryBandwidth)] = profile.demand.memoryBandwidthPerCore * cores;
        demand[static_cast<int>(ContendedResource::Llc)] = profile.demand.llcWays * std::min(1.0, busy);
        demand[static_cast<int>(ContendedResource::DiskIo)] = profile.demand.diskPerCore * busy;
        demand[static_cast<int>(ContendedResource::NetworkBandwidth)] = profile.demand.networkPerCore * busy;
        if (demand != m_contention.demandOf(container.resident))
            m_contention.setDemand(container.resident, demand);
    }
    m_contention.refresh(now);
    // Functions waiting for memory that was not free try again.
    for (std::uint32_t f = 0; f < m_functions.size(); ++f) {
        if (!m_functions[f].queue.empty() || static_cast<std::int32_t>(m_functions[f].containers.size()) < m_functions[f].target) {
            reconcile(f, now);
            dispatch(f, now);
        }
    }
    m_engine->schedule(now + kContentionPeriod, m_tickKind);
}

std::int32_t FunctionsPlatform::containersOf(std::size_t f) const
{
    return m_functions[f].liveCount;
}

std::int32_t FunctionsPlatform::startingContainersOf(std::size_t f) const
{
    return m_functions[f].starting;
}

policy::Observation FunctionsPlatform::observe(sim::SimTime now)
{
    policy::Observation observation;
    observation.time = now;
    observation.period = now - m_periodStart;
    const double seconds = std::max(1e-9, sim::toSeconds(now - m_periodStart));
    std::uint64_t violations = 0;
    for (std::uint32_t f = 0; f < m_functions.size(); ++f) {
        FunctionState& function = m_functions[f];
        for (const std::uint32_t c : function.containers)
            accountBusy(c, now);
        accountFunction(f, now);
        FunctionPeriod& period = function.period;
        policy::TargetObservation target;
        target.name = function.spec.name;
        target.group = std::string(toString(function.spec.profile.functionClass));
        target.replicas = function.liveCount;
        target.pendingReplicas = function.starting;
        target.limit[policy::indexOf(policy::ControlResource::Cpu)] = function.shares / kSharesPerCore;
        target.limit[policy::indexOf(policy::ControlResource::Memory)] = static_cast<double>(function.memoryLimit);
        if (period.containerSeconds > 0) {
            target.usage[policy::indexOf(policy::ControlResource::Cpu)] = period.cpuCoreSeconds / period.containerSeconds;
            target.usage[policy::indexOf(policy::ControlResource::Memory)] = period.memoryUsedByteSeconds / period.containerSeconds;
        }
        target.arrivalRate = static_cast<double>(period.arrivals) / seconds;
        target.previousArrivalRate = function.previousRate;
        function.previousRate = target.arrivalRate;
        target.p50LatencyMs = millisecondsOf(period.latency.quantileNs(0.5));
        target.p99LatencyMs = millisecondsOf(period.latency.quantileNs(0.99));
        target.sloLatencyMs = millisecondsOf(static_cast<double>(function.spec.slo));
        // SP (seed 001 §4.3.1): SLO / measured p99 when violated, else 1 (also with no invocations).
        target.sloMaintenance = period.latency.count() > 0 && target.p99LatencyMs > target.sloLatencyMs
            ? target.sloLatencyMs / target.p99LatencyMs
            : 1.0;
        observation.targets.push_back(std::move(target));
        observation.completedRequests += period.completions;
        observation.droppedRequests += period.failures;
        violations += period.sloViolations;
        period = FunctionPeriod{};
    }
    double worst = 0;
    for (const auto& target : observation.targets)
        worst = std::max(worst, target.p99LatencyMs);
    observation.endToEndP99Ms = worst;
    observation.sloViolationRate = observation.completedRequests ? static_cast<double>(violations) / observation.completedRequests : 0.0;
    m_periodStart = now;
    return observation;
}

std::vector<policy::ActionOutcome> FunctionsPlatform::apply(std::span<const policy::ControlAction> actions, sim::SimTime now)
{
    std::vector<policy::ActionOutcome> outcomes;
    outcomes.reserve(actions.size());
    for (const policy::ControlAction& action : actions) {
        policy::ActionOutcome outcome;
        outcome.requested = action;
        outcome.applied = action;
        std::uint32_t f = 0;
        while (f < m_functions.size() && m_functions[f].spec.name != action.target)
            ++f;
        if (f == m_functions.size()) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "no function named '" + action.target + "'";
            outcomes.push_back(std::move(outcome));
            continue;
        }
        FunctionState& function = m_functions[f];
        if (action.kind == policy::ControlAction::Kind::SetReplicas) {
            const double value = std::round(action.value);
            if (!(value >= 0) || value > m_spec.platform.maxContainers) {
                outcome.status = policy::ActionOutcome::Status::Rejected;
                outcome.reason = "containers must be 0…" + std::to_string(m_spec.platform.maxContainers);
            } else {
                function.target = static_cast<std::int32_t>(value);
                reconcile(f, now);
                dispatch(f, now);
            }
        } else if (action.resource == policy::ControlResource::Cpu) {
            const double shares = std::round(action.value * kSharesPerCore);
            if (!(shares >= kMinShares) || shares > kMaxShares) {
                outcome.status = policy::ActionOutcome::Status::Rejected;
                outcome.reason = "cpu.shares must be 128…2048 (a cpu limit of 0.125…2 cores)";
            } else {
                accountFunction(f, now);
                function.shares = static_cast<std::int32_t>(shares);
                // docker update --cpu-shares (2.1 ms, seed 001 Table 3.5): idle and busy containers alike.
                std::vector<std::uint32_t> invokers;
                for (const std::uint32_t c : function.containers) {
                    Container& container = m_containers[c];
                    const bool live = container.state == ContainerState::Idle || container.state == ContainerState::Busy;
                    if (live)
                        addLive(c, -1);
                    container.shares = function.shares;
                    if (live)
                        addLive(c, +1);
                    if (container.state == ContainerState::Busy)
                        invokers.push_back(container.invoker);
                }
                std::sort(invokers.begin(), invokers.end());
                invokers.erase(std::unique(invokers.begin(), invokers.end()), invokers.end());
                for (const std::uint32_t i : invokers) {
                    if (static_cast<double>(m_invokers[i].busy.size()) > m_invokers[i].cores)
                        reallocate(i, now);
                }
            }
        } else if (action.resource == policy::ControlResource::Memory) {
            const double bytes = std::round(action.value);
            if (!(bytes >= static_cast<double>(kMinMemory)) || bytes > static_cast<double>(kMaxMemory)) {
                outcome.status = policy::ActionOutcome::Status::Rejected;
                outcome.reason = "memory limit must be 128 MiB…2 GiB";
            } else {
                // docker update --memory on idle containers; busy ones are replaced when they
                // finish (a shrink below what they use would kill them).
                function.memoryLimit = static_cast<std::int64_t>(bytes);
                std::vector<std::uint32_t> idle = function.idle;
                for (const std::uint32_t c : idle) {
                    Container& container = m_containers[c];
                    model::Resources old;
                    old.memoryBytes = container.memoryLimit;
                    model::Resources wanted;
                    wanted.memoryBytes = function.memoryLimit;
                    const std::uint32_t node = m_invokers[container.invoker].node;
                    m_cluster.release(node, old);
                    if (m_cluster.allocate(node, wanted)) {
                        accountFunction(f, now);
                        addLive(c, -1);
                        container.memoryLimit = function.memoryLimit;
                        addLive(c, +1);
                    } else {
                        m_cluster.allocate(node, old);
                        destroyContainer(c, now); // does not fit here: recreated elsewhere on demand
                    }
                }
                reconcile(f, now);
            }
        } else {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "functions have cpu and memory limits only";
        }
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

} // namespace orrery::kinds::functions
