#include "experiment/experiment_run_recorder.h"

#include "store/experiment_store.h"

namespace orrery::experiment {

ExperimentRunRecorder::ExperimentRunRecorder(store::Project& project, store::ExperimentId experiment,
                                             store::ExperimentCell cell)
    : m_project(project)
    , m_recorder(project)
    , m_experiment(experiment)
    , m_cell(std::move(cell))
{
}

void ExperimentRunRecorder::beginRun(const sim::RunInfo& info)
{
    m_recorder.beginRun(info);
    store::ExperimentStore(m_project).linkRun(m_experiment, *m_recorder.runId(), m_cell);
}

sim::SeriesId ExperimentRunRecorder::defineSeries(std::string_view name, std::string_view unit)
{
    return m_recorder.defineSeries(name, unit);
}

void ExperimentRunRecorder::recordSample(sim::SeriesId series, sim::SimTime time, double value)
{
    m_recorder.recordSample(series, time, value);
}

void ExperimentRunRecorder::recordMetric(std::string_view name, double value, std::string_view unit)
{
    m_recorder.recordMetric(name, value, unit);
}

void ExperimentRunRecorder::recordAnnotation(const sim::RunAnnotation& annotation)
{
    m_recorder.recordAnnotation(annotation);
}

void ExperimentRunRecorder::endRun(sim::RunStatus status, std::string_view message)
{
    m_recorder.endRun(status, message);
}

} // namespace orrery::experiment
