#pragma once
#include "aware/aware_profile.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <optional>
#include <string>

namespace orrery::scenario {
class MapReader;
}

namespace orrery::aware {

//! Turns the YAML tree of an AwareProfile file into an AwareProfile, reporting every problem to
//! the context with its field path (unknown keys with a did-you-mean, ranges, missing fields,
//! inconsistent thresholds), reading on past errors where the rest still makes sense.
class AwareProfileParser {
public:
    explicit AwareProfileParser(scenario::ParseContext& context);

    //! The profile when no errors were found (sourceFile is left to the caller).
    std::optional<AwareProfile> parse(const scenario::YamlNode& root);

private:
    bool readHeader(scenario::MapReader& top);
    void readMetadata(const scenario::YamlNode& node, const std::string& path, AwareProfile& profile);
    void readSpec(const scenario::YamlNode& node, const std::string& path, AwareProfile& profile);
    void readTargets(const scenario::YamlNode& node, const std::string& path, AwareTargets& targets);
    void readSlo(const scenario::YamlNode& node, const std::string& path, AwareTargets& targets);
    void readWindow(const scenario::YamlNode& node, const std::string& path, LifecycleThresholds& lifecycle);
    void readThresholds(const scenario::YamlNode& node, const std::string& path, LifecycleThresholds& lifecycle);

    scenario::ParseContext& m_context;
};

} // namespace orrery::aware
