#pragma once
#include "env/target_label_log.h"
#include "env/workload_kind_runtimes.h"
#include "kinds/model_serving/model_serving_platform.h"
#include "sim/engine.h"
#include "sim/run_recorder.h"

#include <optional>
#include <vector>

namespace orrery::kinds::model_serving {

//! A model-serving workload inside a Simulation run. At time 0 every replica is placed with the
//! scenario's placement policy (a node of the device pool each; the device takes it when its GPU
//! memory holds the model), then requests arrive per model, wait in their device's queue (in the
//! queue policy's order, else first come, first served) and run one at a time. Every
//! controlPeriod the devices are observed (series) and the control policy, if any, sets their
//! clocks (ControlResource::GpuFrequency).
class ModelServingRuntime final : public env::KindRuntime, public sim::EventHandler {
public:
    ModelServingRuntime(const ModelServingSpec& spec, const model::Scenario& scenario, model::Cluster& cluster);

    void start(sim::Engine& engine, sim::RunRecorder& recorder) override;
    void finish(env::RunMetrics* metrics) override;
    bool attachControl(policy::ControlPolicy& control) override;
    bool attachPlacement(policy::PlacementPolicy& placement, std::string_view compatVersion) override;
    bool attachQueue(policy::QueuePolicy& queue) override;
    void handleEvent(const sim::Event& event, sim::Engine& engine) override;

    [[nodiscard]] const ModelServingPlatform& platform() const { return m_platform; }

    //! Control from outside the event loop (ModelServingEnvironment): every control period keeps
    //! its observation for lastObservation() instead of calling a policy.
    void steerExternally() { m_steeredExternally = true; }
    //! The observation of the last control period (steerExternally() only).
    [[nodiscard]] const policy::Observation& lastObservation() const { return m_lastObservation; }
    //! Applies a control decision now, as a policy's decide() result would be: SetReplicas on
    //! model targets (launch and retire rounds), GPU clocks on devices.
    std::vector<policy::ActionOutcome> applyControl(const std::vector<policy::ControlAction>& actions, sim::SimTime now);

private:
    //! Asks the placement policy for each model's stages and replicas (policy API 1.7), if it plans.
    void planPartitions(sim::SimTime now);
    void placeReplicas(sim::SimTime now);
    //! The node the placement policy (or, without one, the most free GPU memory) gives `unit`, or none.
    std::optional<std::uint32_t> chooseNode(const policy::PendingUnit& unit, bool launching, sim::SimTime now);
    //! SetReplicas on a model target ("<model>" or "<model>@<GPU type>"): retires replicas now, or
    //! queues new ones for this period's launch round (outcome `index` of the period's outcomes).
    policy::ActionOutcome scale(const policy::ControlAction& action, std::size_t index, sim::SimTime now);
    //! The launch round: the placement policy's scheduling queue (admit) orders the queued replicas,
    //! each admitted one is placed and starts launching; the others wait for the next round.
    void launchRound(std::vector<policy::ActionOutcome>& outcomes, sim::SimTime now);
    //! The period's scale-ins, after its launches: each retires its count of serving replicas.
    void retireRound(sim::SimTime now);
    void tick(sim::SimTime now);
    //! `run.serving.gpu`, one `run.serving.model` annotation per model (intensity: its SLO scale),
    //! `run.serving.autoscaling` (intensity 1 when on) and one `run.serving.device` per device
    //! ("<device>/<GPU model>", intensity: its price per hour).
    void recordServedModels(sim::RunRecorder& recorder) const;
    void startIfIdle(std::uint32_t device, sim::SimTime now); //!< dispatch() and schedule its next completion

    model::Cluster& m_cluster;
    ModelServingPlatform m_platform;
    policy::ControlPolicy* m_control = nullptr;
    policy::PlacementPolicy* m_placement = nullptr;
    sim::SimTime m_horizon = 0;            //!< the scenario's
    bool m_placementPlansServing = false; //!< its compatVersion is 1.7 or later: planServing() may be called
    sim::Engine* m_engine = nullptr;
    sim::RunRecorder* m_recorder = nullptr;
    sim::EventKind m_arrivalKind = 0, m_completionKind = 0, m_controlKind = 0, m_launchKind = 0, m_handoffKind = 0;
    struct DeviceSeries {
        sim::SeriesId watts = 0, mhz = 0, sloRatio = 0, replicas = 0;
    };
    std::vector<DeviceSeries> m_deviceSeries;
    sim::SeriesId m_powerSeries = 0, m_sloRatioSeries = 0, m_attainmentSeries = 0;
    std::uint64_t m_applied = 0, m_rejected = 0;
    std::uint64_t m_scaleOuts = 0, m_scaleIns = 0, m_launchFailures = 0;
    //! A replica waiting in the scheduling queue, and the outcome (this period's) it came from.
    struct QueuedLaunch {
        policy::PendingUnit unit;
        std::uint32_t model = 0;
        std::string gpuType;
        std::size_t outcome = 0;
        bool fromThisPeriod = true;
    };
    std::vector<QueuedLaunch> m_queued;
    struct Retirement {
        std::uint32_t model = 0;
        std::string gpuType;
        std::int32_t count = 0;
    };
    std::vector<Retirement> m_retirements;
    double m_replicaSamples = 0, m_replicaSum = 0;  //!< serving replicas, sampled every control period
    sim::SeriesId m_replicaSeries = 0, m_costSeries = 0;
    bool m_steeredExternally = false;
    policy::Observation m_lastObservation;
    env::TargetLabelLog m_labels; //!< the control policy's labels of its targets (policy.label annotations)
};

} // namespace orrery::kinds::model_serving
