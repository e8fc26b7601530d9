// Scenarios from Python: load and validate (errors as ScenarioError with file:line:column and the
// field), and run with the built-in and installed plugins, metrics back as a dict.
#include "bindings.h"
#include "scenario_handle.h"

#include "env/simulation.h"
#include "model/executable_location.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace orrery::python {
namespace {

//! The kind as the scenario wrote it: BatchJobs, or what the registered kind is called.
std::string workloadKind(const model::WorkloadSpec& workload)
{
    const auto* kind = std::get_if<model::KindWorkload>(&workload);
    return kind ? kind->spec->kind : std::string("BatchJobs");
}

py::dict runScenario(const ScenarioHandle& handle, std::optional<std::uint64_t> seed)
{
    model::Scenario scenario = handle.scenario;
    if (seed)
        scenario.seed = *seed;
    env::RunResult result;
    std::vector<std::pair<std::string, std::string>> policies;
    {
        py::gil_scoped_release release;
        policy::PluginRegistry registry;
        (void)registry.loadDefaultLocations(model::executableDirectory().string());
        try {
            env::Simulation simulation(scenario, registry);
            policies = simulation.policyDescriptions();
            sim::InMemoryRunRecorder recorder;
            result = simulation.run(recorder);
        } catch (const env::SimulationSetupError& error) {
            throw SimulationError(handle.scenario.sourceFile + ": " + error.what());
        }
    }
    py::dict metrics, units, chosen;
    for (const env::RunMetric& metric : result.metrics) {
        metrics[py::str(metric.name)] = metric.value;
        units[py::str(metric.name)] = metric.unit;
    }
    for (const auto& [point, choice] : policies)
        chosen[py::str(point)] = choice;
    py::dict out;
    out["scenario"] = scenario.name;
    out["seed"] = scenario.seed;
    out["status"] = std::string(sim::toString(result.status));
    out["message"] = result.message;
    out["events"] = result.events;
    out["policies"] = chosen;
    out["metrics"] = metrics;
    out["units"] = units;
    return out;
}

} // namespace

ScenarioHandle loadScenarioHandle(const std::string& path)
{
    scenario::LoadResult loaded = scenario::loadScenarioFile(path);
    if (!loaded.ok())
        throw ScenarioError(model::formatAll(loaded.diagnostics));
    return {std::move(*loaded.scenario)};
}

void bindScenarios(py::module_& module)
{
    py::register_exception<ScenarioError>(module, "ScenarioError", PyExc_ValueError);
    py::register_exception<SimulationError>(module, "SimulationError", PyExc_RuntimeError);

    py::class_<ScenarioHandle>(module, "Scenario", "A validated scenario (docs/scenario-format.md)")
        .def_property_readonly("name", [](const ScenarioHandle& h) { return h.scenario.name; })
        .def_property_readonly("description", [](const ScenarioHandle& h) { return h.scenario.description; })
        .def_property_readonly("path", [](const ScenarioHandle& h) { return h.scenario.sourceFile; })
        .def_property_readonly("seed", [](const ScenarioHandle& h) { return h.scenario.seed; })
        .def_property_readonly("horizon_seconds", [](const ScenarioHandle& h) { return sim::toSeconds(h.scenario.horizon); })
        .def_property_readonly("nodes", [](const ScenarioHandle& h) {
            std::size_t nodes = 0;
            for (const auto& pool : h.scenario.cluster.pools)
                nodes += static_cast<std::size_t>(pool.count);
            return nodes;
        })
        .def_property_readonly("workloads", [](const ScenarioHandle& h) {
            std::vector<std::pair<std::string, std::string>> out;
            for (const model::WorkloadSpec& workload : h.scenario.workloads)
                out.emplace_back(std::visit([](const auto& spec) { return spec.name; }, workload), workloadKind(workload));
            return out;
        }, "(name, kind) of every workload, in file order")
        .def_property_readonly("policies", [](const ScenarioHandle& h) {
            std::map<std::string, std::string> out;
            for (const auto& [point, choice] : h.scenario.policies)
                out[point] = choice.plugin;
            return out;
        }, "decision point -> plugin id")
        .def("__repr__", [](const ScenarioHandle& h) { return "<orrery.Scenario '" + h.scenario.name + "'>"; });

    module.def("load_scenario", &loadScenarioHandle, py::arg("path"),
               "Reads and validates a scenario file; raises ScenarioError naming file, line, column and field.");
    module.def("run_scenario", &runScenario, py::arg("scenario"), py::arg("seed") = py::none(),
               "Runs a scenario to its horizon with its policies (built-in and installed plugins) and returns "
               "{status, message, events, policies, metrics, units}. The GIL is released while it runs.");
}

} // namespace orrery::python
