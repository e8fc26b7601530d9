#pragma once
#include "store/experiment_cell.h"
#include "store/experiment_record.h"
#include "store/experiment_result_row.h"
#include "store/ids.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::store {

class Project;

//! The experiments of a project (schema version 4; docs/experiment-format.md, "In the project"):
//! which runs belong to which cell of which experiment, which cells are complete, and the
//! stored comparison. Works on the Project's connection, so like Project it is used from one
//! thread at a time; each worker thread of the experiment runner has its own Project and
//! ExperimentStore.
class ExperimentStore {
public:
    explicit ExperimentStore(Project& project);

    //! Lowercase hex SHA-256 identifying an experiment's definition: of the experiment text, a NUL
    //! byte and the scenario text.
    static std::string definitionHash(std::string_view experimentText, std::string_view scenarioText);

    //! The experiment with `record.name` and the hash of its texts, created (in one IMMEDIATE
    //! transaction) if the project does not hold it yet. Returns the stored record, id included.
    ExperimentRecord findOrCreate(const ExperimentRecord& record);

    [[nodiscard]] std::optional<ExperimentRecord> experiment(ExperimentId id) const;
    //! Every experiment, oldest first.
    [[nodiscard]] std::vector<ExperimentRecord> listExperiments() const;

    //! Records that `runId` is a run of `cell` (autocommit). A cell may have several runs (a
    //! cancelled one and the completed one that resumed it).
    void linkRun(ExperimentId experiment, RunId runId, const ExperimentCell& cell);
    //! Every run linked to the experiment, whatever its status, by run id.
    [[nodiscard]] std::vector<ExperimentCellRun> linkedRuns(ExperimentId experiment) const;
    //! The cells with a completed run, each with its earliest completed run, in cell order
    //! (sweep index, arm, seed, repeat).
    [[nodiscard]] std::vector<ExperimentCellRun> completedCells(ExperimentId experiment) const;
    //! The scalar results of each completed cell's earliest completed run, in cell order and,
    //! within a run, in recording order.
    [[nodiscard]] std::vector<ExperimentCellMetric> cellMetrics(ExperimentId experiment) const;

    //! Replaces the experiment's stored comparison with `rows` and sets compared_at, in one
    //! transaction.
    void saveResults(ExperimentId experiment, const std::vector<ExperimentResultRow>& rows);
    //! The stored comparison, ordered by sweep index, metric, then arm as saved.
    [[nodiscard]] std::vector<ExperimentResultRow> results(ExperimentId experiment) const;

private:
    Project& m_project;
};

} // namespace orrery::store
