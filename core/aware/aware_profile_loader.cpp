#include "aware/aware_profile_loader.h"

#include "aware/aware_profile_parser.h"
#include "model/bounded_file_read.h"
#include "scenario/line_index.h"
#include "scenario/parse_context.h"
#include "scenario/scenario_loader.h"
#include "scenario/text_check.h"
#include "scenario/yaml_document_parser.h"

#include <exception>
#include <filesystem>
#include <new>

namespace orrery::aware {
namespace {

namespace fs = std::filesystem;

AwareProfileLoadResult fileError(const std::string& path, int line, std::string message)
{
    AwareProfileLoadResult result;
    model::Diagnostic diagnostic;
    diagnostic.location = {path, line, line > 0 ? 1 : 0};
    diagnostic.message = std::move(message);
    result.diagnostics.push_back(std::move(diagnostic));
    return result;
}

AwareProfileLoadResult parseChecked(std::string_view text, const std::string& fileName)
{
    if (text.size() > kMaxAwareProfileFileBytes)
        return fileError(fileName, 1, "the text is " + std::to_string(text.size())
                                          + " bytes; expected an AWARE profile of at most 256 KiB");
    AwareProfileLoadResult result;
    const scenario::LineIndex lines(text);
    if (auto problem = scenario::checkText(text, fileName, lines)) {
        result.diagnostics.push_back(std::move(*problem));
        return result;
    }
    scenario::ParseContext context(fileName);
    std::optional<AwareProfile> profile;
    if (const scenario::YamlNode::Ptr root = scenario::parseYamlDocument(text, lines, context, "AwareProfile")) {
        AwareProfileParser parser(context);
        profile = parser.parse(*root);
    }
    result.diagnostics = context.takeDiagnostics();
    scenario::limitDiagnostics(result.diagnostics);
    if (profile && result.diagnostics.empty())
        result.profile = std::move(profile);
    return result;
}

} // namespace

AwareProfileLoadResult parseAwareProfile(std::string_view text, const std::string& fileNameForMessages)
{
    try {
        return parseChecked(text, fileNameForMessages);
    } catch (const std::bad_alloc&) {
        return fileError(fileNameForMessages, 0, "out of memory while reading the AWARE profile");
    } catch (const std::exception& error) {
        return fileError(fileNameForMessages, 0, std::string("internal error while reading the AWARE profile: ") + error.what());
    }
}

AwareProfileLoadResult loadAwareProfileFile(const std::string& path)
{
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (!fs::exists(status))
        return fileError(path, 0, "cannot open the file: " + (ec ? ec.message() : std::string("no such file"))
                                      + "; expected an AwareProfile YAML file");
    if (fs::is_directory(status))
        return fileError(path, 0, "cannot read: this is a directory; expected an AwareProfile YAML file");
    model::BoundedFileRead read = model::readFileAtMost(path, kMaxAwareProfileFileBytes);
    if (read.status == model::BoundedFileRead::Status::TooLarge)
        return fileError(path, 0, read.error + " for an AWARE profile");
    if (read.status != model::BoundedFileRead::Status::Ok)
        return fileError(path, 0, read.error);
    AwareProfileLoadResult result = parseAwareProfile(read.text, path);
    if (result.profile)
        result.profile->sourceFile = path;
    return result;
}

} // namespace orrery::aware
