// The C++ half of orrery.make(): a workload kind's control environment as a fixed-shape
// control_gym::ControlGymEnvironment, NumPy arrays in and out, the GIL released while the
// simulator runs. python/orrery/environment.py puts Gymnasium's API on top.
#include "bindings.h"
#include "scenario_handle.h"

#include "control_gym/control_gym_environment.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>

namespace py = pybind11;

namespace orrery::python {
namespace {

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

FloatArray toArray(std::vector<float>&& values)
{
    // The vector moves into a capsule the array owns: no copy of the observation.
    auto* owned = new std::vector<float>(std::move(values));
    py::capsule free(owned, [](void* pointer) { delete static_cast<std::vector<float>*>(pointer); });
    return FloatArray(static_cast<py::ssize_t>(owned->size()), owned->data(), free);
}

std::unique_ptr<control_gym::ControlGymEnvironment> makeEnvironment(const ScenarioHandle& handle, std::vector<std::string> knobs,
                                                                    int steps, std::optional<double> periodSeconds,
                                                                    const std::string& workload, std::size_t maxTargets,
                                                                    double deadBand)
{
    control_gym::ControlGymOptions options;
    options.knobs = std::move(knobs);
    options.environment.stepsPerEpisode = steps;
    if (periodSeconds) {
        if (!(*periodSeconds > 0))
            throw py::value_error("period must be positive seconds");
        options.environment.controlPeriod = sim::fromSeconds(*periodSeconds);
    }
    options.environment.workload = workload;
    options.maxTargets = maxTargets;
    options.deadBand = deadBand;
    if (steps < 1)
        throw py::value_error("steps must be at least 1");
    try {
        py::gil_scoped_release release;
        return std::make_unique<control_gym::ControlGymEnvironment>(handle.scenario, std::move(options));
    } catch (const std::invalid_argument& error) {
        throw SimulationError(handle.scenario.sourceFile + ": " + error.what());
    }
}

py::dict infoOf(const control_gym::ControlGymEnvironment& environment)
{
    const control_gym::StepInfo& info = environment.info();
    py::dict out;
    out["time_s"] = info.timeSeconds;
    out["targets"] = info.slotTargets;
    out["unobserved_targets"] = info.unobservedTargets;
    out["actions_sent"] = info.actionsSent;
    out["actions_applied"] = info.actionsApplied;
    out["actions_converted"] = info.actionsConverted;
    out["actions_rejected"] = info.actionsRejected;
    out["rejections"] = info.rejections;
    return out;
}

} // namespace

void bindEnvironments(py::module_& module)
{
    using Environment = control_gym::ControlGymEnvironment;
    py::class_<Environment>(module, "ControlEnvironment",
                            "A workload's control environment with fixed-shape float32 observations and actions")
        .def(py::init(&makeEnvironment), py::arg("scenario"), py::arg("knobs"), py::arg("steps"), py::arg("period"),
             py::arg("workload"), py::arg("max_targets"), py::arg("dead_band"))
        .def_property_readonly("id", &Environment::id)
        .def_property_readonly("kind", &Environment::kind)
        .def_property_readonly("knobs", &Environment::knobs)
        .def_property_readonly("slots", &Environment::slotCount)
        .def_property_readonly("observation_dimension", &Environment::observationDimension)
        .def_property_readonly("action_dimension", [](const Environment& e) { return e.actionSpace().dimension(); })
        .def_property_readonly("max_episode_steps", &Environment::maxEpisodeSteps)
        .def_property_readonly("elapsed_steps", &Environment::elapsedSteps)
        .def_property_readonly("observation_names", [](const Environment& e) { return e.layout().names(); })
        .def_property_readonly("target_features", [](const Environment& e) { return e.layout().targetFeatureNames(); })
        .def_property_readonly("global_features", [](const Environment& e) { return e.layout().globalFeatureNames(); })
        .def("reset", [](Environment& e, std::uint64_t seed) {
            std::vector<float> observation;
            {
                py::gil_scoped_release release;
                observation = e.reset(seed);
            }
            return toArray(std::move(observation));
        }, py::arg("seed"))
        .def("step", [](Environment& e, const FloatArray& action) {
            if (action.ndim() != 1)
                throw py::value_error("action must be a 1-D array of " + std::to_string(e.actionSpace().dimension()) + " values");
            const std::span<const float> values(action.data(), static_cast<std::size_t>(action.size()));
            gym::StepResult result;
            try {
                py::gil_scoped_release release;
                result = e.step(values);
            } catch (const std::invalid_argument& error) {
                throw py::value_error(error.what());
            } catch (const std::logic_error& error) {
                throw py::value_error(error.what());
            }
            return py::make_tuple(toArray(std::move(result.observation)), result.reward, result.terminated, result.truncated,
                                  infoOf(e));
        }, py::arg("action"), "(observation, reward, terminated, truncated, info) as Gymnasium's step() returns them")
        .def("info", &infoOf, "What the last reset() or step() did (Gymnasium's info dict)");
}

} // namespace orrery::python
