#include "python_runtime.h"

#include "sim/rng_stream.h"

#include <pybind11/embed.h>

#include <dlfcn.h>

#include <mutex>

namespace py = pybind11;

namespace orrery::plugins::python_policy {

void ensureInterpreter()
{
    static std::once_flag once;
    std::call_once(once, [] {
        if (Py_IsInitialized())
            return; // a host that is Python already (the orrery module): its interpreter serves
        (void)dlopen(ORRERY_LIBPYTHON, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
        (void)dlopen(ORRERY_LIBPYTHON, RTLD_NOW | RTLD_GLOBAL);
        py::initialize_interpreter(false); // no signal handlers: Ctrl-C stays the host's
        // The interpreter lives until the process ends; give the GIL back to every thread.
        PyEval_SaveThread();
    });
}

std::string describe(py::error_already_set& error, const std::string& doing)
{
    std::string text;
    try {
        const py::object format = py::module_::import("traceback").attr("format_exception");
        for (const py::handle line : format(error.type(), error.value(), error.trace()))
            text += line.cast<std::string>();
    } catch (const std::exception&) {
        text = error.what();
    }
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return doing + ":\n" + text;
}

py::object instantiate(const std::string& classPath, const std::string& searchPath, py::dict context)
{
    const auto colon = classPath.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == classPath.size())
        throw PythonPolicyError("param 'class': expected \"module:Class\" (e.g. mypolicies:Spread), got '" + classPath + "'");
    const std::string moduleName = classPath.substr(0, colon);
    const std::string className = classPath.substr(colon + 1);
    try {
        py::list path = py::module_::import("sys").attr("path");
        if (!searchPath.empty() && !path.contains(searchPath))
            path.insert(0, searchPath);
        if (!path.contains(""))
            path.append(""); // the working directory, as `python3 -c` has it
        const py::object module = py::module_::import(moduleName.c_str());
        if (!py::hasattr(module, className.c_str()))
            throw PythonPolicyError("python policy " + classPath + ": module '" + moduleName + "' (" +
                                    py::str(module.attr("__file__")).cast<std::string>() + ") has no '" + className + "'");
        return module.attr(className.c_str())(context);
    } catch (py::error_already_set& error) {
        throw PythonPolicyError(describe(error, "python policy " + classPath + ": could not create it"));
    }
}

py::object createPolicy(const policy::PolicyContext& context)
{
    ensureInterpreter();
    const py::gil_scoped_acquire gil;
    py::dict arguments;
    arguments["seed"] = context.rng ? context.rng->nextU64() : std::uint64_t{0};
    arguments["args"] = context.params.getString("args");
    return instantiate(context.params.getString("class"), context.params.getString("path"), arguments);
}

} // namespace orrery::plugins::python_policy
