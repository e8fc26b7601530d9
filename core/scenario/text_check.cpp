#include "scenario/text_check.h"

#include <cstdint>

namespace orrery::scenario {

namespace {

std::string hexByte(unsigned char byte)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("0x") + kHex[byte >> 4] + kHex[byte & 0xf];
}

std::string codePointName(std::uint32_t codePoint)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out = "U+";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += kHex[(codePoint >> shift) & 0xf];
    return out;
}

//! Length of the valid UTF-8 sequence starting at text[i] and its code point, or 0 if invalid.
std::size_t decode(std::string_view text, std::size_t i, std::uint32_t& codePoint)
{
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    std::uint32_t minimum = 0;
    if (lead < 0x80) {
        codePoint = lead;
        return 1;
    }
    if ((lead & 0xe0) == 0xc0) {
        length = 2;
        codePoint = lead & 0x1f;
        minimum = 0x80;
    } else if ((lead & 0xf0) == 0xe0) {
        length = 3;
        codePoint = lead & 0x0f;
        minimum = 0x800;
    } else if ((lead & 0xf8) == 0xf0) {
        length = 4;
        codePoint = lead & 0x07;
        minimum = 0x10000;
    } else {
        return 0;
    }
    if (i + length > text.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k) {
        const auto byte = static_cast<unsigned char>(text[i + k]);
        if ((byte & 0xc0) != 0x80)
            return 0;
        codePoint = (codePoint << 6) | (byte & 0x3f);
    }
    const bool overlong = codePoint < minimum;
    const bool surrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
    if (overlong || surrogate || codePoint > 0x10ffff)
        return 0;
    return length;
}

bool isAllowedControl(std::uint32_t codePoint)
{
    return codePoint == '\t' || codePoint == '\n' || codePoint == '\r';
}

// YAML 1.2 c-printable, minus what decode() already rejects.
bool isPrintable(std::uint32_t codePoint)
{
    if (codePoint < 0x20)
        return isAllowedControl(codePoint);
    if (codePoint == 0x7f)
        return false;
    if (codePoint >= 0x80 && codePoint <= 0x9f)
        return codePoint == 0x85;
    return codePoint != 0xfffe && codePoint != 0xffff;
}

} // namespace

std::optional<model::Diagnostic> checkText(std::string_view text, const std::string& fileName, const LineIndex& lines)
{
    const auto at = [&](std::size_t offset, std::string message) {
        const LineIndex::Position position = lines.fromOffset(offset);
        return model::Diagnostic{{fileName, position.line, position.column}, {}, std::move(message)};
    };
    if (text.substr(0, 2) == "\xff\xfe" || text.substr(0, 2) == "\xfe\xff")
        return at(0, "the file is UTF-16 text (it starts with a UTF-16 byte-order mark); expected UTF-8: save it as UTF-8");

    for (std::size_t i = 0; i < text.size();) {
        std::uint32_t codePoint = 0;
        const std::size_t length = decode(text, i, codePoint);
        if (length == 0) {
            return at(i, "invalid UTF-8 (byte " + hexByte(static_cast<unsigned char>(text[i]))
                             + "): expected UTF-8 YAML text; the file is binary or uses another encoding");
        }
        if (codePoint == 0)
            return at(i, "NUL byte: expected UTF-8 YAML text; the file looks binary");
        if (!isPrintable(codePoint)) {
            return at(i, "control character " + codePointName(codePoint)
                             + " is not allowed in YAML; expected printable UTF-8 text (tabs and line breaks are fine)");
        }
        i += length;
    }
    return std::nullopt;
}

} // namespace orrery::scenario
