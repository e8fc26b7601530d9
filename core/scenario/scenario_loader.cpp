#include "scenario/scenario_loader.h"

#include "model/bounded_file_read.h"
#include "scenario/line_index.h"
#include "scenario/parse_context.h"
#include "scenario/scenario_parser.h"
#include "scenario/text_check.h"
#include "scenario/yaml_document_parser.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>

namespace orrery::scenario {

namespace {

//! A diagnostic about the whole file (line 0: no position) or its start.
model::Diagnostic fileDiagnostic(const std::string& file, int line, std::string message)
{
    model::Diagnostic diagnostic;
    diagnostic.location.file = file;
    diagnostic.location.line = line;
    diagnostic.location.column = line > 0 ? 1 : 0;
    diagnostic.message = std::move(message);
    return diagnostic;
}

LoadResult fileError(const std::string& path, std::string message)
{
    LoadResult result;
    result.diagnostics.push_back(fileDiagnostic(path, 0, std::move(message)));
    return result;
}

LoadResult parseChecked(std::string_view text, const std::string& fileName, const ScenarioLoadOptions& options)
{
    LoadResult result;
    if (text.size() > kMaxScenarioFileBytes) {
        result.diagnostics.push_back(fileDiagnostic(fileName, 1,
                                                    "the text is " + std::to_string(text.size())
                                                        + " bytes; expected a scenario of at most "
                                                        + std::to_string(kMaxScenarioFileBytes / (1024 * 1024)) + " MiB"));
        return result;
    }
    const LineIndex lines(text);
    if (auto problem = checkText(text, fileName, lines)) {
        result.diagnostics.push_back(std::move(*problem));
        return result;
    }
    ParseContext context(fileName);
    context.setLoadOptions(&options);
    const YamlNode::Ptr root = parseYamlDocument(text, lines, context);
    std::optional<model::Scenario> scenario;
    if (root)
        scenario = ScenarioParser(context).parse(*root);
    result.diagnostics = context.takeDiagnostics();
    limitDiagnostics(result.diagnostics);
    if (scenario && result.diagnostics.empty()) {
        scenario->sourceFile = fileName;
        scenario->sourceText = std::string(text);
        result.scenario = std::move(scenario);
    }
    return result;
}

} // namespace

LoadResult parseScenario(std::string_view text, const std::string& fileNameForMessages)
{
    return parseScenario(text, fileNameForMessages, ScenarioLoadOptions::defaults());
}

LoadResult parseScenario(std::string_view text, const std::string& fileNameForMessages, const ScenarioLoadOptions& options)
{
    try {
        return parseChecked(text, fileNameForMessages, options);
    } catch (const std::bad_alloc&) {
        return fileError(fileNameForMessages, "out of memory while reading the scenario");
    } catch (const std::exception& error) {
        // A bug rather than bad input; still reported, never thrown at the caller.
        return fileError(fileNameForMessages, std::string("internal error while reading the scenario: ") + error.what());
    }
}

LoadResult loadScenarioFile(const std::string& path)
{
    return loadScenarioFile(path, ScenarioLoadOptions::defaults());
}

LoadResult loadScenarioFile(const std::string& path, const ScenarioLoadOptions& options)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status))
        return fileError(path, "cannot open the file: " + (ec ? ec.message() : std::string("no such file")) + "; expected a scenario YAML file");
    if (std::filesystem::is_directory(status))
        return fileError(path, "cannot read: this is a directory; expected a scenario YAML file");
    // Bounded even where the size is unknown (a FIFO, /dev/zero): never more than the cap is held.
    model::BoundedFileRead read = model::readFileAtMost(path, kMaxScenarioFileBytes);
    if (read.status == model::BoundedFileRead::Status::TooLarge)
        return fileError(path, read.error + " for a scenario file (docs/reliability.md, Limits)");
    if (read.status != model::BoundedFileRead::Status::Ok)
        return fileError(path, read.error);
    const std::string& text = read.text;
    return parseScenario(text, path, options);
}

} // namespace orrery::scenario
