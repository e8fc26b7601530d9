#include "live/process_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <stdexcept>

extern char** environ; // NOLINT: POSIX

namespace orrery::live {
namespace {

std::string pathOf(const std::vector<std::string>& environment)
{
    for (const std::string& entry : environment) {
        if (entry.rfind("PATH=", 0) == 0)
            return entry.substr(5);
    }
    return "/usr/local/bin:/usr/bin:/bin";
}

std::string findProgram(const std::string& program, const std::vector<std::string>& environment)
{
    if (program.find('/') != std::string::npos)
        return program;
    std::stringstream list(pathOf(environment));
    std::string folder;
    while (std::getline(list, folder, ':')) {
        const std::filesystem::path candidate = std::filesystem::path(folder.empty() ? "." : folder) / program;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate.string();
    }
    throw std::runtime_error("executable \"" + program + "\" not found in PATH " + pathOf(environment));
}

//! Closes both ends of a pipe on every path out.
struct Pipe {
    std::array<int, 2> fds{-1, -1};
    Pipe()
    {
        if (::pipe(fds.data()) != 0)
            throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    ~Pipe()
    {
        for (int fd : fds) {
            if (fd >= 0)
                ::close(fd);
        }
    }
    void closeEnd(int i)
    {
        ::close(fds[static_cast<std::size_t>(i)]);
        fds[static_cast<std::size_t>(i)] = -1;
    }
};

} // namespace

std::vector<std::string> ProcessRunner::currentEnvironment()
{
    std::vector<std::string> result;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry)
        result.emplace_back(*entry);
    return result;
}

ProcessResult ProcessRunner::run(const std::string& program, const std::vector<std::string>& args,
                                 const std::vector<std::string>& environment, std::chrono::milliseconds timeout)
{
    const std::string path = findProgram(program, environment);
    Pipe out;
    Pipe err;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err.fds[1], 2);
    std::vector<char*> argv{const_cast<char*>(path.c_str())};
    for (const auto& arg : args)
        argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (const auto& entry : environment)
        envp.push_back(const_cast<char*>(entry.c_str()));
    envp.push_back(nullptr);
    pid_t pid = 0;
    const int rc = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        throw std::runtime_error("cannot run \"" + path + "\": " + std::strerror(rc));
    out.closeEnd(1);
    err.closeEnd(1);

    ProcessResult result;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::array<pollfd, 2> fds{pollfd{out.fds[0], POLLIN, 0}, pollfd{err.fds[0], POLLIN, 0}};
    int open = 2;
    while (open > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timedOut = true;
            ::kill(pid, SIGKILL);
            break;
        }
        if (::poll(fds.data(), fds.size(), static_cast<int>(left.count())) < 0 && errno != EINTR)
            break;
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
                continue;
            std::array<char, 4096> buffer{};
            const ssize_t n = ::read(fds[i].fd, buffer.data(), buffer.size());
            if (n > 0) {
                (i == 0 ? result.out : result.err).append(buffer.data(), static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                fds[i].fd = -1;
                --open;
            }
        }
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exitCode = (!result.timedOut && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
    return result;
}

std::string ProcessRunner::loginShellPath()
{
    static std::once_flag once;
    static std::string path;
    std::call_once(once, [] {
        const char* current = std::getenv("PATH");
        path = current != nullptr ? current : "/usr/local/bin:/usr/bin:/bin";
        const char* shell = std::getenv("SHELL");
        try {
            const ProcessResult login = run(shell != nullptr && *shell != '\0' ? shell : "/bin/sh",
                                            {"-l", "-c", "printf %s \"$PATH\""}, currentEnvironment(),
                                            std::chrono::seconds(5));
            if (login.exitCode == 0 && !login.out.empty() && login.out.find('\n') == std::string::npos)
                path = login.out + ":" + path;
        } catch (const std::exception&) {
            // No usable login shell: this process's PATH is the best there is.
        }
    });
    return path;
}

} // namespace orrery::live
