#include "live/base64.h"

#include <array>
#include <cstdint>

namespace orrery::live {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int valueOf(char c, bool urlSafe)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == (urlSafe ? '-' : '+'))
        return 62;
    if (c == (urlSafe ? '_' : '/'))
        return 63;
    return -1;
}

std::optional<std::string> decode(std::string_view text, bool urlSafe)
{
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    int padding = 0;
    std::size_t symbols = 0;
    for (const char c : text) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
            continue;
        if (c == '=') {
            ++padding;
            continue;
        }
        if (padding > 0)
            return std::nullopt; // data after padding
        const int value = valueOf(c, urlSafe);
        if (value < 0)
            return std::nullopt;
        ++symbols;
        buffer = (buffer << 6) | static_cast<std::uint32_t>(value);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
        }
    }
    if (symbols % 4 == 1 || padding > 2 || (padding > 0 && (symbols + padding) % 4 != 0))
        return std::nullopt;
    return out;
}

} // namespace

std::optional<std::string> decodeBase64(std::string_view text) { return decode(text, false); }
std::optional<std::string> decodeBase64Url(std::string_view text) { return decode(text, true); }

std::string encodeBase64(std::string_view bytes)
{
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (const char c : bytes) {
        buffer = (buffer << 8) | static_cast<unsigned char>(c);
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out.push_back(kAlphabet[(buffer >> bits) & 0x3F]);
        }
    }
    if (bits > 0)
        out.push_back(kAlphabet[(buffer << (6 - bits)) & 0x3F]);
    while (out.size() % 4 != 0)
        out.push_back('=');
    return out;
}

} // namespace orrery::live
