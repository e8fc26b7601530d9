#pragma once
#include "model/scenario.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <optional>

namespace orrery::scenario {

class MapReader;

//! Turns the YAML tree of a scenario file into a model::Scenario, reporting every problem it
//! finds to the context (it reads on past errors where the rest still makes sense).
class ScenarioParser {
public:
    explicit ScenarioParser(ParseContext& context);

    //! The scenario when no errors were found (sourceFile and sourceText are left to the caller).
    std::optional<model::Scenario> parse(const YamlNode& root);

private:
    //! Checks apiVersion and kind; false when the rest of the file is of another format.
    bool readHeader(MapReader& top);
    void readMetadata(const YamlNode& node, const std::string& path, model::Scenario& scenario);
    void readSpec(const YamlNode& node, const std::string& path, model::Scenario& scenario);

    ParseContext& m_context;
};

} // namespace orrery::scenario
