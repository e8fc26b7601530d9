#pragma once
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>
#include <string_view>
#include <vector>

namespace orrery::scenario {

//! Reads one YAML mapping of a known schema. On construction it checks that the node is a
//! mapping and reports non-scalar keys, duplicate keys and unknown keys (with a did-you-mean
//! among the known ones); then it hands out the known fields by name.
class MapReader {
public:
    enum class UnknownKeys { Report, Ignore };

    //! `what` completes "expected ..., got a sequence", e.g. "a node pool: a mapping with name, count, cpu, memory".
    MapReader(const YamlNode& node, std::string path, ParseContext& context, std::vector<std::string> knownKeys,
              std::string_view what, UnknownKeys unknownKeys = UnknownKeys::Report);

    //! False when the node is not a mapping (already reported).
    [[nodiscard]] bool isMap() const { return m_node.isMap(); }
    [[nodiscard]] const YamlNode& node() const { return m_node; }
    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] std::string pathOf(std::string_view key) const;

    //! The value of `key` (its first occurrence), or nullptr.
    [[nodiscard]] const YamlNode* get(std::string_view key) const;
    //! Like get(), but reports a missing field at the mapping: "missing required field 'key' (expected ...)".
    const YamlNode* require(std::string_view key, std::string_view expected);

    //! The value of `key` in `node` if it is a mapping, without checking anything else.
    static const YamlNode* find(const YamlNode& node, std::string_view key);

private:
    const YamlNode& m_node;
    std::string m_path;
    ParseContext& m_context;
};

} // namespace orrery::scenario
