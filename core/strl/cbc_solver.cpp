#include "strl/cbc_solver.h"

#include "strl/cbc_process_lock.h"

#include <Cbc_C_Interface.h>
#include <CoinFinite.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

namespace orrery::strl {

const char* toString(SolveStatus status)
{
    switch (status) {
    case SolveStatus::Optimal: return "optimal";
    case SolveStatus::TimeLimit: return "time limit (incumbent)";
    case SolveStatus::NoSolution: return "no solution";
    case SolveStatus::Infeasible: return "infeasible";
    case SolveStatus::Failed: return "failed";
    }
    return "?";
}

namespace {

struct CbcDeleter {
    void operator()(Cbc_Model* model) const { Cbc_deleteModel(model); }
};

} // namespace

MilpSolution solveWithCbc(const MilpModel& model, double timeLimitSeconds, int randomSeed)
{
    // CBC and CoinUtils keep process-wide state (CoinDrand48's seed, the parameter parser), so two
    // solves on two threads (an experiment's cells, in any plugin module) perturbed each other and
    // the same cell gave different plans from run to run. One solve at a time in the whole process
    // keeps each solve's answer a function of its model.
    const std::lock_guard<std::mutex> oneSolveAtATime(cbcProcessLock());
    const auto started = std::chrono::steady_clock::now(); // after the wait: the solve's own time
    MilpSolution solution;
    const auto& columns = model.columns();
    const auto& rows = model.rows();
    const int columnCount = static_cast<int>(columns.size());
    if (columnCount == 0) {
        solution.status = SolveStatus::Optimal;
        return solution;
    }
    // Column-major (CSC) matrix as Cbc_loadProblem wants it.
    std::vector<std::vector<std::pair<int, double>>> byColumn(columns.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (const auto& [column, coefficient] : rows[r].terms)
            byColumn[static_cast<std::size_t>(column)].emplace_back(static_cast<int>(r), coefficient);
    }
    std::vector<CoinBigIndex> starts{0};
    std::vector<int> indices;
    std::vector<double> elements;
    std::vector<double> columnLower, columnUpper, objective;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        for (const auto& [row, coefficient] : byColumn[c]) {
            indices.push_back(row);
            elements.push_back(coefficient);
        }
        starts.push_back(static_cast<CoinBigIndex>(indices.size()));
        columnLower.push_back(columns[c].lower);
        columnUpper.push_back(columns[c].upper == MilpModel::kInfinity ? COIN_DBL_MAX : columns[c].upper);
        objective.push_back(columns[c].objective);
    }
    std::vector<double> rowLower, rowUpper;
    for (const auto& row : rows) {
        rowLower.push_back(row.lower == -MilpModel::kInfinity ? -COIN_DBL_MAX : row.lower);
        rowUpper.push_back(row.upper == MilpModel::kInfinity ? COIN_DBL_MAX : row.upper);
    }

    std::unique_ptr<Cbc_Model, CbcDeleter> cbc(Cbc_newModel());
    Cbc_loadProblem(cbc.get(), columnCount, static_cast<int>(rows.size()), starts.data(), indices.data(), elements.data(),
                    columnLower.data(), columnUpper.data(), objective.data(), rowLower.data(), rowUpper.data());
    for (int c = 0; c < columnCount; ++c) {
        if (columns[static_cast<std::size_t>(c)].integer)
            Cbc_setInteger(cbc.get(), c);
    }
    Cbc_setObjSense(cbc.get(), -1.0); // maximize
    Cbc_setLogLevel(cbc.get(), 0);
    Cbc_setMaximumSeconds(cbc.get(), timeLimitSeconds);
    Cbc_setAllowableGap(cbc.get(), 1e-9);
    Cbc_setAllowableFractionGap(cbc.get(), 0.0);
    Cbc_setParameter(cbc.get(), "threads", "1");
    // CBC 2.10.8 aborts (assertion in OsiClpSolverInterface::crunch) on some small STRL models
    // (one job of the greedy planner over an 8-slice window) when it preprocesses them; small
    // models solve in milliseconds without preprocessing, large ones need it to be fast.
    if (columnCount < 500)
        Cbc_setParameter(cbc.get(), "preprocess", "off");
    const std::string seed = std::to_string(randomSeed);
    Cbc_setParameter(cbc.get(), "randomCbcSeed", seed.c_str());
    Cbc_setParameter(cbc.get(), "randomSeed", seed.c_str());
    Cbc_solve(cbc.get());

    const double* best = Cbc_getColSolution(cbc.get());
    const bool optimal = Cbc_isProvenOptimal(cbc.get()) != 0;
    const bool infeasible = Cbc_isProvenInfeasible(cbc.get()) != 0;
    const bool haveIncumbent = Cbc_numberSavedSolutions(cbc.get()) > 0 || optimal;
    if (optimal)
        solution.status = SolveStatus::Optimal;
    else if (infeasible)
        solution.status = SolveStatus::Infeasible;
    else if (Cbc_isSecondsLimitReached(cbc.get()) != 0)
        solution.status = haveIncumbent ? SolveStatus::TimeLimit : SolveStatus::NoSolution;
    else
        solution.status = SolveStatus::Failed;
    if ((solution.status == SolveStatus::Optimal || solution.status == SolveStatus::TimeLimit) && best) {
        solution.values.assign(best, best + columnCount);
        solution.objective = Cbc_getObjValue(cbc.get());
    }
    solution.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return solution;
}

} // namespace orrery::strl
