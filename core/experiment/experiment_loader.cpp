#include "experiment/experiment_loader.h"

#include "experiment/experiment_parser.h"
#include "experiment/scenario_variant.h"
#include "model/bounded_file_read.h"
#include "scenario/line_index.h"

#include <map>
#include "scenario/parse_context.h"
#include "scenario/scenario_loader.h"
#include "scenario/text_check.h"
#include "scenario/yaml_document_parser.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>

namespace orrery::experiment {
namespace {

namespace fs = std::filesystem;

ExperimentLoadResult fileError(const std::string& path, int line, std::string message)
{
    ExperimentLoadResult result;
    model::Diagnostic diagnostic;
    diagnostic.location = {path, line, line > 0 ? 1 : 0};
    diagnostic.message = std::move(message);
    result.diagnostics.push_back(std::move(diagnostic));
    return result;
}

//! Loads a scenario file an experiment refers to (`reference`, relative to the experiment file's
//! directory; `resolved` receives the path), reporting its problems in its own file and one error
//! at `at` / `fieldPath`. Returns the scenario when valid.
std::optional<model::Scenario> loadReferencedScenario(const std::string& reference, const std::string& experimentFile,
                                                      const model::SourceLocation& at, const std::string& fieldPath,
                                                      std::string& resolved, scenario::ParseContext& context,
                                                      const scenario::ScenarioLoadOptions& options)
{
    fs::path file(reference);
    if (file.is_relative())
        file = fs::path(experimentFile).parent_path() / file;
    resolved = file.lexically_normal().string();
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) {
        context.error(at, fieldPath,
                      "cannot open scenario file '" + reference + "' (looked at " + resolved
                          + "): " + (fs::exists(file, ec) ? "not a regular file" : "no such file")
                          + "; expected a path to a scenario file, relative to the experiment file's directory");
        return std::nullopt;
    }
    scenario::ScenarioLoadOptions scenarioOptions = options;
    scenarioOptions.baseDirectory.clear();
    scenario::LoadResult loaded = scenario::loadScenarioFile(resolved, scenarioOptions);
    if (loaded.ok())
        return std::move(loaded.scenario);
    for (const auto& diagnostic : loaded.diagnostics)
        context.error(diagnostic.location, diagnostic.fieldPath, diagnostic.message);
    const std::size_t count = loaded.diagnostics.size();
    context.error(at, fieldPath,
                  "scenario '" + reference + "' is not valid: " + std::to_string(count)
                      + (count == 1 ? " problem" : " problems") + ", reported in that file; expected a valid Scenario file");
    return std::nullopt;
}

//! Loads the scenario `spec.scenario` names. Returns the scenario when valid.
std::optional<model::Scenario> loadScenarioOf(ExperimentSpec& spec, scenario::ParseContext& context,
                                              const scenario::ScenarioLoadOptions& options)
{
    return loadReferencedScenario(spec.scenarioReference, spec.sourceFile, spec.scenarioLocation, "spec.scenario",
                                  spec.scenarioFile, context, options);
}

//! Loads every arm's training scenario (ArmSpec::training), by arm index.
std::map<std::size_t, model::Scenario> loadTrainingScenarios(ExperimentSpec& spec, scenario::ParseContext& context,
                                                             const scenario::ScenarioLoadOptions& options)
{
    std::map<std::size_t, model::Scenario> scenarios;
    for (std::size_t a = 0; a < spec.arms.size(); ++a) {
        if (!spec.arms[a].training)
            continue;
        ArmTraining& training = *spec.arms[a].training;
        if (auto loaded = loadReferencedScenario(training.scenarioReference, spec.sourceFile, training.location,
                                                 "spec.arms[" + std::to_string(a) + "].train.scenario",
                                                 training.scenarioFile, context, options)) {
            if (training.seed)
                loaded->seed = *training.seed;
            scenarios.emplace(a, std::move(*loaded));
        }
    }
    return scenarios;
}

void checkSweep(const ExperimentSpec& spec, const model::Scenario& scenario, scenario::ParseContext& context)
{
    if (!spec.sweep)
        return;
    for (std::size_t i = 0; i < spec.sweep->points.size(); ++i) {
        const SweepPoint& point = spec.sweep->points[i];
        const std::string problem = sweepProblem(scenario, spec.sweep->parameter, point.value);
        if (!problem.empty()) {
            context.error(point.location, "spec.sweep.values[" + std::to_string(i) + "]",
                          std::string(toString(spec.sweep->parameter)) + " " + point.text + " cannot be applied to scenario '"
                              + scenario.name + "': " + problem);
        }
    }
}

ExperimentLoadResult parseChecked(std::string_view text, const std::string& fileName,
                                  const scenario::ScenarioLoadOptions& options)
{
    if (text.size() > kMaxExperimentFileBytes) {
        return fileError(fileName, 1, "the text is " + std::to_string(text.size())
                                          + " bytes; expected an experiment of at most 1 MiB");
    }
    ExperimentLoadResult result;
    const scenario::LineIndex lines(text);
    if (auto problem = scenario::checkText(text, fileName, lines)) {
        result.diagnostics.push_back(std::move(*problem));
        return result;
    }
    scenario::ParseContext context(fileName);
    context.setLoadOptions(&options);
    std::optional<Experiment> experiment;
    if (const scenario::YamlNode::Ptr root = scenario::parseYamlDocument(text, lines, context, "Experiment")) {
        ExperimentParser parser(context);
        std::optional<ExperimentSpec> spec = parser.parse(*root);
        result.warnings = parser.warnings();
        if (spec) {
            spec->sourceFile = fileName;
            spec->sourceText = std::string(text);
            if (spec->live) {
                // A live experiment has no scenario: the cluster is the system under test.
                if (!spec->live->kubeconfig.empty() && fs::path(spec->live->kubeconfig).is_relative())
                    spec->live->kubeconfig = (fs::path(fileName).parent_path() / spec->live->kubeconfig).lexically_normal().string();
                experiment = Experiment{std::move(*spec), model::Scenario{}, {}};
            } else if (auto scenario = loadScenarioOf(*spec, context, options)) {
                checkSweep(*spec, *scenario, context);
                if (spec->seeds.empty())
                    spec->seeds.push_back(scenario->seed);
                std::map<std::size_t, model::Scenario> training = loadTrainingScenarios(*spec, context, options);
                experiment = Experiment{std::move(*spec), std::move(*scenario), std::move(training)};
            }
        }
    }
    result.diagnostics = context.takeDiagnostics();
    scenario::limitDiagnostics(result.diagnostics);
    if (experiment && result.diagnostics.empty())
        result.experiment = std::move(experiment);
    return result;
}

} // namespace

ExperimentLoadResult parseExperiment(std::string_view text, const std::string& fileNameForMessages,
                                     const scenario::ScenarioLoadOptions& options)
{
    try {
        return parseChecked(text, fileNameForMessages, options);
    } catch (const std::bad_alloc&) {
        return fileError(fileNameForMessages, 0, "out of memory while reading the experiment");
    } catch (const std::exception& error) {
        return fileError(fileNameForMessages, 0, std::string("internal error while reading the experiment: ") + error.what());
    }
}

ExperimentLoadResult loadExperimentFile(const std::string& path)
{
    return loadExperimentFile(path, scenario::ScenarioLoadOptions::defaults());
}

ExperimentLoadResult loadExperimentFile(const std::string& path, const scenario::ScenarioLoadOptions& options)
{
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!fs::exists(status))
        return fileError(path, 0, "cannot open the file: " + (ec ? ec.message() : std::string("no such file"))
                                      + "; expected an experiment YAML file");
    if (fs::is_directory(status))
        return fileError(path, 0, "cannot read: this is a directory; expected an experiment YAML file");
    // Bounded even where the size is unknown (a FIFO, /dev/zero): never more than the cap is held.
    model::BoundedFileRead read = model::readFileAtMost(path, kMaxExperimentFileBytes);
    if (read.status == model::BoundedFileRead::Status::TooLarge)
        return fileError(path, 0, read.error + " for an experiment file (docs/reliability.md, Limits)");
    if (read.status != model::BoundedFileRead::Status::Ok)
        return fileError(path, 0, read.error);
    const std::string& text = read.text;
    return parseExperiment(text, path, options);
}

std::string formatWarning(const model::Diagnostic& warning)
{
    std::string text = warning.format();
    constexpr std::string_view kError = ": error: ";
    if (const auto at = text.find(kError); at != std::string::npos)
        text.replace(at, kError.size(), ": warning: ");
    return text;
}

} // namespace orrery::experiment
