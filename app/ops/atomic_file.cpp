#include "ops/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace orrery::app {

std::string replaceFileAtomically(const std::string& path,
                                  const std::function<std::string(const std::string& temporaryPath)>& write)
{
    const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
    std::string problem;
    try {
        problem = write(temporary);
    } catch (const std::exception& error) {
        problem = error.what();
    }
    std::error_code error;
    if (problem.empty()) {
        std::filesystem::rename(temporary, path, error);
        if (error)
            problem = path + ": cannot write: " + error.message();
    } else if (problem.rfind(temporary, 0) == 0) {
        problem = path + problem.substr(temporary.size()); // name the file the user asked for
    }
    if (!problem.empty())
        std::filesystem::remove(temporary, error);
    return problem;
}

std::string writeFileAtomically(const std::string& path, const std::string& content)
{
    return replaceFileAtomically(path, [&](const std::string& temporary) -> std::string {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            return path + ": cannot write: " + std::strerror(errno);
        out << content;
        out.flush();
        if (!out)
            return path + ": write failed: " + std::strerror(errno);
        return {};
    });
}

} // namespace orrery::app
