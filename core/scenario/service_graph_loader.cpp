#include "scenario/service_graph_loader.h"

#include "model/bounded_file_read.h"
#include "scenario/line_index.h"
#include "scenario/parse_context.h"
#include "scenario/scenario_loader.h"
#include "scenario/service_graph_reader.h"
#include "scenario/text_check.h"
#include "scenario/yaml_document_parser.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>

namespace orrery::scenario {

namespace {

constexpr std::string_view kExpected = "expected a ServiceGraph YAML file";

ServiceGraphLoadResult fileError(const std::string& path, int line, std::string message)
{
    ServiceGraphLoadResult result;
    model::Diagnostic diagnostic;
    diagnostic.location = {path, line, line > 0 ? 1 : 0};
    diagnostic.message = std::move(message);
    result.diagnostics.push_back(std::move(diagnostic));
    return result;
}

ServiceGraphLoadResult parseChecked(std::string_view text, const std::string& fileName)
{
    if (text.size() > kMaxScenarioFileBytes) {
        return fileError(fileName, 1, "the text is " + std::to_string(text.size()) + " bytes; expected a service graph of at most "
                                          + std::to_string(kMaxScenarioFileBytes / (1024 * 1024)) + " MiB");
    }
    const LineIndex lines(text);
    ServiceGraphLoadResult result;
    if (auto problem = checkText(text, fileName, lines)) {
        result.diagnostics.push_back(std::move(*problem));
        return result;
    }
    ParseContext context(fileName);
    std::optional<model::ServiceGraph> graph;
    if (const YamlNode::Ptr root = parseYamlDocument(text, lines, context, "ServiceGraph"))
        graph = readServiceGraph(*root, context);
    result.diagnostics = context.takeDiagnostics();
    limitDiagnostics(result.diagnostics);
    if (graph && result.diagnostics.empty()) {
        graph->sourceFile = fileName;
        result.graph = std::make_shared<const model::ServiceGraph>(std::move(*graph));
    }
    return result;
}

} // namespace

ServiceGraphLoadResult parseServiceGraph(std::string_view text, const std::string& fileNameForMessages)
{
    try {
        return parseChecked(text, fileNameForMessages);
    } catch (const std::bad_alloc&) {
        return fileError(fileNameForMessages, 0, "out of memory while reading the service graph");
    } catch (const std::exception& error) {
        return fileError(fileNameForMessages, 0, std::string("internal error while reading the service graph: ") + error.what());
    }
}

ServiceGraphLoadResult loadServiceGraphFile(const std::string& path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status))
        return fileError(path, 0, "cannot open the file: " + (ec ? ec.message() : std::string("no such file")) + "; " + std::string(kExpected));
    if (std::filesystem::is_directory(status))
        return fileError(path, 0, "cannot read: this is a directory; " + std::string(kExpected));
    // Bounded even where the size is unknown (a FIFO, /dev/zero): never more than the cap is held.
    model::BoundedFileRead read = model::readFileAtMost(path, kMaxScenarioFileBytes);
    if (read.status == model::BoundedFileRead::Status::TooLarge)
        return fileError(path, 0, read.error + " for a service graph file (docs/reliability.md, Limits)");
    if (read.status != model::BoundedFileRead::Status::Ok)
        return fileError(path, 0, read.error);
    const std::string& text = read.text;
    return parseServiceGraph(text, path);
}

} // namespace orrery::scenario
