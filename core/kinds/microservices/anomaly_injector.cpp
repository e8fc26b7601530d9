#include "kinds/microservices/anomaly_injector.h"

#include "model/anomaly_onset_table.h"

#include <algorithm>

namespace orrery::kinds::microservices {

namespace {

model::ContendedResource resourceOf(model::AnomalyKind kind)
{
    switch (kind) {
    case model::AnomalyKind::MemoryBandwidth: return model::ContendedResource::MemoryBandwidth;
    case model::AnomalyKind::Llc: return model::ContendedResource::Llc;
    case model::AnomalyKind::DiskIo: return model::ContendedResource::DiskIo;
    case model::AnomalyKind::NetworkBandwidth: return model::ContendedResource::NetworkBandwidth;
    default: return model::ContendedResource::Cpu;
    }
}

} // namespace

AnomalyInjector::AnomalyInjector(const model::AnomalyCampaignSpec& campaign, std::vector<Instance> instances,
                                 std::vector<Node> nodes, std::vector<std::string> serviceNames,
                                 std::vector<std::string> streamNames, std::string workloadName,
                                 std::uint64_t seed, sim::SimTime horizon,
                                 bool randomCampaigns)
    : m_instances(std::move(instances))
    , m_nodes(std::move(nodes))
    , m_serviceNames(std::move(serviceNames))
    , m_streamNames(std::move(streamNames))
    , m_workloadName(std::move(workloadName))
    , m_horizon(horizon)
    , m_primary(randomCampaigns)
    , m_rng(seed, "anomalies")
    , m_nodeLimitCores(m_nodes.size(), 0.0)
    , m_stressor(m_nodes.size(), model::PerContendedResource<double>{})
    , m_shaped(m_instances.size(), 0.0)
    , m_container(m_instances.size(), model::PerContendedResource<double>{})
    , m_delay(m_instances.size(), 0)
    , m_multiplier(m_streamNames.size(), 1.0)
{
    for (const auto& instance : m_instances) {
        m_nodeLimitCores[instance.node] += instance.retired ? 0.0 : static_cast<double>(instance.limits.millicores) / 1000.0;
        m_capacity.push_back(static_cast<double>(instance.limits.millicores) / 1000.0);
    }
    for (const auto& spec : campaign.injections) {
        Active anomaly;
        anomaly.spec = spec;
        resolve(anomaly);
        m_active.push_back(std::move(anomaly));
    }
    if (randomCampaigns)
        m_random = campaign.random;
}

void AnomalyInjector::resolve(Active& anomaly) const
{
    const std::string& target = anomaly.spec.target;
    if (anomaly.spec.kind == model::AnomalyKind::WorkloadVariation) {
        for (std::uint32_t s = 0; s < m_streamNames.size(); ++s) {
            if (target == m_workloadName || target == m_streamNames[s])
                anomaly.streams.push_back(s);
        }
        anomaly.relevant = !anomaly.streams.empty();
        return;
    }
    bool nodeTarget = false;
    for (std::uint32_t i = 0; i < m_instances.size(); ++i) {
        const Instance& instance = m_instances[i];
        const bool onNode = m_nodes[instance.node].name == target;
        nodeTarget = nodeTarget || onNode;
        if (instance.name == target || m_serviceNames[instance.service] == target || onNode) {
            anomaly.instances.push_back(i);
            if (std::find(anomaly.nodes.begin(), anomaly.nodes.end(), instance.node) == anomaly.nodes.end())
                anomaly.nodes.push_back(instance.node);
        }
    }
    // A node target is annotated by the injector that runs the random campaigns only, so two
    // applications sharing the node do not record it twice.
    anomaly.relevant = !anomaly.instances.empty() && (!nodeTarget || m_primary);
}

std::vector<AnomalyInjector::Wake> AnomalyInjector::initialWakes()
{
    std::vector<Wake> wakes;
    for (std::uint32_t i = 0; i < m_active.size(); ++i) {
        if (m_active[i].relevant || !m_active[i].instances.empty() || !m_active[i].streams.empty())
            wakes.push_back({m_active[i].spec.start, i, 0});
    }
    for (std::uint32_t c = 0; c < m_random.size(); ++c) {
        const auto& campaign = m_random[c];
        const sim::SimTime first = campaign.start + sim::fromSeconds(m_rng.exponential(1.0 / campaign.ratePerSecond));
        wakes.push_back({first, c, 1});
    }
    return wakes;
}

double AnomalyInjector::levelAt(const Active& anomaly, sim::SimTime now) const
{
    const model::AnomalySpec& spec = anomaly.spec;
    if (now < spec.start || now >= spec.start + spec.duration)
        return 0.0;
    const sim::SimTime elapsed = now - spec.start;
    switch (spec.pattern.kind) {
    case model::AnomalyPattern::Kind::Constant:
        return spec.intensity;
    case model::AnomalyPattern::Kind::Ramp: {
        const sim::SimTime step = std::max<sim::SimTime>(1, spec.duration / spec.pattern.steps);
        const auto k = std::min<sim::SimTime>(spec.pattern.steps, elapsed / step + 1);
        return spec.intensity * static_cast<double>(k) / spec.pattern.steps;
    }
    case model::AnomalyPattern::Kind::Periodic:
        return elapsed % (spec.pattern.on + spec.pattern.off) < spec.pattern.on ? spec.intensity : 0.0;
    }
    return 0.0;
}

sim::SimTime AnomalyInjector::nextChange(const Active& anomaly, sim::SimTime now) const
{
    const model::AnomalySpec& spec = anomaly.spec;
    const sim::SimTime end = spec.start + spec.duration;
    if (now < spec.start)
        return spec.start;
    if (now >= end)
        return sim::kSimTimeMax;
    const sim::SimTime elapsed = now - spec.start;
    sim::SimTime next = end;
    if (spec.pattern.kind == model::AnomalyPattern::Kind::Ramp) {
        const sim::SimTime step = std::max<sim::SimTime>(1, spec.duration / spec.pattern.steps);
        next = std::min(end, spec.start + (elapsed / step + 1) * step);
    } else if (spec.pattern.kind == model::AnomalyPattern::Kind::Periodic) {
        const sim::SimTime cycle = spec.pattern.on + spec.pattern.off;
        const sim::SimTime phase = elapsed % cycle;
        next = std::min(end, now - phase + (phase < spec.pattern.on ? spec.pattern.on : cycle));
    }
    return next;
}

model::AnomalySpec AnomalyInjector::drawRandom(std::size_t campaign, sim::SimTime now)
{
    const auto& spec = m_random[campaign];
    std::vector<model::AnomalyKind> kinds = spec.kinds;
    if (kinds.empty()) {
        for (int k = 0; k < model::kAnomalyKindCount; ++k) {
            if (static_cast<model::AnomalyKind>(k) != model::AnomalyKind::WorkloadVariation)
                kinds.push_back(static_cast<model::AnomalyKind>(k));
        }
    }
    model::AnomalySpec anomaly;
    anomaly.kind = kinds[m_rng.below(kinds.size())];
    const std::string* service = nullptr; // the target's service, for the onset table
    if (anomaly.kind == model::AnomalyKind::WorkloadVariation) {
        anomaly.target = m_workloadName;
    } else if (spec.targets == model::RandomAnomalyCampaignSpec::Targets::Services) {
        anomaly.target = m_serviceNames[m_rng.below(m_serviceNames.size())];
        service = &anomaly.target;
    } else if (spec.targets == model::RandomAnomalyCampaignSpec::Targets::Nodes) {
        anomaly.target = m_nodes[m_rng.below(m_nodes.size())].name;
    } else {
        const Instance& instance = m_instances[m_rng.below(m_instances.size())];
        anomaly.target = instance.name;
        service = &m_serviceNames[instance.service];
    }
    // From the onset of harm (seed 001 §3.3.2) where the table knows the pair; one draw either
    // way, so the campaign's other draws do not move.
    double low = spec.minIntensity, high = spec.maxIntensity;
    if (spec.onsets && service) {
        if (const auto onset = spec.onsets->find(anomaly.kind, *service)) {
            low = onset->start;
            high = onset->end;
        }
    }
    anomaly.intensity = m_rng.uniform(low, high);
    anomaly.start = now;
    anomaly.duration = std::max<sim::SimTime>(1, spec.duration.sample(m_rng));
    anomaly.scope = spec.scope;
    return anomaly;
}

bool AnomalyInjector::onEvent(sim::SimTime now, std::uint32_t target, std::uint64_t kind, sim::RunRecorder& recorder,
                              std::vector<Wake>& next)
{
    if (kind == 1) { // a random campaign fires: start a new injection now
        const auto& campaign = m_random[target];
        const sim::SimTime end = campaign.end > 0 ? campaign.end : m_horizon;
        const sim::SimTime following = now + std::max<sim::SimTime>(1, sim::fromSeconds(m_rng.exponential(1.0 / campaign.ratePerSecond)));
        if (m_instances.empty())
            return false;
        Active anomaly;
        anomaly.spec = drawRandom(target, now);
        resolve(anomaly);
        anomaly.relevant = true;
        m_active.push_back(std::move(anomaly));
        if (following < end)
            next.push_back({following, target, 1});
        target = static_cast<std::uint32_t>(m_active.size() - 1);
    }
    Active& anomaly = m_active[target];
    if (now == anomaly.spec.start && anomaly.relevant) {
        sim::RunAnnotation annotation;
        annotation.start = anomaly.spec.start;
        annotation.end = std::min(anomaly.spec.start + anomaly.spec.duration, m_horizon);
        annotation.kind = "anomaly." + std::string(model::toString(anomaly.spec.kind));
        annotation.target = anomaly.spec.target;
        annotation.intensity = anomaly.spec.intensity;
        recorder.recordAnnotation(annotation);
        m_starts.push_back(annotation.start);
    }
    const double level = levelAt(anomaly, now);
    const sim::SimTime change = nextChange(anomaly, now);
    if (change != sim::kSimTimeMax && change <= m_horizon)
        next.push_back({change, target, 0});
    if (level == anomaly.level)
        return false;
    anomaly.level = level;
    recompute();
    return true;
}

void AnomalyInjector::recompute()
{
    for (auto& level : m_stressor)
        level.fill(0.0);
    std::fill(m_shaped.begin(), m_shaped.end(), 0.0);
    for (auto& level : m_container)
        level.fill(0.0);
    std::fill(m_delay.begin(), m_delay.end(), 0);
    std::fill(m_multiplier.begin(), m_multiplier.end(), 1.0);
    for (const Active& anomaly : m_active) {
        if (anomaly.level <= 0.0)
            continue;
        switch (anomaly.spec.kind) {
        case model::AnomalyKind::NetworkDelay:
            for (const auto i : anomaly.instances)
                m_delay[i] += sim::fromSeconds(sim::toSeconds(kFullNetworkDelay) * anomaly.level);
            break;
        case model::AnomalyKind::NetworkBandwidth:
            for (const auto i : anomaly.instances)
                m_shaped[i] = std::min(1.0, m_shaped[i] + anomaly.level);
            break;
        case model::AnomalyKind::WorkloadVariation:
            for (const auto s : anomaly.streams)
                m_multiplier[s] += kWorkloadGain * anomaly.level;
            break;
        default: {
            const auto r = static_cast<std::size_t>(resourceOf(anomaly.spec.kind));
            if (anomaly.spec.scope == model::AnomalyScope::Container) {
                // Inside each target container: bounded by its limits.
                for (const auto i : anomaly.instances)
                    m_container[i][r] = std::min(1.0, m_container[i][r] + anomaly.level);
                break;
            }
            // A stressor container on the node(s) hosting the target: one per node and kind,
            // levels of overlapping injections add up to the node's whole capacity.
            for (const auto node : anomaly.nodes)
                m_stressor[node][r] = std::min(1.0, m_stressor[node][r] + anomaly.level);
        }
        }
    }
    for (std::size_t i = 0; i < m_instances.size(); ++i) {
        const Instance& instance = m_instances[i];
        const Node& node = m_nodes[instance.node];
        const double limitCores = static_cast<double>(instance.limits.millicores) / 1000.0;
        // A CPU hog takes its share of the node's cores; the instances share what is left.
        const double hog = m_stressor[instance.node][static_cast<std::size_t>(model::ContendedResource::Cpu)];
        const double free = (1.0 - hog) * node.cores;
        const double squeeze = m_nodeLimitCores[instance.node] > free ? free / m_nodeLimitCores[instance.node] : 1.0;
        // A hog inside the container burns its share of the container's own CPU quota.
        const double inside = m_container[i][static_cast<std::size_t>(model::ContendedResource::Cpu)];
        m_capacity[i] = std::max(1e-3, limitCores * squeeze * (1.0 - inside));
    }
}

void AnomalyInjector::resolveAll()
{
    for (Active& anomaly : m_active) {
        anomaly.instances.clear();
        anomaly.nodes.clear();
        anomaly.streams.clear();
        const bool relevant = anomaly.relevant; // annotation already decided at construction
        resolve(anomaly);
        anomaly.relevant = relevant;
    }
    std::fill(m_nodeLimitCores.begin(), m_nodeLimitCores.end(), 0.0);
    for (const auto& instance : m_instances)
        m_nodeLimitCores[instance.node] += instance.retired ? 0.0 : static_cast<double>(instance.limits.millicores) / 1000.0;
    recompute();
}

void AnomalyInjector::setLimits(std::size_t index, const InstanceLimits& limits)
{
    m_instances.at(index).limits = limits;
    resolveAll();
}

std::size_t AnomalyInjector::addInstance(Instance instance)
{
    m_instances.push_back(std::move(instance));
    m_shaped.push_back(0.0);
    m_container.push_back({});
    m_capacity.push_back(1.0);
    m_delay.push_back(0);
    resolveAll();
    return m_instances.size() - 1;
}

void AnomalyInjector::setRetired(std::size_t index, bool retired)
{
    m_instances.at(index).retired = retired;
    resolveAll();
}

} // namespace orrery::kinds::microservices
