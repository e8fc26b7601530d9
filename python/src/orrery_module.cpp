// The extension module _orrery; the package python/orrery wraps it (docs/python.md).
#include "bindings.h"
#include "kinds/built_in_kinds.h"
#include "module_location.h"

PYBIND11_MODULE(_orrery, module)
{
    module.doc() = "Orrery's simulator, environments and project files (the C++ part of the orrery package)";
    const std::filesystem::path bin = orrery::python::adoptOrreryLayout();
    orrery::kinds::registerBuiltInKinds();
    module.attr("__version__") = ORRERY_VERSION;
    module.attr("executable_directory") = bin.string();
    orrery::python::bindScenarios(module);
    orrery::python::bindEnvironments(module);
    orrery::python::bindProjects(module);
}
