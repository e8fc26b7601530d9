#include "policy/loaded_library.h"

#include <dlfcn.h>

#include <utility>

namespace orrery::policy {
namespace {

std::string lastDlError()
{
    const char* text = dlerror();
    return text != nullptr ? text : "unknown dynamic-loader error";
}

} // namespace

LoadedLibrary LoadedLibrary::open(const std::string& path, std::string* error)
{
    LoadedLibrary library;
    dlerror(); // clear a stale error
    library.m_handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library.m_handle == nullptr) {
        if (error != nullptr)
            *error = lastDlError();
        return library;
    }
    library.m_path = path;
    return library;
}

LoadedLibrary::LoadedLibrary(LoadedLibrary&& other) noexcept
    : m_handle(std::exchange(other.m_handle, nullptr))
    , m_path(std::move(other.m_path))
{
}

LoadedLibrary& LoadedLibrary::operator=(LoadedLibrary&& other) noexcept
{
    if (this != &other) {
        close();
        m_handle = std::exchange(other.m_handle, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

LoadedLibrary::~LoadedLibrary()
{
    close();
}

void* LoadedLibrary::symbol(const char* name, std::string* error) const
{
    if (m_handle == nullptr) {
        if (error != nullptr)
            *error = "library is not open";
        return nullptr;
    }
    dlerror();
    void* address = dlsym(m_handle, name);
    if (address == nullptr && error != nullptr)
        *error = lastDlError();
    return address;
}

void LoadedLibrary::close()
{
    if (m_handle != nullptr) {
        dlclose(m_handle);
        m_handle = nullptr;
    }
}

} // namespace orrery::policy
