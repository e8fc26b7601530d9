#pragma once
#include "flowcon_worker.h"
#include "policy/control_policy.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "sim/sim_time.h"

#include <map>
#include <set>
#include <string>

namespace orrery::plugins {

//! FlowCon's parameters (plugins/flowcon/README.md).
struct FlowConParams {
    double intervalSeconds = 10;     //!< itval's initial value
    double maxIntervalSeconds = 640; //!< cap of the exponential back-off
    double floorFactor = 0.5;        //!< a CL limit is at least floorFactor / n of the worker
    bool relativeProgress = true;    //!< P relative to the container's first reported value

    static FlowConParams from(const policy::ParamSet& params);
};

//! FlowCon (seed 004 §5): per worker, growth efficiency G = P / R (Eq. 1–2) of each container
//! from its evaluation values and CPU use, the NL/WL/CL lists, adaptive threshold and limits
//! (Algs. 1 and 3, in FlowConWorker), run every itval with exponential back-off while every
//! container is in CL, and at once when the worker's containers change (Alg. 2's listeners).
//! As a placement policy it is the manager side (Alg. 4): a worker whose containers are all in
//! CL (fewest first), else the one with the least (|NL|+1)·D_NL + |WL|·D_WL + |CL|·D_CL.
class FlowConPolicy final : public policy::ControlPolicy, public policy::PlacementPolicy {
public:
    explicit FlowConPolicy(const policy::PolicyContext& context);
    explicit FlowConPolicy(FlowConParams params);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;
    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    //! The list (NL, WL or CL) of each container of the last observation; "flagged" for one
    //! that reports no evaluation value.
    [[nodiscard]] std::vector<policy::TargetLabel> targetLabels() const override { return m_lastLabels; }

    //! Containers that reported no evaluation value (kept at fair share: bad input).
    [[nodiscard]] const std::set<std::string>& flagged() const { return m_flagged; }
    [[nodiscard]] const FlowConWorker* worker(const std::string& node) const;
    [[nodiscard]] double intervalSeconds(const std::string& node) const;

private:
    struct Measurement {
        double first = 0;
        double last = 0;
        sim::SimTime at = 0;
    };
    struct WorkerState {
        FlowConWorker lists;
        double intervalSeconds = 0;
        sim::SimTime nextRun = 0;
        std::uint32_t placedSinceReport = 0; //!< Alg. 4: NL + 1 until the worker reports again
    };

    FlowConParams m_params;
    std::map<std::string, WorkerState> m_workers;
    std::map<std::string, Measurement> m_measurements;
    std::set<std::string> m_flagged;
    std::vector<policy::TargetLabel> m_lastLabels;
};

} // namespace orrery::plugins
