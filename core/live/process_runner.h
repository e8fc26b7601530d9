#pragma once
#include <chrono>
#include <string>
#include <vector>

namespace orrery::live {

//! What a finished child process left behind.
struct ProcessResult {
    int exitCode = -1;          //!< -1 when killed by a signal or the timeout
    bool timedOut = false;
    std::string out;
    std::string err;
};

//! Runs credential helpers: no shell, stdin from /dev/null, stdout and stderr captured.
class ProcessRunner {
public:
    //! Runs `program` (searched in `environment`'s PATH when it has no '/') with `args` and
    //! exactly `environment` ("NAME=value" entries); kills it after `timeout`. Throws
    //! std::runtime_error when it cannot be started (the message names the program).
    static ProcessResult run(const std::string& program, const std::vector<std::string>& args,
                             const std::vector<std::string>& environment, std::chrono::milliseconds timeout);
    //! The PATH a login shell of the user sets ($SHELL -lc), joined with this process's PATH, so
    //! a GUI started from a desktop finds the same plugins (aws, gke-gcloud-auth-plugin) as a terminal.
    static std::string loginShellPath();
    //! This process's environment as "NAME=value" entries.
    static std::vector<std::string> currentEnvironment();
};

} // namespace orrery::live
