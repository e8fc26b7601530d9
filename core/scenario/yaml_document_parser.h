#pragma once
#include "scenario/line_index.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string_view>

namespace orrery::scenario {

//! Parses YAML text (already checked by checkText) into a YamlNode tree with yaml-cpp's event
//! parser. A syntax error, an empty file, a file of comments only, a second document and a
//! recursive alias become diagnostics in `context` and give nullptr; nothing is thrown.
//! `documentKind` names what the file should hold in those messages ("Scenario", "ServiceGraph").
YamlNode::Ptr parseYamlDocument(std::string_view text, const LineIndex& lines, ParseContext& context,
                                std::string_view documentKind = "Scenario");

} // namespace orrery::scenario
