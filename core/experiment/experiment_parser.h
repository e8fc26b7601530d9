#pragma once
#include "experiment/experiment_spec.h"
#include "model/diagnostic.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <optional>
#include <string>

namespace orrery::scenario {
class MapReader;
}

namespace orrery::experiment {

//! Turns the YAML tree of an experiment file into an ExperimentSpec, reporting every problem to
//! the context as the scenario parser does (it reads on past errors where the rest still makes
//! sense). Does not open the scenario: ExperimentLoader resolves and loads it.
class ExperimentParser {
public:
    explicit ExperimentParser(scenario::ParseContext& context);

    //! The experiment when no errors were found (sourceFile, sourceText and scenarioFile are
    //! left to the caller; seeds are empty when the file names none).
    std::optional<ExperimentSpec> parse(const scenario::YamlNode& root);

    //! Problems that do not stop the experiment (a metric name the simulator is not known to
    //! record), in file order.
    [[nodiscard]] const model::Diagnostics& warnings() const { return m_warnings; }

private:
    bool readHeader(scenario::MapReader& top);
    void readMetadata(const scenario::YamlNode& node, const std::string& path, ExperimentSpec& spec);
    void readSpec(const scenario::YamlNode& node, const std::string& path, ExperimentSpec& spec);
    void readArms(const scenario::YamlNode& node, const std::string& path, ExperimentSpec& spec);
    std::optional<ArmTraining> readTraining(const scenario::YamlNode& node, const std::string& path);
    std::optional<std::size_t> readArmReference(const scenario::YamlNode& node, const std::string& path,
                                                const ExperimentSpec& spec);
    void readSeeds(const scenario::YamlNode& node, const std::string& path, ExperimentSpec& spec);
    void readMetrics(const scenario::YamlNode& node, const std::string& path, ExperimentSpec& spec);
    //! `spec.metrics` of a live experiment: names of spec.live.metrics (default: all of them).
    void readLiveMetricNames(const scenario::YamlNode* node, const std::string& path, ExperimentSpec& spec);
    //! Checks that every arm names only a control policy; sets the seeds to the window numbers.
    void readLiveArms(const std::string& path, ExperimentSpec& spec);
    void readSweep(const scenario::YamlNode& node, const std::string& path, ExperimentSpec& spec);

    scenario::ParseContext& m_context;
    model::Diagnostics m_warnings;
};

} // namespace orrery::experiment
