#include "model/diagnostic.h"

#include <algorithm>

namespace orrery::model {

std::string Diagnostic::format() const
{
    std::string out = location.file.empty() ? std::string("<input>") : location.file;
    if (location.line > 0) {
        out += ':' + std::to_string(location.line);
        if (location.column > 0)
            out += ':' + std::to_string(location.column);
    }
    out += ": error: ";
    if (!fieldPath.empty())
        out += fieldPath + ": ";
    out += message;
    return out;
}

std::string quoteForMessage(std::string_view text)
{
    constexpr std::size_t kMaxShown = 60;
    std::string out = "\"";
    const std::size_t shown = std::min(text.size(), kMaxShown);
    for (std::size_t i = 0; i < shown; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            out += "\\n";
        } else if (byte < 0x20 || byte == 0x7f) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else if (byte == '"' || byte == '\\') {
            out += '\\';
            out += static_cast<char>(byte);
        } else {
            out += static_cast<char>(byte);
        }
    }
    if (shown < text.size()) {
        // Do not cut a UTF-8 sequence in half.
        while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0x80)
            out.pop_back();
        if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xc0)
            out.pop_back();
        out += "...";
    }
    return out + "\"";
}

std::string formatAll(const Diagnostics& diagnostics)
{
    std::string out;
    for (const auto& diagnostic : diagnostics)
        out += diagnostic.format() + '\n';
    return out;
}

} // namespace orrery::model
