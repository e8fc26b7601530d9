#pragma once
#include "env/workload_kind_runtimes.h"
#include "kinds/strl_jobs/strl_jobs_platform.h"
#include "model/resources.h"
#include "sim/engine.h"
#include "sim/run_recorder.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace orrery::kinds::strl_jobs {

//! A strl-jobs workload inside a Simulation run. Jobs become pending at their submission; every
//! `cycle` the placement policy places pending jobs: a batch policy (TetriSched) gets them all at
//! once and only its start-now assignments that fit are executed; a per-unit policy gets each job
//! as k units (one whole node each), in submission order, and a job starts only when all k are
//! placed. Records the executed placements (strl.run.<type>) and, for batch policies, each
//! cycle's future plan (strl.plan.<type>) as annotations.
class StrlJobsRuntime final : public env::KindRuntime, public sim::EventHandler {
public:
    StrlJobsRuntime(const StrlJobsSpec& spec, const model::Scenario& scenario, model::Cluster& cluster);

    void start(sim::Engine& engine, sim::RunRecorder& recorder) override;
    void finish(env::RunMetrics* metrics) override;
    bool attachPlacement(policy::PlacementPolicy& placement, std::string_view compatVersion) override;
    bool attachBatchPlacement(policy::BatchPlacementPolicy& placement) override;
    void handleEvent(const sim::Event& event, sim::Engine& engine) override;

    [[nodiscard]] const StrlJobsPlatform& platform() const { return m_platform; }

private:
    void cycle(sim::SimTime now);
    void dropLateJobs(sim::SimTime now);
    void planBatch(sim::SimTime now);
    void placeUnits(sim::SimTime now);
    void startJob(std::uint32_t job, const std::vector<std::uint32_t>& nodes, sim::SimTime now,
                  std::optional<sim::SimTime> runTime = std::nullopt);
    [[nodiscard]] std::string labelOf(const StrlJobsPlatform::Job& job) const;
    [[nodiscard]] std::string nodeList(const std::vector<std::uint32_t>& nodes) const;

    model::Cluster& m_cluster;
    StrlJobsPlatform m_platform;
    sim::SimTime m_horizon = 0;
    policy::PlacementPolicy* m_placement = nullptr;
    policy::BatchPlacementPolicy* m_batch = nullptr;
    sim::Engine* m_engine = nullptr;
    sim::RunRecorder* m_recorder = nullptr;
    sim::EventKind m_submitKind = 0, m_finishKind = 0, m_cycleKind = 0;
    sim::SeriesId m_pendingSeries = 0, m_busySeries = 0;
    model::Resources m_unitRequest; //!< what a per-unit policy is asked to fit: the smallest node
    std::vector<std::uint32_t> m_pending; //!< job indices, in submission order
    std::size_t m_done = 0;               //!< finished or dropped
    std::vector<double> m_solveSeconds;   //!< per batch cycle
    std::uint64_t m_cycles = 0, m_timedOut = 0, m_fallbacks = 0, m_rejected = 0, m_unitDecisions = 0;
};

} // namespace orrery::kinds::strl_jobs
