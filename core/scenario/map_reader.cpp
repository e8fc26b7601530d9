#include "scenario/map_reader.h"

#include "model/joined_words.h"
#include "model/did_you_mean.h"
#include "scenario/field_path.h"

#include <algorithm>
#include <map>

namespace orrery::scenario {

MapReader::MapReader(const YamlNode& node, std::string path, ParseContext& context, std::vector<std::string> knownKeys,
                     std::string_view what, UnknownKeys unknownKeys)
    : m_node(node)
    , m_path(std::move(path))
    , m_context(context)
{
    if (!node.isMap()) {
        context.error(node, m_path, "expected " + std::string(what) + ", got " + node.describe());
        return;
    }
    std::map<std::string, const YamlNode*, std::less<>> seen;
    for (const auto& [key, value] : node.entries()) {
        if (!key->isScalar()) {
            context.error(*key, m_path, "expected a field name, got " + key->describe() + " as a key");
            continue;
        }
        const auto [first, inserted] = seen.emplace(key->scalar(), key.get());
        if (!inserted) {
            context.error(*key, pathOf(key->scalar()),
                          "duplicate key '" + key->scalar() + "': already given at line " + std::to_string(first->second->line)
                              + ", column " + std::to_string(first->second->column)
                              + "; expected each key at most once in a mapping");
            continue;
        }
        if (unknownKeys == UnknownKeys::Ignore || std::find(knownKeys.begin(), knownKeys.end(), key->scalar()) != knownKeys.end())
            continue;
        if (key->scalar() == "<<") {
            context.error(*key, m_path, "merge keys ('<<') are not supported; expected the fields written out");
            continue;
        }
        context.error(*key, pathOf(key->scalar()),
                      "unknown field '" + key->scalar() + "'" + model::didYouMean(key->scalar(), knownKeys)
                          + "; expected one of: " + model::joinedWords(knownKeys));
    }
}

std::string MapReader::pathOf(std::string_view key) const
{
    return childPath(m_path, key);
}

const YamlNode* MapReader::get(std::string_view key) const
{
    return find(m_node, key);
}

const YamlNode* MapReader::require(std::string_view key, std::string_view expected)
{
    if (!isMap())
        return nullptr;
    const YamlNode* value = get(key);
    if (!value)
        m_context.error(m_node, pathOf(key), "missing required field '" + std::string(key) + "' (expected " + std::string(expected) + ")");
    return value;
}

const YamlNode* MapReader::find(const YamlNode& node, std::string_view key)
{
    for (const auto& entry : node.entries()) {
        if (entry.key->isScalar() && entry.key->scalar() == key)
            return entry.value.get();
    }
    return nullptr;
}

} // namespace orrery::scenario
