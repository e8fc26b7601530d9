#include "store/process_identity.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <fstream>
#include <sstream>
#include <string_view>

#include <sys/types.h>
#include <unistd.h>

namespace orrery::store {
namespace {

std::string hostName()
{
    char buffer[HOST_NAME_MAX + 1] = {};
    if (gethostname(buffer, sizeof buffer - 1) != 0)
        return "localhost";
    return buffer;
}

std::string bootId()
{
    std::ifstream in("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(in, id);
    return id;
}

//! Field 22 of /proc/<pid>/stat: process start time in clock ticks after boot. The command
//! name (field 2) may contain spaces and parentheses, so count fields after its last ')'.
std::string startTicks(std::int64_t pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line))
        return {};
    const auto close = line.rfind(')');
    if (close == std::string::npos)
        return {};
    std::istringstream fields(line.substr(close + 1));
    std::string field;
    for (int index = 3; index <= 22; ++index) {
        if (!(fields >> field))
            return {};
    }
    return field;
}

std::string_view bootPart(std::string_view token)
{
    const auto slash = token.find('/');
    return slash == std::string_view::npos ? std::string_view{} : token.substr(0, slash);
}

} // namespace

ProcessIdentity ProcessIdentity::current()
{
    const auto pid = static_cast<std::int64_t>(getpid());
    return ProcessIdentity{hostName(), pid, startTokenOf(pid)};
}

std::string ProcessIdentity::startTokenOf(std::int64_t pid)
{
    const std::string boot = bootId();
    const std::string ticks = startTicks(pid);
    if (boot.empty() || ticks.empty())
        return {};
    return boot + '/' + ticks;
}

ProcessIdentity::Liveness ProcessIdentity::probe() const
{
    if (host != hostName())
        return Liveness::Unknown;
    // PID 0 and negative PIDs name process groups for kill(), and no recorder ever writes
    // them; a row claiming one on this host cannot have a live owner.
    if (pid <= 0 || pid > INT_MAX)
        return Liveness::Gone;
    if (!startToken.empty()) {
        const std::string boot = bootId();
        if (!boot.empty() && bootPart(startToken) != boot)
            return Liveness::Gone;  // written before the last reboot
    }
    if (::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH)
        return Liveness::Gone;
    // The PID exists (or belongs to another user: EPERM). If we know which process owned the
    // run and the PID now names a different one, the owner is gone and its PID was reused.
    if (!startToken.empty()) {
        const std::string now = startTokenOf(pid);
        if (!now.empty() && now != startToken)
            return Liveness::Gone;
    }
    return Liveness::Alive;
}

} // namespace orrery::store
