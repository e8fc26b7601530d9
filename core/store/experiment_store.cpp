// ExperimentStore: the experiments, experiment_runs and experiment_results tables (schema version 4).
#include "store/experiment_store.h"

#include "store/project.h"
#include "store/sha256.h"
#include "store/statement.h"
#include "store/transaction.h"
#include "store/utc_time.h"

#include <array>
#include <cmath>

namespace orrery::store {
namespace {

constexpr std::string_view kRecordColumns =
    "id, name, description, definition_sha256, experiment_file, experiment_text, scenario_file, scenario_text, "
    "baseline_arm, treatment_arm, sweep_parameter, cell_count, created_at, compared_at";

ExperimentRecord readRecord(const Statement& row)
{
    ExperimentRecord record;
    record.id = row.columnInt64(0);
    record.name = row.columnText(1);
    record.description = row.columnText(2);
    record.definitionSha256 = row.columnText(3);
    record.experimentFile = row.columnText(4);
    record.experimentText = row.columnText(5);
    record.scenarioFile = row.columnText(6);
    record.scenarioText = row.columnText(7);
    record.baselineArm = row.columnText(8);
    record.treatmentArm = row.columnText(9);
    record.sweepParameter = row.columnText(10);
    record.cellCount = row.columnInt64(11);
    record.createdAt = row.columnText(12);
    record.comparedAt = row.columnText(13);
    return record;
}

//! Columns 0-5 of a cell query: sweep_index, sweep_value, arm, seed, repeat_index, run_id.
ExperimentCellRun readCellRun(const Statement& row)
{
    ExperimentCellRun cellRun;
    cellRun.cell.sweepIndex = static_cast<int>(row.columnInt64(0));
    cellRun.cell.sweepValue = row.columnText(1);
    cellRun.cell.arm = row.columnText(2);
    cellRun.cell.seed = static_cast<std::uint64_t>(row.columnInt64(3)); // two's-complement bits, as runs.seed
    cellRun.cell.repeat = static_cast<int>(row.columnInt64(4));
    cellRun.runId = row.columnInt64(5);
    return cellRun;
}

// The earliest completed run of each cell.
constexpr std::string_view kCompletedCells = R"sql(
SELECT e.sweep_index, e.sweep_value, e.arm, e.seed, e.repeat_index, min(e.run_id) AS run_id
FROM experiment_runs AS e JOIN runs AS r ON r.id = e.run_id
WHERE e.experiment_id = ?1 AND r.status = 'completed'
GROUP BY e.sweep_index, e.arm, e.seed, e.repeat_index
)sql";

Statement& bindDoubleOrNull(Statement& statement, int index, double value)
{
    return std::isnan(value) ? statement.bindNull(index) : statement.bindDouble(index, value);
}

double doubleOrNaN(const Statement& row, int column)
{
    return row.columnIsNull(column) ? ExperimentResultRow::kNaN : row.columnDouble(column);
}

} // namespace

ExperimentStore::ExperimentStore(Project& project)
    : m_project(project)
{
}

std::string ExperimentStore::definitionHash(std::string_view experimentText, std::string_view scenarioText)
{
    Sha256 hash;
    hash.update(experimentText);
    hash.update(std::string_view("\0", 1));
    hash.update(scenarioText);
    const std::array<std::uint8_t, 32> digest = hash.finish();
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    for (const std::uint8_t byte : digest) {
        text += kHex[byte >> 4];
        text += kHex[byte & 0xF];
    }
    return text;
}

ExperimentRecord ExperimentStore::findOrCreate(const ExperimentRecord& record)
{
    Database& db = m_project.database();
    const std::string sha = definitionHash(record.experimentText, record.scenarioText);
    Transaction transaction(db, Transaction::Mode::Immediate);
    Statement find(db, "SELECT id FROM experiments WHERE name = ?1 AND definition_sha256 = ?2");
    find.bindText(1, record.name).bindText(2, sha);
    ExperimentId id = 0;
    if (find.step()) {
        id = find.columnInt64(0);
    } else {
        Statement insert(db, "INSERT INTO experiments (name, description, definition_sha256, experiment_file, "
                             "experiment_text, scenario_file, scenario_text, baseline_arm, treatment_arm, "
                             "sweep_parameter, cell_count, created_at) "
                             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
        insert.bindText(1, record.name)
            .bindText(2, record.description)
            .bindText(3, sha)
            .bindText(4, record.experimentFile)
            .bindText(5, record.experimentText)
            .bindText(6, record.scenarioFile)
            .bindText(7, record.scenarioText)
            .bindText(8, record.baselineArm)
            .bindText(9, record.treatmentArm)
            .bindText(10, record.sweepParameter)
            .bindInt64(11, record.cellCount)
            .bindText(12, utcNow());
        insert.run();
        id = db.lastInsertRowId();
    }
    find.reset();
    transaction.commit();
    return *experiment(id);
}

std::optional<ExperimentRecord> ExperimentStore::experiment(ExperimentId id) const
{
    Statement query(m_project.database(), "SELECT " + std::string(kRecordColumns) + " FROM experiments WHERE id = ?1");
    query.bindInt64(1, id);
    if (!query.step())
        return std::nullopt;
    return readRecord(query);
}

std::vector<ExperimentRecord> ExperimentStore::listExperiments() const
{
    Statement query(m_project.database(), "SELECT " + std::string(kRecordColumns) + " FROM experiments ORDER BY id");
    std::vector<ExperimentRecord> records;
    while (query.step())
        records.push_back(readRecord(query));
    return records;
}

void ExperimentStore::linkRun(ExperimentId experiment, RunId runId, const ExperimentCell& cell)
{
    Statement insert(m_project.database(),
                     "INSERT INTO experiment_runs (run_id, experiment_id, sweep_index, sweep_value, arm, seed, "
                     "repeat_index) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    insert.bindInt64(1, runId)
        .bindInt64(2, experiment)
        .bindInt64(3, cell.sweepIndex)
        .bindText(4, cell.sweepValue)
        .bindText(5, cell.arm)
        .bindInt64(6, static_cast<std::int64_t>(cell.seed))
        .bindInt64(7, cell.repeat);
    insert.run();
}

std::vector<ExperimentCellRun> ExperimentStore::linkedRuns(ExperimentId experiment) const
{
    Statement query(m_project.database(), "SELECT sweep_index, sweep_value, arm, seed, repeat_index, run_id "
                                          "FROM experiment_runs WHERE experiment_id = ?1 ORDER BY run_id");
    query.bindInt64(1, experiment);
    std::vector<ExperimentCellRun> runs;
    while (query.step())
        runs.push_back(readCellRun(query));
    return runs;
}

std::vector<ExperimentCellRun> ExperimentStore::completedCells(ExperimentId experiment) const
{
    Statement query(m_project.database(), std::string(kCompletedCells) + " ORDER BY e.sweep_index, e.arm, e.seed, e.repeat_index");
    query.bindInt64(1, experiment);
    std::vector<ExperimentCellRun> cells;
    while (query.step())
        cells.push_back(readCellRun(query));
    return cells;
}

std::vector<ExperimentCellMetric> ExperimentStore::cellMetrics(ExperimentId experiment) const
{
    // run_metrics' rowid order is recording order within a run.
    Statement query(m_project.database(),
                    "WITH cells AS (" + std::string(kCompletedCells) + ") "
                    "SELECT c.sweep_index, c.sweep_value, c.arm, c.seed, c.repeat_index, c.run_id, m.name, m.value, m.unit "
                    "FROM cells AS c JOIN run_metrics AS m ON m.run_id = c.run_id "
                    "ORDER BY c.sweep_index, c.arm, c.seed, c.repeat_index, m.rowid");
    query.bindInt64(1, experiment);
    std::vector<ExperimentCellMetric> metrics;
    while (query.step()) {
        const ExperimentCellRun cellRun = readCellRun(query);
        ExperimentCellMetric metric;
        metric.cell = cellRun.cell;
        metric.runId = cellRun.runId;
        metric.metric = query.columnText(6);
        metric.value = doubleOrNaN(query, 7);
        metric.unit = query.columnText(8);
        metrics.push_back(std::move(metric));
    }
    return metrics;
}

void ExperimentStore::saveResults(ExperimentId experiment, const std::vector<ExperimentResultRow>& rows)
{
    Database& db = m_project.database();
    Transaction transaction(db, Transaction::Mode::Immediate);
    Statement remove(db, "DELETE FROM experiment_results WHERE experiment_id = ?1");
    remove.bindInt64(1, experiment).run();
    Statement insert(db, "INSERT INTO experiment_results (experiment_id, row_index, sweep_index, sweep_value, metric, "
                         "arm, unit, baseline_arm, runs, mean, p50, p90, p99, min, max, median_ratio, "
                         "median_ratio_low, median_ratio_high, mann_whitney_u, p_value, mean_ratio, speedup) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
                         "?19, ?20, ?21, ?22)");
    std::int64_t rowIndex = 0;
    for (const ExperimentResultRow& row : rows) {
        insert.bindInt64(1, experiment)
            .bindInt64(2, rowIndex++)
            .bindInt64(3, row.sweepIndex)
            .bindText(4, row.sweepValue)
            .bindText(5, row.metric)
            .bindText(6, row.arm)
            .bindText(7, row.unit)
            .bindText(8, row.baselineArm)
            .bindInt64(9, row.runs);
        const std::array values{row.mean,          row.p50,          row.p90,          row.p99,
                                row.min,           row.max,          row.medianRatio,  row.medianRatioLow,
                                row.medianRatioHigh, row.mannWhitneyU, row.pValue,     row.meanRatio,
                                row.speedup};
        int index = 10;
        for (const double value : values)
            bindDoubleOrNull(insert, index++, value);
        insert.run();
    }
    Statement stamp(db, "UPDATE experiments SET compared_at = ?2 WHERE id = ?1");
    stamp.bindInt64(1, experiment).bindText(2, utcNow()).run();
    transaction.commit();
}

std::vector<ExperimentResultRow> ExperimentStore::results(ExperimentId experiment) const
{
    Statement query(m_project.database(),
                    "SELECT sweep_index, sweep_value, metric, arm, unit, baseline_arm, runs, mean, p50, p90, p99, min, "
                    "max, median_ratio, median_ratio_low, median_ratio_high, mann_whitney_u, p_value, mean_ratio, "
                    "speedup FROM experiment_results WHERE experiment_id = ?1 ORDER BY row_index");
    query.bindInt64(1, experiment);
    std::vector<ExperimentResultRow> rows;
    while (query.step()) {
        ExperimentResultRow row;
        row.sweepIndex = static_cast<int>(query.columnInt64(0));
        row.sweepValue = query.columnText(1);
        row.metric = query.columnText(2);
        row.arm = query.columnText(3);
        row.unit = query.columnText(4);
        row.baselineArm = query.columnText(5);
        row.runs = query.columnInt64(6);
        double* const fields[] = {&row.mean,          &row.p50,          &row.p90,         &row.p99,
                                  &row.min,           &row.max,          &row.medianRatio, &row.medianRatioLow,
                                  &row.medianRatioHigh, &row.mannWhitneyU, &row.pValue,    &row.meanRatio,
                                  &row.speedup};
        int column = 7;
        for (double* field : fields)
            *field = doubleOrNaN(query, column++);
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace orrery::store
