#pragma once
#include <string>

namespace orrery::policy {

//! An open shared library (dlopen), closed when the object is destroyed. Move-only.
//!
//! Opened with RTLD_NOW | RTLD_LOCAL: unresolved symbols fail the open instead of a later call,
//! and one plugin's symbols never satisfy another's.
class LoadedLibrary {
public:
    LoadedLibrary() = default;
    //! Opens `path`; on failure the object is empty and `error` holds dlerror()'s text.
    static LoadedLibrary open(const std::string& path, std::string* error);

    LoadedLibrary(LoadedLibrary&& other) noexcept;
    LoadedLibrary& operator=(LoadedLibrary&& other) noexcept;
    LoadedLibrary(const LoadedLibrary&) = delete;
    LoadedLibrary& operator=(const LoadedLibrary&) = delete;
    ~LoadedLibrary();

    [[nodiscard]] bool isOpen() const { return m_handle != nullptr; }
    [[nodiscard]] const std::string& path() const { return m_path; }

    //! The address of exported symbol `name`, or nullptr (with dlerror()'s text in `error`).
    [[nodiscard]] void* symbol(const char* name, std::string* error = nullptr) const;

private:
    void close();

    void* m_handle = nullptr;
    std::string m_path;
};

} // namespace orrery::policy
