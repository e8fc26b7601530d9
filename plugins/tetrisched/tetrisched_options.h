#pragma once
#include "policy/param_set.h"
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::plugins::tetrisched {

//! How a TetriSched policy plans (plugins/tetrisched/README.md).
struct TetriSchedOptions {
    enum class Mode {
        Global, //!< all pending jobs in one MILP per cycle (tetrisched, tetrisched-np)
        Greedy, //!< one job at a time, each in its own small MILP, earlier jobs' picks reserved (tetrisched-greedy)
    };
    Mode mode = Mode::Global;
    sim::SimTime slotLength = 10 * sim::kSecond; //!< one time slice
    int windowSlots = 8;                         //!< plan-ahead window in slices (1: no plan-ahead)
    double timeLimitSeconds = 2.0;               //!< per solve; the incumbent is used after it
    std::int64_t maxMilpColumns = 200'000;       //!< a larger global MILP is not solved: greedy plans the cycle

    //! Reads `slot`, `window` (when present), `solverTimeLimit` and `maxMilpColumns` (when present).
    static TetriSchedOptions fromParams(const policy::ParamSet& params, Mode mode);
};

} // namespace orrery::plugins::tetrisched
