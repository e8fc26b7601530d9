// Project files from Python (docs/project-file.md): runs with their metrics, experiments with their
// stored comparison, read through core/store as `orrery report` reads them.
#include "bindings.h"

#include "store/store_error.h"
#include "store/experiment_store.h"
#include "store/project.h"

#include <pybind11/stl.h>

#include <cmath>
#include <memory>

namespace py = pybind11;

namespace orrery::python {
namespace {

py::object numberOrNone(double value) { return std::isnan(value) ? py::none() : py::cast(value); }

//! One open project; Python closes it with close() or when it is collected.
struct ProjectHandle {
    std::unique_ptr<store::Project> project;

    store::Project& open() const
    {
        if (!project)
            throw py::value_error("the project is closed");
        return *project;
    }
};

py::list runs(const ProjectHandle& handle)
{
    py::list out;
    for (const store::RunSummary& run : handle.open().listRuns()) {
        py::dict row;
        row["id"] = run.id;
        row["scenario"] = run.scenarioName;
        row["seed"] = run.seed;
        row["status"] = std::string(sim::toString(run.status));
        py::dict policies;
        for (const auto& [point, choice] : run.policies)
            policies[py::str(point)] = choice;
        row["policies"] = policies;
        row["horizon_s"] = sim::toSeconds(run.horizon);
        row["started_at"] = run.startedAt;
        row["ended_at"] = run.endedAt;
        row["message"] = run.message;
        out.append(row);
    }
    return out;
}

py::dict metrics(const ProjectHandle& handle, store::RunId run)
{
    py::dict out;
    for (const store::MetricRow& metric : handle.open().metrics(run))
        out[py::str(metric.name)] = numberOrNone(metric.value);
    return out;
}

py::list experiments(const ProjectHandle& handle)
{
    py::list out;
    store::ExperimentStore experiments(handle.open());
    for (const store::ExperimentRecord& record : experiments.listExperiments()) {
        py::dict row;
        row["id"] = record.id;
        row["name"] = record.name;
        row["description"] = record.description;
        row["baseline"] = record.baselineArm;
        row["treatment"] = record.treatmentArm;
        row["sweep"] = record.sweepParameter;
        row["cells"] = record.cellCount;
        row["created_at"] = record.createdAt;
        row["compared_at"] = record.comparedAt;
        out.append(row);
    }
    return out;
}

py::list comparison(const ProjectHandle& handle, store::ExperimentId experiment)
{
    store::ExperimentStore experiments(handle.open());
    if (!experiments.experiment(experiment))
        throw py::key_error("no experiment " + std::to_string(experiment) + " in " + handle.open().path());
    py::list out;
    for (const store::ExperimentResultRow& r : experiments.results(experiment)) {
        py::dict row;
        row["sweep_index"] = r.sweepIndex;
        row["sweep_value"] = r.sweepValue;
        row["metric"] = r.metric;
        row["arm"] = r.arm;
        row["unit"] = r.unit;
        row["baseline"] = r.baselineArm;
        row["runs"] = r.runs;
        for (const auto& [name, value] : {std::pair{"mean", r.mean}, {"p50", r.p50}, {"p90", r.p90}, {"p99", r.p99},
                                          {"min", r.min}, {"max", r.max}, {"median_ratio", r.medianRatio},
                                          {"median_ratio_low", r.medianRatioLow}, {"median_ratio_high", r.medianRatioHigh},
                                          {"mann_whitney_u", r.mannWhitneyU}, {"p_value", r.pValue},
                                          {"mean_ratio", r.meanRatio}, {"speedup", r.speedup}})
            row[name] = numberOrNone(value);
        out.append(row);
    }
    return out;
}

} // namespace

void bindProjects(py::module_& module)
{
    py::register_exception<store::StoreError>(module, "ProjectError", PyExc_OSError);
    py::class_<ProjectHandle>(module, "ProjectFile", "An Orrery project file (SQLite), read through core/store")
        .def(py::init([](const std::string& path) {
                 py::gil_scoped_release release;
                 return ProjectHandle{std::make_unique<store::Project>(store::Project::open(path))};
             }),
             py::arg("path"))
        .def_property_readonly("path", [](const ProjectHandle& h) { return h.open().path(); })
        .def("runs", &runs, "Every run: id, scenario, seed, status, policies, horizon and times")
        .def("metrics", &metrics, py::arg("run_id"), "A run's metrics by name (NaN as None)")
        .def("experiments", &experiments, "Every experiment: id, name, baseline and treatment arms, sweep, cells")
        .def("comparison", &comparison, py::arg("experiment_id"),
             "The stored comparison rows: per sweep point, metric and arm, the statistics and the test against the baseline")
        .def("close", [](ProjectHandle& h) { h.project.reset(); });
}

} // namespace orrery::python
