#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace orrery::live {

//! Standard base64 (RFC 4648 §4, padding optional, whitespace ignored) as kubeconfig's *-data
//! fields use it; std::nullopt for any other character or a bad length.
std::optional<std::string> decodeBase64(std::string_view text);
//! The URL-safe alphabet (RFC 4648 §5) without padding, as in JWT segments.
std::optional<std::string> decodeBase64Url(std::string_view text);
std::string encodeBase64(std::string_view bytes);

} // namespace orrery::live
