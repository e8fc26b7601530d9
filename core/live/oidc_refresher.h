#pragma once
#include "live/http_client.h"

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace orrery::live {

//! The tokens an OIDC refresh produced (kept in memory only).
struct OidcTokens {
    std::string idToken;
    std::string refreshToken;              //!< the rotated one when the issuer returned one
    std::optional<std::chrono::system_clock::time_point> expiry; //!< the id-token's `exp`
};

//! Refreshes an `auth-provider: oidc` id-token as client-go's oidc plugin does: discovers the
//! token endpoint at `<idp-issuer-url>/.well-known/openid-configuration`, POSTs a
//! refresh_token grant (client credentials as HTTP basic, then as form fields if that fails,
//! like golang.org/x/oauth2's auto-detection) and keeps the result per (issuer, client-id,
//! refresh-token) until the new id-token expires. Unlike kubectl it never writes the new tokens
//! back to the kubeconfig. Thread-safe. Errors are LiveError naming `prefix` and the field.
class OidcRefresher {
public:
    //! client-go's expiryDelta: a token this close to `exp` counts as expired.
    static constexpr std::chrono::seconds kExpiryMargin{10};

    //! `config` is the auth-provider's config map (needs idp-issuer-url, client-id and
    //! refresh-token); `prefix` is `file: context "c": user "u": `.
    OidcTokens refresh(const std::map<std::string, std::string>& config, const std::string& prefix);
    //! How many token requests (POSTs) were made; tests check the cache with it.
    [[nodiscard]] int tokenRequests() const;
    void setTimeouts(HttpTimeouts timeouts);
    void clear();

    //! The `exp` claim of a JWT (base64url payload), if it has one.
    static std::optional<std::chrono::system_clock::time_point> jwtExpiry(const std::string& token);
    //! True when `expiry` is within kExpiryMargin of `now` or past it (no expiry: never).
    static bool expired(const std::optional<std::chrono::system_clock::time_point>& expiry,
                        std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

private:
    OidcTokens fetch(const std::map<std::string, std::string>& config, const std::string& refreshToken,
                     const std::string& prefix);

    mutable std::mutex m_mutex;
    std::map<std::string, OidcTokens> m_cache;
    int m_tokenRequests = 0;
    HttpTimeouts m_timeouts;
};

} // namespace orrery::live
