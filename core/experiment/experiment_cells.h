#pragma once
#include "experiment/experiment_spec.h"
#include "store/experiment_cell.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
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

//! The cell's id: its key as the project stores it (experiment_runs' sweep index, arm, seed,
//! repeat), written `p<sweep index>.<arm>.s<seed>.r<repeat index>`, e.g. `p0.first-fit.s1.r0`.
//! Arm names never hold a dot, so the id parses back; it names the same cell as long as the
//! experiment's definition does not change (`orrery cell list`, `orrery cell run --cell`).
std::string cellId(const store::ExperimentCell& cell);

//! The cell of `spec` with id `id`, or nullopt when the text is not an id of one of its cells.
std::optional<CellIndex> findCell(const ExperimentSpec& spec, std::string_view id);

} // namespace orrery::experiment
