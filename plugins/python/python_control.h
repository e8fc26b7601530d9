#pragma once
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <pybind11/pybind11.h>

#include <string>

namespace orrery::plugins::python_policy {

//! A control policy written in Python (docs/python.md, "Python policies"): the class named by
//! param `class` is constructed with {"seed", "args"} and asked `decide(observation)` every
//! control period; it returns a list of actions, each {"target", "replicas": n} or
//! {"target", "resource": "cpu", "limit": value}.
class PythonControl final : public policy::ControlPolicy {
public:
    explicit PythonControl(const policy::PolicyContext& context);
    ~PythonControl() override;
    PythonControl(const PythonControl&) = delete;
    PythonControl& operator=(const PythonControl&) = delete;

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    std::string m_class;
    pybind11::object m_policy;
};

} // namespace orrery::plugins::python_policy
