#include "python_placement.h"

#include "python_runtime.h"

#include "model/resources.h"
#include "policy/cluster_view.h"
#include "sim/sim_time.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace orrery::plugins::python_policy {
namespace {

py::dict devicesOf(const model::Resources& resources)
{
    py::dict out;
    for (int kind = 0; kind < model::kDeviceKindCount; ++kind)
        out[model::toString(static_cast<model::DeviceKind>(kind))] = resources.devices[kind];
    return out;
}

py::dict unitDict(const policy::PendingUnit& unit)
{
    py::dict out;
    out["id"] = unit.id;
    out["workload"] = unit.workload;
    out["service"] = unit.service;
    out["depends_on"] = unit.dependsOn;
    out["cpu"] = static_cast<double>(unit.request.millicores) / 1000.0;
    out["memory"] = unit.request.memoryBytes;
    out["devices"] = devicesOf(unit.request);
    out["device_model"] = unit.deviceModel;
    out["slo_s"] = sim::toSeconds(unit.slo);
    out["submitted_s"] = sim::toSeconds(unit.submittedAt);
    out["features"] = unit.features;
    return out;
}

py::list nodeList(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    py::list out;
    for (std::uint32_t id = 0; id < cluster.nodeCount(); ++id) {
        const model::Node& node = cluster.node(id);
        py::dict row;
        row["id"] = id;
        row["name"] = node.name;
        row["pool"] = cluster.poolOf(id).name;
        row["cpu_capacity"] = static_cast<double>(node.capacity.millicores) / 1000.0;
        row["cpu_allocated"] = static_cast<double>(node.allocated.millicores) / 1000.0;
        row["memory_capacity"] = node.capacity.memoryBytes;
        row["memory_allocated"] = node.allocated.memoryBytes;
        row["devices_capacity"] = devicesOf(node.capacity);
        row["devices_allocated"] = devicesOf(node.allocated);
        row["fits"] = cluster.fits(id, unit.request, unit.deviceModel);
        out.append(row);
    }
    return out;
}

} // namespace

PythonPlacement::PythonPlacement(const policy::PolicyContext& context)
    : m_class(context.params.getString("class"))
    , m_policy(createPolicy(context))
{
    const py::gil_scoped_acquire gil;
    if (!py::hasattr(m_policy, "place"))
        throw PythonPolicyError("python policy " + m_class + ": a placement policy needs a method place(unit, nodes)");
}

PythonPlacement::~PythonPlacement()
{
    const py::gil_scoped_acquire gil;
    m_policy = py::object();
}

policy::PlacementDecision PythonPlacement::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const py::gil_scoped_acquire gil;
    py::object answer;
    try {
        answer = m_policy.attr("place")(unitDict(unit), nodeList(unit, cluster));
    } catch (py::error_already_set& error) {
        throw PythonPolicyError(describe(error, "python policy " + m_class + ": place() raised"));
    }
    if (answer.is_none())
        return policy::PlacementDecision::defer();
    if (!py::isinstance<py::int_>(answer) || py::isinstance<py::bool_>(answer))
        throw PythonPolicyError("python policy " + m_class + ": place() returned " + py::repr(answer).cast<std::string>() +
                                ", expected a node id (int) or None");
    const auto node = answer.cast<long long>();
    if (node < 0 || node >= static_cast<long long>(cluster.nodeCount()))
        throw PythonPolicyError("python policy " + m_class + ": place() returned node " + std::to_string(node) +
                                ", but the cluster's nodes are 0.." + std::to_string(cluster.nodeCount() - 1));
    return policy::PlacementDecision::onNode(static_cast<std::uint32_t>(node));
}

} // namespace orrery::plugins::python_policy
