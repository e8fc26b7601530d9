#pragma once
#include "live/kube_config.h"

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace orrery::live {

//! What an exec credential plugin printed (ExecCredential.status).
struct ExecCredential {
    std::string token;
    std::string clientCertificatePem;
    std::string clientKeyPem;
    std::optional<std::chrono::system_clock::time_point> expiration; //!< none: valid for the process
};

//! Runs exec credential plugins (client.authentication.k8s.io v1 and v1beta1) and keeps each
//! result until its expirationTimestamp, as client-go does. Thread-safe. Credentials live only
//! in memory.
class ExecCredentialCache {
public:
    //! `messagePrefix` names file, context and user for errors (LiveError(Credentials)).
    //! `server` is passed in KUBERNETES_EXEC_INFO when provideClusterInfo is set.
    ExecCredential get(const ExecConfig& exec, const std::string& messagePrefix, const std::string& server = {});
    //! How many times a plugin has been run (tests check the cache with it).
    [[nodiscard]] int runs() const;
    void clear();

    //! Parses a plugin's stdout; throws std::runtime_error with what is wrong.
    static ExecCredential parse(const std::string& json, const std::string& expectedApiVersion);

private:
    mutable std::mutex m_mutex;
    std::map<std::string, ExecCredential> m_cache;
    int m_runs = 0;
};

//! RFC 3339 (`2024-05-01T12:00:00Z`, optional fraction and offset) → time point; nullopt if bad.
std::optional<std::chrono::system_clock::time_point> parseRfc3339(const std::string& text);

} // namespace orrery::live
