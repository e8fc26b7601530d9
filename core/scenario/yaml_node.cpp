#include "scenario/yaml_node.h"

#include <algorithm>

namespace orrery::scenario {

std::string YamlNode::describe() const
{
    switch (kind) {
    case Kind::Null: return "nothing";
    case Kind::Scalar: return quote(scalar());
    case Kind::Sequence: return "a sequence";
    case Kind::Map: return "a mapping";
    }
    return "nothing";
}

std::shared_ptr<const YamlNode::Content> YamlNode::emptyContent()
{
    static const auto kEmpty = std::make_shared<const Content>();
    return kEmpty;
}

std::string YamlNode::quote(std::string_view text)
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

} // namespace orrery::scenario
