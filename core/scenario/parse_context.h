#pragma once
#include "model/diagnostic.h"
#include "scenario/yaml_node.h"

#include <cstddef>
#include <string>

namespace orrery::scenario {

//! Collects the diagnostics found in one file and points them at YAML nodes.
class ParseContext {
public:
    explicit ParseContext(std::string fileName);

    [[nodiscard]] const std::string& fileName() const { return m_fileName; }
    [[nodiscard]] model::SourceLocation locationOf(const YamlNode& node) const;

    void error(const YamlNode& at, std::string fieldPath, std::string message);
    void error(model::SourceLocation at, std::string fieldPath, std::string message);

    [[nodiscard]] std::size_t errorCount() const { return m_diagnostics.size(); }
    //! The diagnostics in file order (line, then column), leaving this context empty.
    [[nodiscard]] model::Diagnostics takeDiagnostics();

private:
    std::string m_fileName;
    model::Diagnostics m_diagnostics;
};

} // namespace orrery::scenario
