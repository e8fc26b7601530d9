#include "report/report_environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <array>
#include <ctime>
#include <fstream>
#include <thread>

#ifndef ORRERY_VERSION
#define ORRERY_VERSION "0.0.0"
#endif
#ifndef ORRERY_GIT_COMMIT
#define ORRERY_GIT_COMMIT "unknown"
#endif

namespace orrery::app {
namespace {

std::string cpuModel()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) != 0)
            continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            break;
        const auto begin = line.find_first_not_of(" \t", colon + 1);
        return begin == std::string::npos ? std::string("unknown") : line.substr(begin);
    }
    return "unknown";
}

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    std::array<char, 32> text{};
    std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text.data();
}

} // namespace

ReportEnvironment currentReportEnvironment()
{
    ReportEnvironment environment;
    environment.orreryVersion = ORRERY_VERSION;
    environment.gitCommit = ORRERY_GIT_COMMIT;
    std::array<char, 256> host{};
    environment.hostname = gethostname(host.data(), host.size() - 1) == 0 ? host.data() : "unknown";
    utsname system{};
    environment.operatingSystem = uname(&system) == 0
        ? std::string(system.sysname) + ' ' + system.release + ' ' + system.machine
        : "unknown";
    environment.cpuModel = cpuModel();
    environment.cpuCores = std::thread::hardware_concurrency();
    environment.reportTimeUtc = utcNow();
    return environment;
}

} // namespace orrery::app
