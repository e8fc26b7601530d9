#include "experiment/experiment_cells.h"

namespace orrery::experiment {

std::vector<CellIndex> experimentCells(const ExperimentSpec& spec)
{
    std::vector<CellIndex> cells;
    cells.reserve(spec.cellCount());
    for (std::size_t point = 0; point < spec.pointCount(); ++point) {
        for (std::size_t seed = 0; seed < spec.seeds.size(); ++seed) {
            for (int repeat = 0; repeat < spec.repeats; ++repeat) {
                for (std::size_t arm = 0; arm < spec.arms.size(); ++arm)
                    cells.push_back({point, arm, seed, repeat});
            }
        }
    }
    return cells;
}

store::ExperimentCell cellKey(const ExperimentSpec& spec, const CellIndex& cell)
{
    store::ExperimentCell key;
    key.sweepIndex = static_cast<int>(cell.point);
    key.sweepValue = spec.sweep ? spec.sweep->points.at(cell.point).text : std::string();
    key.arm = spec.arms.at(cell.arm).name;
    key.seed = spec.seeds.at(cell.seed);
    key.repeat = cell.repeat;
    return key;
}

std::string cellId(const store::ExperimentCell& cell)
{
    std::string id = "p";
    id += std::to_string(cell.sweepIndex);
    id += '.';
    id += cell.arm;
    id += ".s";
    id += std::to_string(cell.seed);
    id += ".r";
    id += std::to_string(cell.repeat);
    return id;
}

std::optional<CellIndex> findCell(const ExperimentSpec& spec, std::string_view id)
{
    for (const CellIndex& cell : experimentCells(spec)) {
        if (cellId(cellKey(spec, cell)) == id)
            return cell;
    }
    return std::nullopt;
}

} // namespace orrery::experiment
