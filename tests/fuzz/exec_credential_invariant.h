#pragma once
// What must hold for ExecCredentialCache::parse on any plugin output
// (tests/fuzz/exec_credential_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/exec_credential/ in tst_exec_credential).
#include "fuzz_check.h"
#include "live/exec_credential_cache.h"

#include <array>
#include <chrono>
#include <exception>
#include <stdexcept>

namespace orrery::fuzz {

//! The messages ExecCredentialCache::parse documents, each naming what is wrong: the output as
//! a whole, the kind, the apiVersion, the status or a `status.<field>`.
inline bool isExecCredentialMessage(const std::string& message)
{
    static constexpr std::array<std::string_view, 6> kPrefixes{
        "output is not JSON: ", "output is not an ExecCredential", "ExecCredential apiVersion is \"",
        "ExecCredential has no status", "status.", "ExecCredential status has neither"};
    for (const std::string_view prefix : kPrefixes) {
        if (message.starts_with(prefix))
            return true;
    }
    return false;
}

//! "" when ExecCredentialCache::parse(text, apiVersion) keeps its promises: a credential with a
//! token or both a client certificate and key, whose expiration (when given) lies between 1970
//! and 2200; or a std::runtime_error naming what is wrong (isExecCredentialMessage). Nothing
//! else may escape (an nlohmann exception is a std::exception but not a std::runtime_error, and
//! ExecCredentialCache::get, which turns runtime_errors into LiveError(Credentials), would let it
//! through).
inline std::string execCredentialProblem(std::string_view text, const std::string& apiVersion)
{
    try {
        const live::ExecCredential credential = live::ExecCredentialCache::parse(std::string(text), apiVersion);
        if (credential.token.empty() && (credential.clientCertificatePem.empty() || credential.clientKeyPem.empty()))
            return "a credential with neither a token nor a certificate and key";
        if (credential.expiration) {
            using namespace std::chrono;
            const auto seconds = duration_cast<std::chrono::seconds>(credential.expiration->time_since_epoch()).count();
            // 1969-12-31 (an offset may move 1970-01-01T00:00 back a day) .. 2201-01-01.
            if (seconds < -86'400 || seconds > 7'289'654'400LL)
                return "an expiration outside 1970-2200: " + std::to_string(seconds) + " s";
        }
    } catch (const std::runtime_error& error) {
        const std::string message = error.what();
        if (!isExecCredentialMessage(message))
            return "an error that does not name what is wrong: " + message;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

//! Both apiVersions a kubeconfig may ask for.
inline std::string execCredentialProblem(std::string_view text)
{
    for (const char* apiVersion : {"client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"}) {
        if (std::string problem = execCredentialProblem(text, apiVersion); !problem.empty())
            return problem;
    }
    return {};
}

} // namespace orrery::fuzz
