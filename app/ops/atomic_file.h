#pragma once
#include <functional>
#include <string>

namespace orrery::app {

//! Produces `path` through a temporary file beside it and a rename, so readers never see half a
//! file and a failed write leaves any previous file untouched. `write` fills the temporary path
//! and returns an error message (or throws); the temporary file is removed on any failure.
//! Returns an error message naming `path`, or empty on success.
std::string replaceFileAtomically(const std::string& path,
                                  const std::function<std::string(const std::string& temporaryPath)>& write);

//! replaceFileAtomically with `content` as the file's bytes.
std::string writeFileAtomically(const std::string& path, const std::string& content);

} // namespace orrery::app
