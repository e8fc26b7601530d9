#include "live/oidc_refresher.h"

#include "live/base64.h"
#include "live/live_error.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace orrery::live {
namespace {

const std::string kField = "auth-provider.config.";

std::string valueOf(const std::map<std::string, std::string>& config, const std::string& key)
{
    const auto found = config.find(key);
    return found == config.end() ? std::string() : found->second;
}

//! The CA that verifies the issuer: idp-certificate-authority-data wins over the file.
std::string issuerCa(const std::map<std::string, std::string>& config, const std::string& prefix)
{
    if (const std::string data = valueOf(config, "idp-certificate-authority-data"); !data.empty()) {
        auto bytes = decodeBase64(data);
        if (!bytes)
            throw LiveError(LiveError::Kind::Config, prefix + kField + "idp-certificate-authority-data: not valid base64");
        return std::move(*bytes);
    }
    const std::string path = valueOf(config, "idp-certificate-authority");
    if (path.empty())
        return {};
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        throw LiveError(LiveError::Kind::Config, prefix + kField + "idp-certificate-authority: file not found: " + path);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

//! `400 invalid_grant: description` from an OAuth 2 error answer (RFC 6749 §5.2).
std::string describeError(const HttpResponse& response)
{
    std::string text = std::to_string(response.status);
    if (!response.redirectUrl.empty())
        text += " redirect to " + response.redirectUrl + " (redirects are not followed)";
    if (response.retryAfter.count() > 0)
        text += ", retry after " + std::to_string(response.retryAfter.count()) + " s";
    const auto json = nlohmann::json::parse(response.body, nullptr, false);
    if (json.is_object() && json.contains("error") && json["error"].is_string()) {
        text += " " + json["error"].get<std::string>();
        if (json.contains("error_description") && json["error_description"].is_string())
            text += ": " + json["error_description"].get<std::string>();
    } else if (!response.body.empty()) {
        text += ": " + response.body.substr(0, 200);
    }
    return text;
}

HttpResponse send(HttpClient& client, const HttpRequest& request, const std::string& prefix, const std::string& field)
{
    try {
        return client.perform(request);
    } catch (const LiveError& error) {
        throw LiveError(error.kind(), prefix + kField + field + ": cannot reach the OIDC issuer: " + error.what());
    }
}

} // namespace

std::optional<std::chrono::system_clock::time_point> OidcRefresher::jwtExpiry(const std::string& token)
{
    const auto first = token.find('.');
    const auto second = first == std::string::npos ? std::string::npos : token.find('.', first + 1);
    if (second == std::string::npos)
        return std::nullopt;
    const auto payload = decodeBase64Url(std::string_view(token).substr(first + 1, second - first - 1));
    if (!payload)
        return std::nullopt;
    const auto json = nlohmann::json::parse(*payload, nullptr, false);
    if (!json.is_object() || !json.contains("exp") || !json["exp"].is_number())
        return std::nullopt;
    return std::chrono::system_clock::from_time_t(static_cast<std::time_t>(json["exp"].get<double>()));
}

bool OidcRefresher::expired(const std::optional<std::chrono::system_clock::time_point>& expiry,
                            std::chrono::system_clock::time_point now)
{
    return expiry && *expiry <= now + kExpiryMargin;
}

int OidcRefresher::tokenRequests() const
{
    std::lock_guard lock(m_mutex);
    return m_tokenRequests;
}

void OidcRefresher::setTimeouts(HttpTimeouts timeouts)
{
    std::lock_guard lock(m_mutex);
    m_timeouts = timeouts;
}

void OidcRefresher::clear()
{
    std::lock_guard lock(m_mutex);
    m_cache.clear();
    m_tokenRequests = 0;
}

OidcTokens OidcRefresher::refresh(const std::map<std::string, std::string>& config, const std::string& prefix)
{
    const std::string refreshToken = valueOf(config, "refresh-token");
    const std::string key = valueOf(config, "idp-issuer-url") + '\n' + valueOf(config, "client-id") + '\n' + refreshToken;
    // Held across the network call so concurrent resolves refresh once, not once each.
    std::lock_guard lock(m_mutex);
    const auto cached = m_cache.find(key);
    if (cached != m_cache.end() && !expired(cached->second.expiry))
        return cached->second;
    // An issuer that rotates refresh tokens may have revoked the kubeconfig's one: use the newest.
    OidcTokens tokens = fetch(config, cached != m_cache.end() ? cached->second.refreshToken : refreshToken, prefix);
    m_cache[key] = tokens;
    return tokens;
}

OidcTokens OidcRefresher::fetch(const std::map<std::string, std::string>& config, const std::string& refreshToken,
                                const std::string& prefix)
{
    std::string issuer = valueOf(config, "idp-issuer-url");
    const std::string clientId = valueOf(config, "client-id");
    const std::string clientSecret = valueOf(config, "client-secret");
    if (issuer.empty() || clientId.empty() || refreshToken.empty())
        throw LiveError(LiveError::Kind::Config,
                        prefix + kField + (issuer.empty() ? "idp-issuer-url" : clientId.empty() ? "client-id" : "refresh-token") +
                            ": missing (needed to refresh the id-token)");
    while (!issuer.empty() && issuer.back() == '/')
        issuer.pop_back();
    HttpEndpoint endpoint;
    endpoint.caPem = issuerCa(config, prefix);
    HttpClient client(endpoint, m_timeouts);

    HttpRequest discovery;
    discovery.url = issuer + "/.well-known/openid-configuration";
    discovery.headers = {"Accept: application/json"};
    const HttpResponse found = send(client, discovery, prefix, "idp-issuer-url");
    if (found.status != 200)
        throw LiveError(LiveError::Kind::Credentials, prefix + kField + "idp-issuer-url: OIDC discovery failed: GET " +
                                                          discovery.url + ": " + describeError(found));
    const auto document = nlohmann::json::parse(found.body, nullptr, false);
    if (!document.is_object() || !document.contains("token_endpoint") || !document["token_endpoint"].is_string())
        throw LiveError(LiveError::Kind::Protocol, prefix + kField + "idp-issuer-url: " + discovery.url +
                                                       ": no token_endpoint in the OpenID configuration");

    // golang.org/x/oauth2 (AuthStyleAutoDetect): credentials as HTTP basic first, then in the body.
    HttpRequest post;
    post.method = "POST";
    post.url = document["token_endpoint"].get<std::string>();
    const std::string grant = "grant_type=refresh_token&refresh_token=" + HttpClient::escape(refreshToken);
    const std::vector<std::string> common = {"Content-Type: application/x-www-form-urlencoded", "Accept: application/json"};
    post.headers = common;
    post.headers.push_back("Authorization: Basic " +
                           encodeBase64(HttpClient::escape(clientId) + ":" + HttpClient::escape(clientSecret)));
    post.body = grant;
    ++m_tokenRequests;
    HttpResponse answer = send(client, post, prefix, "idp-issuer-url");
    if (answer.status < 200 || answer.status >= 300) {
        post.headers = common;
        post.body = grant + "&client_id=" + HttpClient::escape(clientId);
        if (!clientSecret.empty())
            post.body += "&client_secret=" + HttpClient::escape(clientSecret);
        ++m_tokenRequests;
        answer = send(client, post, prefix, "idp-issuer-url");
    }
    if (answer.status < 200 || answer.status >= 300)
        throw LiveError(LiveError::Kind::Credentials,
                        prefix + kField + "refresh-token: refresh failed: " + describeError(answer) + "; log in again with kubectl");
    const auto json = nlohmann::json::parse(answer.body, nullptr, false);
    if (!json.is_object() || !json.contains("id_token") || !json["id_token"].is_string() ||
        json["id_token"].get<std::string>().empty())
        throw LiveError(LiveError::Kind::Protocol,
                        prefix + kField + "refresh-token: refresh failed: the token response from " + post.url + " has no id_token");
    OidcTokens tokens;
    tokens.idToken = json["id_token"].get<std::string>();
    tokens.refreshToken = refreshToken;
    if (json.contains("refresh_token") && json["refresh_token"].is_string() && !json["refresh_token"].get<std::string>().empty())
        tokens.refreshToken = json["refresh_token"].get<std::string>();
    tokens.expiry = jwtExpiry(tokens.idToken);
    return tokens;
}

} // namespace orrery::live
