#pragma once
#include <cstdint>
#include <string>

namespace orrery::store {

//! Who owns a running run: host name, PID and, where the OS tells us, a start token
//! ("<boot id>/<start time in clock ticks>") that tells this process apart from a later one
//! given the same PID, on this boot or after a reboot. Used to find runs whose owner died.
struct ProcessIdentity {
    enum class Liveness {
        Alive,    //!< the owner is running, or we cannot tell (it might be)
        Gone,     //!< the owner is certainly not running any more
        Unknown,  //!< the owner is on another host; nothing here can tell
    };

    std::string host;
    std::int64_t pid = 0;
    std::string startToken;  //!< empty where the OS gives none (non-Linux, /proc hidden)

    //! The calling process.
    static ProcessIdentity current();

    //! Start token of a process on this host, empty if it does not exist or cannot be read.
    static std::string startTokenOf(std::int64_t pid);

    //! Whether the process this identity names still runs. Only ever answers Gone for this
    //! host: `kill(pid, 0)` failing with ESRCH, a boot id that differs from this boot's, or
    //! the PID now belonging to a process with a different start token.
    [[nodiscard]] Liveness probe() const;
};

} // namespace orrery::store
