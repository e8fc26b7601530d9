#pragma once
#include "experiment/experiment_spec.h"
#include "store/experiment_cell.h"

#include <cstddef>
#include <vector>

namespace orrery::experiment {

//! One run of an experiment, as indices into its spec.
struct CellIndex {
    std::size_t point = 0; //!< sweep point (0 without a sweep)
    std::size_t arm = 0;
    std::size_t seed = 0;  //!< index into spec.seeds
    int repeat = 0;
};

//! Every cell of the experiment in the order the runner starts them: sweep point, then seed,
//! then repeat, then arm, so the arms of one seed run close together and partial results stay
//! balanced across arms.
std::vector<CellIndex> experimentCells(const ExperimentSpec& spec);

//! How the project names a cell (sweep value as written, arm name, seed value).
store::ExperimentCell cellKey(const ExperimentSpec& spec, const CellIndex& cell);

} // namespace orrery::experiment
