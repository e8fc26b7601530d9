#pragma once
#include <string>

namespace orrery::app {

//! Where and with what a report was made, shown in its "Environment" section so a reader can
//! tell which build and machine produced the figures.
struct ReportEnvironment {
    std::string orreryVersion; //!< PROJECT_VERSION
    std::string gitCommit;     //!< `git rev-parse --short HEAD` when the build was configured; "unknown" outside a checkout
    std::string hostname;
    std::string operatingSystem; //!< uname: system, release, machine
    std::string cpuModel;      //!< "model name" of /proc/cpuinfo; "unknown" where there is none
    unsigned cpuCores = 0;     //!< hardware threads (std::thread::hardware_concurrency)
    std::string reportTimeUtc; //!< ISO-8601, e.g. "2024-05-01T12:00:00Z"
};

//! This process's environment, the time now included.
ReportEnvironment currentReportEnvironment();

} // namespace orrery::app
