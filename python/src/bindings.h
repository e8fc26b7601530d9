#pragma once
#include <pybind11/pybind11.h>

namespace orrery::python {

//! Each part of the module registers its classes and functions (src/orrery_module.cpp calls them).
void bindScenarios(pybind11::module_& module);
void bindEnvironments(pybind11::module_& module);
void bindProjects(pybind11::module_& module);

} // namespace orrery::python
