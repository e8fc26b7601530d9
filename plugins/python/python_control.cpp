#include "python_control.h"

#include "python_runtime.h"

#include "sim/sim_time.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace orrery::plugins::python_policy {
namespace {

py::dict perResource(const policy::PerControlResource<double>& values)
{
    py::dict out;
    for (std::size_t r = 0; r < policy::kControlResourceCount; ++r)
        out[py::str(std::string(policy::toString(static_cast<policy::ControlResource>(r))))] = values[r];
    return out;
}

py::dict observationDict(const policy::Observation& observation)
{
    py::list targets;
    for (const policy::TargetObservation& t : observation.targets) {
        py::dict row;
        row["name"] = t.name;
        row["group"] = t.group;
        row["replicas"] = t.replicas;
        row["pending_replicas"] = t.pendingReplicas;
        row["limit"] = perResource(t.limit);
        row["usage"] = perResource(t.usage);
        row["arrival_rate"] = t.arrivalRate;
        row["previous_arrival_rate"] = t.previousArrivalRate;
        row["p50_ms"] = t.p50LatencyMs;
        row["p99_ms"] = t.p99LatencyMs;
        row["slo_ms"] = t.sloLatencyMs;
        row["slo_maintenance"] = t.sloMaintenance;
        row["critical"] = t.critical;
        row["node"] = t.node;
        row["node_cores"] = t.nodeCores;
        row["evaluation"] = t.evaluation ? py::cast(*t.evaluation) : py::none();
        row["features"] = t.features;
        targets.append(row);
    }
    py::dict out;
    out["time_s"] = sim::toSeconds(observation.time);
    out["period_s"] = sim::toSeconds(observation.period);
    out["targets"] = targets;
    out["request_composition"] = observation.requestComposition;
    out["end_to_end_p99_ms"] = observation.endToEndP99Ms;
    out["slo_violation_rate"] = observation.sloViolationRate;
    out["completed_requests"] = observation.completedRequests;
    out["dropped_requests"] = observation.droppedRequests;
    return out;
}

} // namespace

PythonControl::PythonControl(const policy::PolicyContext& context)
    : m_class(context.params.getString("class"))
    , m_policy(createPolicy(context))
{
    const py::gil_scoped_acquire gil;
    if (!py::hasattr(m_policy, "decide"))
        throw PythonPolicyError("python policy " + m_class + ": a control policy needs a method decide(observation)");
}

PythonControl::~PythonControl()
{
    const py::gil_scoped_acquire gil;
    m_policy = py::object();
}

std::vector<policy::ControlAction> PythonControl::decide(const policy::Observation& observation)
{
    const py::gil_scoped_acquire gil;
    const std::string where = "python policy " + m_class + ": decide()";
    std::vector<policy::ControlAction> actions;
    try {
        const py::object answer = m_policy.attr("decide")(observationDict(observation));
        if (answer.is_none())
            return actions;
        for (const py::handle item : answer) {
            if (!py::isinstance<py::dict>(item))
                throw PythonPolicyError(where + " returned " + py::repr(item).cast<std::string>() +
                                        " in its list, expected {\"target\", \"replicas\"} or {\"target\", \"resource\", \"limit\"}");
            const py::dict action = py::reinterpret_borrow<py::dict>(item);
            if (!action.contains("target"))
                throw PythonPolicyError(where + " returned an action without \"target\": " + py::repr(action).cast<std::string>());
            const std::string target = action["target"].cast<std::string>();
            if (action.contains("replicas")) {
                actions.push_back(policy::ControlAction::setReplicas(target, action["replicas"].cast<std::int32_t>()));
                continue;
            }
            const std::string name = action.contains("resource") ? action["resource"].cast<std::string>() : "cpu";
            const auto resource = policy::controlResourceFromString(name);
            if (!resource || !action.contains("limit"))
                throw PythonPolicyError(where + " returned " + py::repr(action).cast<std::string>() +
                                        ": a limit action needs \"limit\" and a known \"resource\" (cpu, memory, …)");
            actions.push_back(policy::ControlAction::setLimit(target, *resource, action["limit"].cast<double>()));
        }
    } catch (py::error_already_set& error) {
        throw PythonPolicyError(describe(error, where + " raised"));
    } catch (const py::cast_error& error) {
        throw PythonPolicyError(where + " returned a value of the wrong type: " + error.what());
    }
    return actions;
}

} // namespace orrery::plugins::python_policy
