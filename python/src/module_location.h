#pragma once
#include <filesystem>

namespace orrery::python {

//! The folder this extension module was loaded from (dladdr), e.g.
//! <prefix>/lib/python3/dist-packages/orrery.
[[nodiscard]] std::filesystem::path moduleDirectory();

//! Where Orrery's executable is, seen from the module: <module>/../../../../bin, the same in a
//! build folder and in an installation (python/CMakeLists.txt). Tells core/model about it, so
//! plugins, resources and translations are found as the `orrery` executable finds them.
std::filesystem::path adoptOrreryLayout();

} // namespace orrery::python
