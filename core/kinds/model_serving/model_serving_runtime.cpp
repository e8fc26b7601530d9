#include "kinds/model_serving/model_serving_runtime.h"

#include "model/cluster.h"
#include "policy/cluster_view.h"
#include "policy/control_policy.h"
#include "policy/placement_policy.h"
#include "policy/plugin_descriptor_check.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace orrery::kinds::model_serving {
namespace {
constexpr std::size_t kMaxDeviceMetrics = 64; //!< per-device metrics only for clusters up to this size
}

ModelServingRuntime::ModelServingRuntime(const ModelServingSpec& spec, const model::Scenario& scenario, model::Cluster& cluster)
    : m_cluster(cluster)
    , m_platform(spec, scenario.seed, cluster)
    , m_horizon(scenario.horizon)
{
}

bool ModelServingRuntime::attachControl(policy::ControlPolicy& control)
{
    m_control = &control;
    return true;
}

bool ModelServingRuntime::attachPlacement(policy::PlacementPolicy& placement, std::string_view compatVersion)
{
    m_placement = &placement;
    m_placementPlansServing = policy::writtenForMinor(compatVersion, 7);
    return true;
}

bool ModelServingRuntime::attachQueue(policy::QueuePolicy& queue)
{
    m_platform.setQueuePolicy(&queue);
    return true;
}

std::optional<std::uint32_t> ModelServingRuntime::chooseNode(const policy::PendingUnit& unit, bool launching, sim::SimTime now)
{
    const auto place = [&](std::uint32_t node) {
        return launching ? m_platform.placeLaunchingReplica(unit, node, now) : m_platform.placeReplica(unit, node, now);
    };
    if (m_placement) {
        const policy::PlacementDecision decision = m_placement->place(unit, policy::ClusterView(m_cluster));
        if (!decision.deferred && place(decision.node))
            return decision.node;
        return std::nullopt;
    }
    // Without a policy: the device with the most free GPU memory (of the unit's GPU type, if any).
    std::vector<std::uint32_t> order(m_platform.devices().size());
    for (std::uint32_t d = 0; d < order.size(); ++d)
        order[d] = d;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return m_platform.devices()[a].memoryUsedBytes < m_platform.devices()[b].memoryUsedBytes;
    });
    for (const std::uint32_t d : order) {
        if (!unit.deviceModel.empty() && m_platform.devices()[d].power.profile().name != unit.deviceModel)
            continue;
        if (place(m_platform.nodeOfDevice(d)))
            return m_platform.nodeOfDevice(d);
    }
    return std::nullopt;
}

void ModelServingRuntime::planPartitions(sim::SimTime now)
{
    const policy::ServingPlanRequest request = m_platform.servingPlanRequest(m_horizon);
    const std::optional<policy::ServingPlan> plan = m_placement->planServing(request, policy::ClusterView(m_cluster));
    if (!plan)
        return;
    if (plan->models.size() != request.models.size())
        throw std::invalid_argument("workload '" + m_platform.spec().name + "': the placement policy's plan names "
                                    + std::to_string(plan->models.size()) + " models, the workload serves " + std::to_string(request.models.size()));
    for (std::uint32_t m = 0; m < plan->models.size(); ++m) {
        const policy::ModelPartition& partition = plan->models[m];
        m_platform.applyPartition(m, partition);
        // For the views: "<model>: <replicas>×<stages>" (replicas of how many stages each).
        m_recorder->recordAnnotation({now, now, "serving.partition",
                                      request.models[m].model + ": " + std::to_string(partition.replicas) + "x" + std::to_string(partition.stages),
                                      static_cast<double>(partition.stages)});
    }
}

void ModelServingRuntime::placeReplicas(sim::SimTime now)
{
    if (m_placement && m_placementPlansServing)
        planPartitions(now);
    for (const policy::PendingUnit& unit : m_platform.replicaUnits()) {
        const auto model = static_cast<std::uint32_t>(unit.id >> 32);
        if (const std::optional<std::uint32_t> node = chooseNode(unit, false, now)) // for the views: "<model>@<device>"
            m_recorder->recordAnnotation({now, now, "serving.placement", unit.service + "@" + m_cluster.node(*node).name, 1.0});
        else
            m_platform.noteUnplaced(model);
    }
}

policy::ActionOutcome ModelServingRuntime::scale(const policy::ControlAction& action, std::size_t index, sim::SimTime now)
{
    policy::ActionOutcome outcome{policy::ActionOutcome::Status::Applied, action, action, {}};
    const auto reject = [&](std::string reason) {
        outcome.status = policy::ActionOutcome::Status::Rejected;
        outcome.reason = std::move(reason);
        return outcome;
    };
    if (!m_platform.spec().autoscaling)
        return reject("autoscaling is off for workload '" + m_platform.spec().name + "' (autoscaling: on)");
    const auto at = action.target.find('@');
    const std::string name = action.target.substr(0, at);
    const std::string type = at == std::string::npos ? std::string() : action.target.substr(at + 1);
    const std::uint32_t model = m_platform.modelIndex(name);
    if (model == ModelServingPlatform::kNone)
        return reject("unknown model '" + name + "'");
    if (!std::isfinite(action.value) || action.value < 1)
        return reject("scale-in stops at one replica");
    const auto wanted = static_cast<std::int32_t>(std::lround(action.value));
    const auto queuedHere = [&](const QueuedLaunch& q) { return q.model == model && (type.empty() || q.gpuType == type); };
    // Launching and queued replicas count towards the total (of any type when the target names none).
    std::int32_t current = m_platform.servingReplicas(model, type) + (type.empty() ? m_platform.models()[model].launching : 0)
        + static_cast<std::int32_t>(std::count_if(m_queued.begin(), m_queued.end(), queuedHere));
    for (std::int32_t k = current; k < wanted; ++k) {
        QueuedLaunch launch{m_platform.nextReplicaUnit(model, type), model, type, index, true};
        launch.unit.submittedAt = now;
        m_queued.push_back(std::move(launch));
        m_platform.setQueued(model, m_platform.models()[model].queued + 1);
    }
    // Scale-in drops queued replicas first (newest first), then retires serving ones.
    for (auto it = m_queued.end(); current > wanted && it != m_queued.begin();) {
        --it;
        if (!queuedHere(*it))
            continue;
        m_platform.setQueued(model, m_platform.models()[model].queued - 1);
        it = m_queued.erase(it);
        --current;
    }
    // Serving replicas retire after the launch round, so that new capacity is placed first.
    if (current > wanted)
        m_retirements.push_back({model, type, current - wanted});
    return outcome;
}

void ModelServingRuntime::retireRound(sim::SimTime now)
{
    for (const Retirement& r : m_retirements) {
        for (std::int32_t k = 0; k < r.count; ++k) {
            const std::optional<std::uint32_t> device = m_platform.retire(r.model, r.gpuType, now);
            if (!device)
                break;
            ++m_scaleIns;
            m_recorder->recordAnnotation({now, now, "serving.retire",
                                          m_platform.models()[r.model].profile->name + "@" + m_platform.devices()[*device].name, 1.0});
        }
    }
    m_retirements.clear();
}

void ModelServingRuntime::launchRound(std::vector<policy::ActionOutcome>& outcomes, sim::SimTime now)
{
    if (m_queued.empty())
        return;
    std::vector<policy::PendingUnit> units;
    units.reserve(m_queued.size());
    for (const QueuedLaunch& q : m_queued)
        units.push_back(q.unit);
    std::vector<std::size_t> order(units.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    if (m_placement)
        order = m_placement->admit(units, now);
    std::vector<bool> admitted(m_queued.size(), false);
    std::vector<std::size_t> launched(outcomes.size(), 0), failed(outcomes.size(), 0), waiting(outcomes.size(), 0);
    std::vector<bool> actionFailed(outcomes.size(), false);
    for (const std::size_t i : order) {
        if (i >= m_queued.size() || admitted[i])
            continue; // a policy's index out of range or twice: ignored
        admitted[i] = true;
        QueuedLaunch& q = m_queued[i];
        m_platform.setQueued(q.model, m_platform.models()[q.model].queued - 1);
        const bool mine = q.fromThisPeriod && q.outcome < outcomes.size();
        // As one SetReplicas always did: after the first replica no device takes, the rest of
        // that action's replicas are not tried (one launch failure).
        if (mine && actionFailed[q.outcome]) {
            ++failed[q.outcome];
            continue;
        }
        const std::optional<std::uint32_t> node = chooseNode(q.unit, true, now);
        if (!node) {
            ++m_launchFailures;
            if (mine) {
                actionFailed[q.outcome] = true;
                ++failed[q.outcome];
            }
            continue;
        }
        if (mine)
            ++launched[q.outcome];
        ++m_scaleOuts;
        m_engine->schedule(now + m_platform.spec().launchLatency, m_launchKind, q.model, m_platform.deviceOfNode(*node));
        m_recorder->recordAnnotation({now, now, "serving.placement", q.unit.service + "@" + m_cluster.node(*node).name, 1.0});
    }
    std::vector<QueuedLaunch> left;
    for (std::size_t i = 0; i < m_queued.size(); ++i) {
        if (admitted[i])
            continue;
        if (m_queued[i].fromThisPeriod && m_queued[i].outcome < outcomes.size())
            ++waiting[m_queued[i].outcome];
        m_queued[i].fromThisPeriod = false;
        left.push_back(std::move(m_queued[i]));
    }
    m_queued = std::move(left);
    for (std::size_t a = 0; a < outcomes.size(); ++a) {
        if (failed[a] == 0 && waiting[a] == 0)
            continue;
        policy::ActionOutcome& outcome = outcomes[a];
        outcome.status = policy::ActionOutcome::Status::Converted;
        outcome.applied.value = outcome.requested.value - static_cast<double>(failed[a] + waiting[a]);
        outcome.reason = failed[a] > 0 ? "no device could take more than " + std::to_string(launched[a]) + " new replica(s)"
                                       : std::to_string(waiting[a]) + " new replica(s) wait in the scheduling queue";
    }
}

void ModelServingRuntime::start(sim::Engine& engine, sim::RunRecorder& recorder)
{
    m_engine = &engine;
    m_recorder = &recorder;
    m_arrivalKind = engine.registerHandler(*this);
    m_completionKind = engine.registerHandler(*this);
    m_controlKind = engine.registerHandler(*this);
    m_launchKind = engine.registerHandler(*this);
    m_handoffKind = engine.registerHandler(*this);
    if (m_platform.spec().autoscaling)
        m_replicaSeries = recorder.defineSeries("serving.replicas", "replicas");
    m_powerSeries = recorder.defineSeries("serving.power", "W");
    m_costSeries = recorder.defineSeries("serving.cost", "USD");
    m_sloRatioSeries = recorder.defineSeries("serving.p99_slo_ratio", "ratio");
    m_attainmentSeries = recorder.defineSeries("serving.slo_attainment", "share");
    recordServedModels(recorder);
    if (m_platform.spec().deviceSeries) {
        for (const auto& device : m_platform.devices()) {
            m_deviceSeries.push_back({recorder.defineSeries("serving." + device.name + ".power", "W"),
                                      recorder.defineSeries("serving." + device.name + ".mhz", "MHz"),
                                      recorder.defineSeries("serving." + device.name + ".p99_slo_ratio", "ratio"),
                                      recorder.defineSeries("serving." + device.name + ".replicas", "replicas")});
        }
    }
    placeReplicas(engine.now());
    // Models without a replica still receive requests: they are dropped, and counted.
    for (std::uint32_t m = 0; m < m_platform.models().size(); ++m)
        engine.schedule(m_platform.nextArrival(m, engine.now()), m_arrivalKind, m);
    engine.schedule(engine.now() + m_platform.spec().controlPeriod, m_controlKind);
}

void ModelServingRuntime::recordServedModels(sim::RunRecorder& recorder) const
{
    // What the run serves, kept with it so the Power view needs no scenario parser
    // (app/gui/kinds/model_serving): the GPU model, then each model with its SLO scale.
    const ModelServingSpec& spec = m_platform.spec();
    recorder.recordAnnotation({0, 0, "run.serving.gpu", spec.gpu, 0});
    std::vector<std::string> seen;
    for (const auto& served : spec.models) {
        if (std::find(seen.begin(), seen.end(), served.model) != seen.end())
            continue;
        seen.push_back(served.model);
        recorder.recordAnnotation({0, 0, "run.serving.model", served.model, served.sloScale > 0 ? served.sloScale : spec.sloScale});
    }
    // The fleet, for the fleet views and the report (app/report/serving_summary.h): whether
    // replicas autoscale, then each device as "<device>/<GPU model>" with its price per hour
    // (device names are node names, which hold no '/').
    recorder.recordAnnotation({0, 0, "run.serving.autoscaling", "", spec.autoscaling ? 1.0 : 0.0});
    for (const auto& device : m_platform.devices())
        recorder.recordAnnotation({0, 0, "run.serving.device", device.name + "/" + device.gpuModel, device.pricePerHour});
}

void ModelServingRuntime::startIfIdle(std::uint32_t device, sim::SimTime now)
{
    const sim::SimTime done = m_platform.dispatch(device, now);
    if (done != std::numeric_limits<sim::SimTime>::max())
        m_engine->schedule(done, m_completionKind, device, m_platform.version(device));
}

void ModelServingRuntime::tick(sim::SimTime now)
{
    const policy::Observation observation = m_platform.observe(now);
    double watts = 0;
    double worstRatio = 0;
    for (std::size_t d = 0; d < m_platform.devices().size(); ++d) { // the devices come first, then any model targets
        const auto& features = observation.targets[d].features;
        watts += features.at("watts");
        worstRatio = std::max(worstRatio, features.at("p99SloRatio"));
        if (!m_deviceSeries.empty()) {
            m_recorder->recordSample(m_deviceSeries[d].watts, now, features.at("watts"));
            m_recorder->recordSample(m_deviceSeries[d].mhz, now, m_platform.devices()[d].mhz);
            m_recorder->recordSample(m_deviceSeries[d].sloRatio, now, features.at("p99SloRatio"));
            // Replicas holding its memory (serving or draining): what the device is paid for.
            const auto& states = m_platform.devices()[d].residentState;
            m_recorder->recordSample(m_deviceSeries[d].replicas, now,
                                     static_cast<double>(std::count_if(states.begin(), states.end(), [](std::uint8_t s) { return s < 2; })));
        }
    }
    m_recorder->recordSample(m_powerSeries, now, watts);
    double cost = 0;
    for (const auto& device : m_platform.devices())
        cost += device.chargedSeconds * device.pricePerHour / 3600.0;
    m_recorder->recordSample(m_costSeries, now, cost);
    m_recorder->recordSample(m_sloRatioSeries, now, worstRatio);
    if (observation.completedRequests > 0)
        m_recorder->recordSample(m_attainmentSeries, now, 1.0 - observation.sloViolationRate);
    if (m_platform.spec().autoscaling) {
        double replicas = 0;
        for (const auto& target : observation.targets)
            replicas += target.group == "model" ? target.replicas : 0;
        m_recorder->recordSample(m_replicaSeries, now, replicas);
        m_replicaSum += replicas;
        m_replicaSamples += 1;
    }
    if (m_control) {
        const std::vector<policy::ControlAction> decided = m_control->decide(observation);
        m_labels.update(m_control->targetLabels(), now, *m_recorder);
        applyControl(decided, now);
    }
    if (m_steeredExternally)
        m_lastObservation = observation;
}

std::vector<policy::ActionOutcome> ModelServingRuntime::applyControl(const std::vector<policy::ControlAction>& actions, sim::SimTime now)
{
    std::vector<policy::ControlAction> clocks;
    std::vector<policy::ActionOutcome> outcomes;
    for (const policy::ControlAction& action : actions) {
        if (action.kind == policy::ControlAction::Kind::SetReplicas)
            outcomes.push_back(scale(action, outcomes.size(), now));
        else
            clocks.push_back(action);
    }
    launchRound(outcomes, now);
    retireRound(now);
    for (policy::ActionOutcome& outcome : m_platform.apply(clocks, now))
        outcomes.push_back(std::move(outcome));
    for (const policy::ActionOutcome& outcome : outcomes) {
        if (outcome.status == policy::ActionOutcome::Status::Rejected)
            ++m_rejected;
        else
            ++m_applied;
    }
    return outcomes;
}

void ModelServingRuntime::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    const sim::SimTime now = engine.now();
    if (event.kind == m_arrivalKind) {
        const std::uint32_t device = m_platform.arrive(event.target, now);
        if (device != ModelServingPlatform::kNone)
            startIfIdle(device, now);
        const sim::SimTime next = m_platform.nextArrival(event.target, now);
        if (next != std::numeric_limits<sim::SimTime>::max())
            engine.schedule(next, m_arrivalKind, event.target);
    } else if (event.kind == m_completionKind) {
        if (event.payload != m_platform.version(event.target))
            return; // replanned since (a concurrent device's speeds changed)
        m_platform.completeDue(event.target, now);
        startIfIdle(event.target, now);
        // Pipelined models: what finished a stage crosses to the next one.
        for (const auto& [request, seconds] : m_platform.takeHandoffs())
            engine.schedule(now + sim::fromSeconds(seconds), m_handoffKind, request);
    } else if (event.kind == m_handoffKind) {
        startIfIdle(m_platform.handOff(event.target, now), now);
    } else if (event.kind == m_launchKind) {
        m_platform.finishLaunch(event.target, static_cast<std::uint32_t>(event.payload));
    } else if (event.kind == m_controlKind) {
        tick(now);
        engine.schedule(now + m_platform.spec().controlPeriod, m_controlKind);
    }
}

void ModelServingRuntime::finish(env::RunMetrics* metrics)
{
    if (m_engine && m_recorder)
        m_labels.closeAll(m_engine->now(), *m_recorder);
    if (!metrics || !m_engine)
        return;
    const sim::SimTime now = m_engine->now();
    const double seconds = std::max(1e-9, sim::toSeconds(now));
    double joules = 0, mhz = 0;
    const auto& devices = m_platform.devices();
    for (const auto& device : devices)
        joules += device.energy.joulesUntil(now);
    double utilization = 0;
    for (std::uint32_t d = 0; d < devices.size(); ++d) {
        mhz += m_platform.meanMhz(d, now);
        utilization += m_platform.meanUtilization(d, now);
    }
    std::int32_t unplaced = 0;
    for (const auto& model : m_platform.models())
        unplaced += model.replicasUnplaced;
    const std::uint64_t finished = m_platform.completed() + m_platform.dropped();
    metrics->push_back({"serving.requests", static_cast<double>(m_platform.arrived()), "requests"});
    metrics->push_back({"serving.completed", static_cast<double>(m_platform.completed()), "requests"});
    metrics->push_back({"serving.dropped", static_cast<double>(m_platform.dropped()), "requests"});
    // Requests still queued or running at the horizon are left out (neither met nor missed).
    metrics->push_back({"serving.slo_attainment", finished ? static_cast<double>(m_platform.withinSlo()) / static_cast<double>(finished) : 0.0, "share"});
    metrics->push_back({"serving.latency.p50", m_platform.latency().quantileNs(0.5) / 1e9, "s"});
    metrics->push_back({"serving.latency.p99", m_platform.latency().quantileNs(0.99) / 1e9, "s"});
    metrics->push_back({"serving.latency.mean", m_platform.latency().meanNs() / 1e9, "s"});
    metrics->push_back({"serving.slo_ratio.p99", m_platform.sloRatio().quantileNs(0.99) / 1e6, "factor"});
    metrics->push_back({"serving.energy", joules, "J"});
    metrics->push_back({"serving.power.mean", joules / seconds, "W"});
    metrics->push_back({"serving.energy_per_request", m_platform.completed() ? joules / static_cast<double>(m_platform.completed()) : 0.0, "J/request"});
    metrics->push_back({"serving.mhz.mean", mhz / static_cast<double>(devices.size()), "MHz"});
    // Busy share of the devices; with sharing: concurrent, min(1, Σ GPU shares of the active replicas).
    metrics->push_back({"serving.gpu_utilization.mean", utilization / static_cast<double>(devices.size()), "share"});
    if (m_platform.meanBatch() > 0)
        metrics->push_back({"serving.batch.mean", m_platform.meanBatch(), "requests"});
    metrics->push_back({"serving.frequency_changes", static_cast<double>(m_platform.frequencyChanges()), "changes"});
    metrics->push_back({"serving.replicas_unplaced", static_cast<double>(unplaced), "replicas"});
    // What the devices holding replicas cost: their pools' price per hour × the time they held one.
    double cost = 0;
    for (const auto& device : devices)
        cost += device.chargedSeconds * device.pricePerHour / 3600.0;
    metrics->push_back({"serving.cost", cost, "USD"});
    if (m_platform.spec().autoscaling) {
        metrics->push_back({"serving.replicas.mean", m_replicaSamples > 0 ? m_replicaSum / m_replicaSamples : 0.0, "replicas"});
        metrics->push_back({"serving.scale_outs", static_cast<double>(m_scaleOuts), "replicas"});
        metrics->push_back({"serving.scale_ins", static_cast<double>(m_scaleIns), "replicas"});
        metrics->push_back({"serving.launch_failures", static_cast<double>(m_launchFailures), "replicas"});
    }
    if (devices.size() <= kMaxDeviceMetrics) {
        for (std::uint32_t d = 0; d < devices.size(); ++d) {
            metrics->push_back({"serving." + devices[d].name + ".power.mean", devices[d].energy.joulesUntil(now) / seconds, "W"});
            metrics->push_back({"serving." + devices[d].name + ".mhz.mean", m_platform.meanMhz(d, now), "MHz"});
            metrics->push_back({"serving." + devices[d].name + ".utilization", m_platform.meanUtilization(d, now), "share"});
        }
    }
    if (m_control) {
        metrics->push_back({"control.actions_applied", static_cast<double>(m_applied), "actions"});
        metrics->push_back({"control.actions_rejected", static_cast<double>(m_rejected), "actions"});
    }
}

} // namespace orrery::kinds::model_serving
