#pragma once
#include "live/exec_credential_cache.h"
#include "live/kube_config.h"
#include "live/oidc_refresher.h"
#include "live/resolved_context.h"

#include <string>

namespace orrery::live {

//! Turns a context of a merged kubeconfig into a ResolvedContext: reads CA, certificate, key
//! and token files, decodes inline data, runs exec plugins (cached) and refreshes expired OIDC
//! id-tokens in memory (cached; never written back).
//! Errors are LiveError(Config) or (Credentials) worded
//! `~/.kube/config: context "prod": user "alice": client-certificate: file not found: …`.
class ContextResolver {
public:
    explicit ContextResolver(KubeConfig config) : m_config(std::move(config)) {}

    [[nodiscard]] const KubeConfig& config() const { return m_config; }
    //! `contextName` empty means current-context.
    ResolvedContext resolve(const std::string& contextName = {});
    //! Like resolve() but without running exec plugins or reading files: for listing contexts.
    [[nodiscard]] AuthKind authKindOf(const std::string& contextName) const;
    [[nodiscard]] ExecCredentialCache& execCache() { return m_execCache; }
    [[nodiscard]] OidcRefresher& oidcRefresher() { return m_oidc; }

private:
    KubeConfig m_config;
    ExecCredentialCache m_execCache;
    OidcRefresher m_oidc;
};

} // namespace orrery::live
