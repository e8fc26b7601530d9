#pragma once
#include "store/experiment_cell.h"
#include "store/ids.h"
#include "store/project_run_recorder.h"

#include <optional>

namespace orrery::store {
class Project;
}

namespace orrery::experiment {

//! Records one run of an experiment cell into the project: a ProjectRunRecorder that also links
//! the run to its cell (table experiment_runs) as soon as the run row exists, so a run that is
//! cancelled, fails or dies with the process is still seen as an attempt at that cell.
class ExperimentRunRecorder final : public sim::RunRecorder {
public:
    ExperimentRunRecorder(store::Project& project, store::ExperimentId experiment, store::ExperimentCell cell);

    void beginRun(const sim::RunInfo& info) override;
    sim::SeriesId defineSeries(std::string_view name, std::string_view unit) override;
    void recordSample(sim::SeriesId series, sim::SimTime time, double value) override;
    void recordMetric(std::string_view name, double value, std::string_view unit) override;
    //! Kept as for a single run: the views of a run (placements, policy classes, plans) need them.
    void recordAnnotation(const sim::RunAnnotation& annotation) override;
    void endRun(sim::RunStatus status, std::string_view message) override;

    [[nodiscard]] std::optional<store::RunId> runId() const { return m_recorder.runId(); }

private:
    store::Project& m_project;
    store::ProjectRunRecorder m_recorder;
    store::ExperimentId m_experiment;
    store::ExperimentCell m_cell;
};

} // namespace orrery::experiment
