#pragma once
// What must hold for KubeConfigLoader::parseFile on any file (tests/fuzz/kubeconfig_fuzzer.cpp
// and the replay of tests/fixtures/fuzz-regressions/kubeconfig/ in tst_kube_config).
#include "fuzz_check.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"

#include <cctype>
#include <exception>

namespace orrery::fuzz {

//! True when `message` is `PREFIX:LINE: …` with LINE ≥ 1.
inline bool startsWithFileLine(const std::string& message, const std::string& prefix)
{
    if (!message.starts_with(prefix + ":"))
        return false;
    std::size_t i = prefix.size() + 1;
    std::size_t digits = 0;
    unsigned long line = 0;
    while (i < message.size() && std::isdigit(static_cast<unsigned char>(message[i])) != 0 && digits < 12) {
        line = line * 10 + static_cast<unsigned long>(message[i] - '0');
        ++i;
        ++digits;
    }
    return digits > 0 && line >= 1 && message.compare(i, 2, ": ") == 0;
}

template <typename Map>
std::string kubeEntriesProblem(const Map& entries, const std::string& path, const char* what)
{
    for (const auto& [name, entry] : entries) {
        if (name.empty() || entry.name != name || entry.sourceFile != path)
            return std::string("a ") + what + " whose name or source file is wrong: '" + name + "'";
    }
    return {};
}

//! "" when parseFile(path) keeps its promises: a KubeConfig listing this one file whose clusters,
//! users and contexts have non-empty names equal to their keys and this file as source; or a
//! LiveError of kind Config, the one documented failure, whose message is
//! `FILE:LINE: field: …` (LINE ≥ 1, FILE the display path). Nothing else may escape.
inline std::string kubeconfigProblem(const std::string& path)
{
    try {
        const live::KubeConfig config = live::KubeConfigLoader::parseFile(path);
        if (config.files.size() != 1 || config.files.front() != path)
            return "the config does not list its file";
        for (std::string problem : {kubeEntriesProblem(config.clusters, path, "cluster"),
                                    kubeEntriesProblem(config.users, path, "user"),
                                    kubeEntriesProblem(config.contexts, path, "context")}) {
            if (!problem.empty())
                return problem;
        }
    } catch (const live::LiveError& error) {
        const std::string message = error.what();
        if (error.kind() != live::LiveError::Kind::Config)
            return "a LiveError of another kind than Config: " + message;
        if (!startsWithFileLine(message, live::KubeConfigLoader::displayPath(path)))
            return "error without FILE:LINE: " + message;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

} // namespace orrery::fuzz
