#pragma once
#include "policy/policy_context.h"

#include <pybind11/pybind11.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace orrery::plugins::python_policy {

//! A failure in the user's Python code or in finding it: the message carries the class, what it
//! was doing and Python's traceback. Thrown through the policy API, it ends the run as Failed with
//! this message (env::Simulation) — never a crash of the host.
class PythonPolicyError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

//! Starts the embedded interpreter once per process (thread-safe) and returns with the GIL
//! released, so any thread may take it with pybind11::gil_scoped_acquire. libpython is opened
//! with RTLD_GLOBAL first, so extension modules (NumPy) the user's code imports resolve against it
//! although this plugin itself was dlopen'ed privately.
void ensureInterpreter();

//! Imports "module:Class" (after putting `searchPath`, when not empty, first on sys.path) and
//! constructs it with `context`; the GIL must be held. Throws PythonPolicyError.
pybind11::object instantiate(const std::string& classPath, const std::string& searchPath, pybind11::dict context);

//! The user's policy object for a plugin call: ensureInterpreter(), then instantiate() with the
//! params `class` and `path` and the context {"seed": a draw from the policy's own stream, "args":
//! param `args`}. Takes the GIL itself; throws PythonPolicyError.
pybind11::object createPolicy(const policy::PolicyContext& context);

//! The active Python exception as "what while doing: <traceback>" (the GIL must be held).
[[nodiscard]] std::string describe(pybind11::error_already_set& error, const std::string& doing);

} // namespace orrery::plugins::python_policy
