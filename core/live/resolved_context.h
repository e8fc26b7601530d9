#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace orrery::live {

//! How a context authenticates (shown in `orrery live contexts` and the Live dock).
enum class AuthKind { None, Token, TokenFile, ClientCertificate, Exec, Oidc, Basic };

[[nodiscard]] const char* toString(AuthKind kind);

//! Everything needed to talk to one context's API server, with files read and base64 decoded.
//! Lives in memory only: Orrery never writes credentials anywhere.
struct ResolvedContext {
    std::string contextName;
    std::string clusterName;
    std::string userName;
    std::string nameSpace = "default";
    std::string server;                    //!< https://host:port, no trailing slash
    std::string caPem;                     //!< empty: the system trust store
    bool insecureSkipTlsVerify = false;    //!< UIs must show a warning when set
    std::string tlsServerName;
    std::string clientCertificatePem;
    std::string clientKeyPem;
    std::string bearerToken;
    std::string basicUser;
    std::string basicPassword;
    AuthKind auth = AuthKind::None;
    std::optional<std::chrono::system_clock::time_point> credentialExpiry;
    std::vector<std::string> warnings;     //!< e.g. "TLS verification is off"
};

} // namespace orrery::live
