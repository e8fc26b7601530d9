#pragma once
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

#include <pybind11/pybind11.h>

#include <string>

namespace orrery::plugins::python_policy {

//! A placement policy written in Python (docs/python.md, "Python policies"): the class named by
//! param `class` is constructed with {"seed", "args"} and asked `place(unit, nodes)` for every
//! pending unit; it returns a node id (an index into `nodes`) or None to defer. `unit` and each
//! node are dicts (docs/python.md lists their keys); a node's "fits" says whether the unit fits it now.
class PythonPlacement final : public policy::PlacementPolicy {
public:
    explicit PythonPlacement(const policy::PolicyContext& context);
    ~PythonPlacement() override;
    PythonPlacement(const PythonPlacement&) = delete;
    PythonPlacement& operator=(const PythonPlacement&) = delete;

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

private:
    std::string m_class;
    pybind11::object m_policy;
};

} // namespace orrery::plugins::python_policy
