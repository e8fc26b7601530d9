#include "scenario/field_path.h"

#include <algorithm>
#include <cctype>

namespace orrery::scenario {

std::string childPath(std::string_view parent, std::string_view key)
{
    const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    });
    if (!plain) {
        std::string quotedKey;
        for (const char c : key) {
            if (c == '"' || c == '\\')
                quotedKey += '\\';
            quotedKey += c;
        }
        return std::string(parent) + "[\"" + quotedKey + "\"]";
    }
    if (parent.empty())
        return std::string(key);
    return std::string(parent) + "." + std::string(key);
}

std::string indexPath(std::string_view parent, std::size_t index)
{
    return std::string(parent) + "[" + std::to_string(index) + "]";
}

} // namespace orrery::scenario
