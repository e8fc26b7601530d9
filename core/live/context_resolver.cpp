#include "live/context_resolver.h"

#include "live/base64.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"

#include <fstream>
#include <sstream>

namespace orrery::live {
namespace {

std::string readWhole(const std::string& path, const std::string& prefix, const std::string& field)
{
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        throw LiveError(LiveError::Kind::Config, prefix + field + ": file not found: " + path);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

std::string decoded(const std::string& data, const std::string& prefix, const std::string& field)
{
    auto bytes = decodeBase64(data);
    if (!bytes)
        throw LiveError(LiveError::Kind::Config, prefix + field + ": not valid base64");
    return std::move(*bytes);
}

} // namespace

const char* toString(AuthKind kind)
{
    switch (kind) {
    case AuthKind::None: return "none";
    case AuthKind::Token: return "token";
    case AuthKind::TokenFile: return "token-file";
    case AuthKind::ClientCertificate: return "client-certificate";
    case AuthKind::Exec: return "exec";
    case AuthKind::Oidc: return "oidc";
    case AuthKind::Basic: return "basic";
    }
    return "none";
}

AuthKind ContextResolver::authKindOf(const std::string& contextName) const
{
    const auto context = m_config.contexts.find(contextName);
    if (context == m_config.contexts.end())
        return AuthKind::None;
    const auto user = m_config.users.find(context->second.user);
    if (user == m_config.users.end())
        return AuthKind::None;
    const KubeUser& u = user->second;
    if (u.exec)
        return AuthKind::Exec;
    if (u.authProvider)
        return AuthKind::Oidc;
    if (!u.token.empty())
        return AuthKind::Token;
    if (!u.tokenFile.empty())
        return AuthKind::TokenFile;
    if (!u.clientCertificate.empty() || !u.clientCertificateData.empty())
        return AuthKind::ClientCertificate;
    if (!u.username.empty())
        return AuthKind::Basic;
    return AuthKind::None;
}

ResolvedContext ContextResolver::resolve(const std::string& requested)
{
    const std::string name = requested.empty() ? m_config.currentContext : requested;
    const std::string files = m_config.files.empty() ? "kubeconfig" : KubeConfigLoader::displayPath(m_config.files.front());
    if (name.empty())
        throw LiveError(LiveError::Kind::Config, files + ": current-context is not set; pass --context");
    const auto context = m_config.contexts.find(name);
    if (context == m_config.contexts.end()) {
        std::string known;
        for (const auto& [contextName, unused] : m_config.contexts)
            known += (known.empty() ? "" : ", ") + contextName;
        throw LiveError(LiveError::Kind::Config, files + ": context \"" + name + "\" not found" +
                                                     (requested.empty() ? " (it is the current-context)" : "") +
                                                     "; known contexts: " + (known.empty() ? "none" : known));
    }
    const KubeContext& ctx = context->second;
    const std::string contextPrefix = KubeConfigLoader::displayPath(ctx.sourceFile) + ": context \"" + name + "\": ";
    const auto cluster = m_config.clusters.find(ctx.cluster);
    if (ctx.cluster.empty() || cluster == m_config.clusters.end())
        throw LiveError(LiveError::Kind::Config, contextPrefix + "cluster: \"" + ctx.cluster + "\" not found");
    const KubeCluster& c = cluster->second;
    const std::string clusterPrefix = contextPrefix + "cluster \"" + c.name + "\": ";

    ResolvedContext resolved;
    resolved.contextName = name;
    resolved.clusterName = c.name;
    resolved.userName = ctx.user;
    if (!ctx.nameSpace.empty())
        resolved.nameSpace = ctx.nameSpace;
    resolved.server = c.server;
    while (!resolved.server.empty() && resolved.server.back() == '/')
        resolved.server.pop_back();
    if (resolved.server.empty())
        throw LiveError(LiveError::Kind::Config, clusterPrefix + "server: missing");
    if (resolved.server.rfind("https://", 0) != 0 && resolved.server.rfind("http://", 0) != 0)
        throw LiveError(LiveError::Kind::Config, clusterPrefix + "server: expected an http:// or https:// URL, got \"" +
                                                     resolved.server + "\"");
    if (!c.certificateAuthorityData.empty())
        resolved.caPem = decoded(c.certificateAuthorityData, clusterPrefix, "certificate-authority-data");
    else if (!c.certificateAuthority.empty())
        resolved.caPem = readWhole(c.certificateAuthority, clusterPrefix, "certificate-authority");
    resolved.insecureSkipTlsVerify = c.insecureSkipTlsVerify;
    if (c.insecureSkipTlsVerify)
        resolved.warnings.push_back("cluster \"" + c.name + "\" has insecure-skip-tls-verify: the server's identity is not checked");
    resolved.tlsServerName = c.tlsServerName;

    if (ctx.user.empty())
        return resolved; // anonymous
    const auto user = m_config.users.find(ctx.user);
    if (user == m_config.users.end())
        throw LiveError(LiveError::Kind::Config, contextPrefix + "user: \"" + ctx.user + "\" not found");
    const KubeUser& u = user->second;
    const std::string userPrefix = contextPrefix + "user \"" + u.name + "\": ";
    resolved.auth = authKindOf(name);

    if (!u.clientCertificateData.empty())
        resolved.clientCertificatePem = decoded(u.clientCertificateData, userPrefix, "client-certificate-data");
    else if (!u.clientCertificate.empty())
        resolved.clientCertificatePem = readWhole(u.clientCertificate, userPrefix, "client-certificate");
    if (!u.clientKeyData.empty())
        resolved.clientKeyPem = decoded(u.clientKeyData, userPrefix, "client-key-data");
    else if (!u.clientKey.empty())
        resolved.clientKeyPem = readWhole(u.clientKey, userPrefix, "client-key");
    if (resolved.clientCertificatePem.empty() != resolved.clientKeyPem.empty())
        throw LiveError(LiveError::Kind::Config, userPrefix + (resolved.clientKeyPem.empty() ? "client-key" : "client-certificate") +
                                                     ": missing (a client certificate needs both certificate and key)");

    if (!u.token.empty()) {
        resolved.bearerToken = u.token;
    } else if (!u.tokenFile.empty()) {
        resolved.bearerToken = readWhole(u.tokenFile, userPrefix, "tokenFile");
        while (!resolved.bearerToken.empty() && std::isspace(static_cast<unsigned char>(resolved.bearerToken.back())))
            resolved.bearerToken.pop_back();
    }
    resolved.basicUser = u.username;
    resolved.basicPassword = u.password;

    if (u.exec) {
        const ExecCredential credential = m_execCache.get(*u.exec, contextPrefix + "user \"" + u.name + "\"", resolved.server);
        if (!credential.token.empty())
            resolved.bearerToken = credential.token;
        if (!credential.clientCertificatePem.empty()) {
            resolved.clientCertificatePem = credential.clientCertificatePem;
            resolved.clientKeyPem = credential.clientKeyPem;
        }
        resolved.credentialExpiry = credential.expiration;
    } else if (u.authProvider) {
        if (u.authProvider->name != "oidc")
            throw LiveError(LiveError::Kind::Config, userPrefix + "auth-provider: \"" + u.authProvider->name +
                                                         "\" is not supported (only oidc); use an exec plugin instead");
        const auto& config = u.authProvider->config;
        const auto field = [&](const char* key) {
            const auto found = config.find(key);
            return found == config.end() ? std::string() : found->second;
        };
        resolved.bearerToken = field("id-token");
        resolved.credentialExpiry = OidcRefresher::jwtExpiry(resolved.bearerToken);
        const bool usable = !resolved.bearerToken.empty() && !OidcRefresher::expired(resolved.credentialExpiry);
        if (!usable && !field("refresh-token").empty() && !field("idp-issuer-url").empty() && !field("client-id").empty()) {
            // As kubectl, but the new tokens stay in memory: Orrery never writes credentials.
            const OidcTokens tokens = m_oidc.refresh(config, userPrefix);
            resolved.bearerToken = tokens.idToken;
            resolved.credentialExpiry = tokens.expiry;
            resolved.warnings.push_back("OIDC token refreshed in memory; kubectl will refresh again");
        } else if (resolved.bearerToken.empty()) {
            throw LiveError(LiveError::Kind::Credentials,
                            userPrefix + "auth-provider.config.id-token: missing; log in with kubectl first");
        } else if (!usable) {
            throw LiveError(LiveError::Kind::Credentials,
                            userPrefix + "auth-provider.config.id-token: expired; refresh with kubectl (e.g. kubectl get nodes)"
                                         " (no refresh-token, idp-issuer-url and client-id to refresh it here)");
        }
    }
    return resolved;
}

} // namespace orrery::live
