#pragma once
#include "model/diagnostic.h"
#include "scenario/yaml_node.h"

#include <cstddef>
#include <string>

namespace orrery::scenario {

struct ScenarioLoadOptions;

//! Collects the diagnostics found in one file and points them at YAML nodes.
class ParseContext {
public:
    explicit ParseContext(std::string fileName);

    [[nodiscard]] const std::string& fileName() const { return m_fileName; }
    //! How files this one refers to are found (service graphs); nullptr = the defaults.
    [[nodiscard]] const ScenarioLoadOptions* loadOptions() const { return m_loadOptions; }
    void setLoadOptions(const ScenarioLoadOptions* options) { m_loadOptions = options; }
    [[nodiscard]] model::SourceLocation locationOf(const YamlNode& node) const;

    void error(const YamlNode& at, std::string fieldPath, std::string message);
    void error(model::SourceLocation at, std::string fieldPath, std::string message);

    [[nodiscard]] std::size_t errorCount() const { return m_diagnostics.size(); }
    //! The diagnostics in file order (line, then column), leaving this context empty. Those in
    //! other files (a service graph the scenario refers to) follow, each file in order.
    [[nodiscard]] model::Diagnostics takeDiagnostics();

private:
    std::string m_fileName;
    const ScenarioLoadOptions* m_loadOptions = nullptr;
    model::Diagnostics m_diagnostics;
};

} // namespace orrery::scenario
