#include "strl/cbc_process_lock.h"

#include <dlfcn.h>

extern "C" __attribute__((visibility("default"))) std::mutex* orrery_cbc_process_lock()
{
    static std::mutex lock;
    return &lock;
}

namespace orrery::strl {

std::mutex& cbcProcessLock()
{
    static std::mutex* const lock = [] {
        using Getter = std::mutex* (*)();
        // The executable's export when there is one (a plugin module's own copy is hidden by its
        // version script, so this never finds another module's); else this copy's.
        if (const auto exported = reinterpret_cast<Getter>(dlsym(RTLD_DEFAULT, "orrery_cbc_process_lock")))
            return exported();
        return orrery_cbc_process_lock();
    }();
    return *lock;
}

} // namespace orrery::strl
