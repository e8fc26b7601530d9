#pragma once
#include "sim/sim_time.h"

namespace orrery::model {

//! What a scheduling decision costs in simulated time (seed 000: end-to-end latency includes the
//! scheduler's inference time). Decisions are made one at a time, so costs queue up.
struct DecisionCostSpec {
    enum class Mode {
        None,     //!< decisions are instantaneous (the default)
        Modelled, //!< each decision takes `perDecision` + `perCandidateNode` × nodes
        Measured, //!< each decision takes the wall-clock time the policy actually used; NOT
                  //!< reproducible bit for bit — runs record that they used it
    };
    Mode mode = Mode::None;
    sim::SimTime perDecision = 0;
    sim::SimTime perCandidateNode = 0;
};

} // namespace orrery::model
