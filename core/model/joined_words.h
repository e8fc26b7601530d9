#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace orrery::model {

//! `words` written one after another with `separator` between them ("a, b, c"), for messages
//! that list names: the keys a mapping takes, the built-in graphs, the services that fit nowhere.
inline std::string joinedWords(const std::vector<std::string>& words, std::string_view separator = ", ")
{
    std::string out;
    for (const std::string& word : words) {
        if (!out.empty())
            out += separator;
        out += word;
    }
    return out;
}

} // namespace orrery::model
